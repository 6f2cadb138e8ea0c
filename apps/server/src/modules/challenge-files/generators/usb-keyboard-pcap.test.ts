import { describe, expect, it } from 'vitest';

import { expectNoPlainFlagBytes, expectStringsFindNoFlag } from '../test-support/no-shortcut.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { buildAzertyKeymap, generateUsbKeyboardPcap } from './usb-keyboard-pcap.js';

const file = generateUsbKeyboardPcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });

/**
 * A player's decoder, written from a French AZERTY layout chart (not from the generator's table): one line of hex per
 * report from tshark; a report with a usage id types it, with Shift (0x02/0x20) or AltGr (0x40); Backspace erases.
 * The same script with the US QWERTY table is what a player finds in most write-ups.
 */
function decoderScript(layout: 'azerty' | 'qwerty'): string {
  return String.raw`
import sys
LAYOUT = '${layout}'
letters = 'abcdefghijklmnopqrstuvwxyz'
if LAYOUT == 'azerty':
    normal = dict(zip(range(4, 30), 'qbcdefghijkl,noparstuvzxywa'))
    normal.update({0x1e: '&', 0x1f: 'é', 0x20: '"', 0x21: "'", 0x22: '(', 0x23: '-', 0x24: 'è', 0x25: '_', 0x26: 'ç', 0x27: 'à',
                   0x2d: ')', 0x2e: '=', 0x2f: '^', 0x30: '$', 0x33: 'm', 0x34: 'ù', 0x36: ';', 0x37: ':', 0x38: '!'})
    shifted = {k: v.upper() for k, v in normal.items() if v.isalpha() and v.isascii()}
    shifted.update({0x1e + i: str((i + 1) % 10) for i in range(10)})
    shifted.update({0x10: '?', 0x2d: '°', 0x2e: '+', 0x33: 'M', 0x34: '%', 0x36: '.', 0x37: '/', 0x38: '§'})
    altgr = {0x1f: '~', 0x20: '#', 0x21: '{', 0x22: '[', 0x23: '|', 0x24: '\x60', 0x25: '\\', 0x26: '^', 0x27: '@', 0x2d: ']', 0x2e: '}'}
else:
    normal = dict(zip(range(4, 30), letters))
    normal.update({0x1e + i: str((i + 1) % 10) for i in range(10)})
    normal.update({0x2d: '-', 0x2e: '=', 0x2f: '[', 0x30: ']', 0x33: ';', 0x34: "'", 0x36: ',', 0x37: '.', 0x38: '/'})
    shifted = {k: v.upper() for k, v in normal.items() if v.isalpha()}
    shifted.update(zip(range(0x1e, 0x28), '!@#$%^&*()'))
    shifted.update({0x2d: '_', 0x2e: '+', 0x2f: '{', 0x30: '}', 0x33: ':', 0x34: '"', 0x36: '<', 0x37: '>', 0x38: '?'})
    altgr = {}
for table in (normal, shifted, altgr):
    table.update({0x2c: ' ', 0x28: '\n'})
out = []
for line in open(sys.argv[1]):
    data = bytes.fromhex(line.strip().replace(':', ''))
    if len(data) != 8 or data[2] == 0:
        continue
    mod, key = data[0], data[2]
    if key == 0x2a:
        out = out[:-1]
        continue
    table = altgr if mod & 0x40 else shifted if mod & 0x22 else normal
    out.append(table.get(key, '?'))
sys.stdout.write(''.join(out))
`;
}

const EXTRACT = "tshark -r keyboard.pcap -Y 'usb.device_address == 2 && usb.data_len == 8' -T fields -e usb.capdata > keys.txt";

function decodeWithTools(data: Buffer, layout: 'azerty' | 'qwerty'): string {
  return withTempFiles({ 'keyboard.pcap': data, 'decode.py': decoderScript(layout) }, (dir) => {
    const extract = runTool('bash', ['-euc', EXTRACT], { cwd: dir });
    expect(extract.status).toBe(0);
    const result = runTool('python3', ['decode.py', 'keys.txt'], { cwd: dir });
    expect(result.stderr).toBe('');
    return Buffer.from(result.stdout, 'latin1').toString('utf8');
  });
}

describe('generateUsbKeyboardPcap', () => {
  it('is deterministic and depends on the flag and the seed', () => {
    expect(generateUsbKeyboardPcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateUsbKeyboardPcap({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(generateUsbKeyboardPcap({ flag: SAMPLE_FLAG, seed: Buffer.alloc(32, 4) }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'keyboard.pcap', contentType: 'application/vnd.tcpdump.pcap' });
  });

  it('types a flag only with AZERTY keys: digits need Shift, braces AltGr, and a, z, m sit elsewhere', () => {
    const keymap = buildAzertyKeymap();
    expect(keymap.get('a')).toEqual({ modifiers: 0, usage: 0x14 });
    expect(keymap.get('q')).toEqual({ modifiers: 0, usage: 0x04 });
    expect(keymap.get('m')).toEqual({ modifiers: 0, usage: 0x33 });
    expect(keymap.get('7')).toEqual({ modifiers: 0x02, usage: 0x24 });
    expect(keymap.get('_')).toEqual({ modifiers: 0, usage: 0x25 });
    expect(keymap.get('{')).toEqual({ modifiers: 0x40, usage: 0x21 });
    expect(keymap.get('}')).toEqual({ modifiers: 0x40, usage: 0x2e });
  });

  it.skipIf(!hasTool('tshark'))('reads cleanly with tshark: USB interrupt transfers from a keyboard and a mouse', () => {
    withTempFiles({ 'keyboard.pcap': file.data }, (dir) => {
      const summary = runTool('tshark', [
        '-r',
        `${dir}/keyboard.pcap`,
        '-T',
        'fields',
        '-e',
        'usb.device_address',
        '-e',
        'usb.data_len',
      ]);
      expect(summary.status).toBe(0);
      expect(summary.stderr).not.toMatch(/malformed|error/i);
      const rows = summary.stdout.trim().split('\n');
      expect(rows.filter((row) => row === '2\t8').length).toBeGreaterThan(300);
      expect(rows.filter((row) => row === '3\t4').length).toBeGreaterThan(10);
    });
  });

  it('keeps no plain copy of any flag', () => {
    expectNoPlainFlagBytes(generateUsbKeyboardPcap, 6);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('keyboard.pcap', file.data);
  });

  it.skipIf(!hasTool('tshark') || !hasTool('python3'))(
    'gives the flag to the intended method (tshark -e usb.capdata, then an AZERTY table), and a wrong one to QWERTY',
    () => {
      for (const [flag, seed] of [
        [SAMPLE_FLAG, SAMPLE_SEED],
        [OTHER_FLAG, Buffer.alloc(32, 6)],
      ] as const) {
        const { data } = generateUsbKeyboardPcap({ flag, seed });
        const azerty = decodeWithTools(data, 'azerty');
        expect(azerty).toContain('Bonjour Marc, je suis à Lyon');
        expect(azerty).toContain(`Voici le code du coffre, à garder pour toi : ${flag}\n`);
        const qwerty = decodeWithTools(data, 'qwerty');
        expect(qwerty).not.toContain(flag);
        expect(qwerty).not.toContain('CTF{');
        expect(qwerty).toContain('Voici le code du coffre');
      }
    },
  );
});
