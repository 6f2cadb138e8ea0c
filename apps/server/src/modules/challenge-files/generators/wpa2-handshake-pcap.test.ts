import { createHmac, pbkdf2Sync } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { expectNoPlainFlagBytes, expectStringsFindNoFlag } from '../test-support/no-shortcut.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';
import { deriveWpaKeys, prf512 } from '../lib/wpa2-crypto.js';

import { generateWpa2HandshakePcap, WPA_PASSPHRASES } from './wpa2-handshake-pcap.js';

const file = generateWpa2HandshakePcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
const WORDLIST = '/usr/share/john/password.lst';

/**
 * What a player runs: find the network's BSSID and name in a beacon, crack the passphrase from the handshake with
 * aircrack-ng and a common wordlist, then let tshark decrypt the traffic with it and print the HTTP bodies.
 */
const INTENDED = [
  "tshark -r wifi.pcap -Y 'wlan.fc.type_subtype == 0x08' -c 1 -T fields -e wlan.bssid -e wlan.ssid > beacon.txt",
  'bssid=$(cut -f1 beacon.txt); ssid=$(cut -f2 beacon.txt | xxd -r -p)',
  `aircrack-ng -q -w ${WORDLIST} -b "$bssid" -l key.txt wifi.pcap > /dev/null`,
  'key=$(cat key.txt); echo "cracked: $key" >&2',
  `tshark -r wifi.pcap -o wlan.enable_decryption:TRUE -o "uat:80211_keys:\\"wpa-pwd\\",\\"$key:$ssid\\"" -Y http -T fields -e http.file_data | grep -o 'CTF{[^}]*}'`,
].join('\n');

describe('WPA2 key derivation', () => {
  it('matches IEEE 802.11i test vectors: PBKDF2 PMK and PRF-512 PTK', () => {
    // IEEE 802.11i-2004, H.4.1: passphrase "password", SSID "IEEE".
    expect(pbkdf2Sync('password', 'IEEE', 4096, 32, 'sha1').toString('hex')).toBe(
      'f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e',
    );
    // IEEE 802.11i-2004, H.3 (PRF test case 1): key 0x0b * 20, "prefix", "Hi There".
    expect(prf512(Buffer.alloc(20, 0x0b), 'prefix', Buffer.from('Hi There')).toString('hex')).toBe(
      'bcd4c650b30b9684951829e0d75f9d54b862175ed9f00606e17d8da35402ffee75df78c3d31e0f889f012120c0862beb67753e7439ae242edb8373698356cf5a',
    );
    const keys = deriveWpaKeys(
      'password',
      'IEEE',
      Buffer.alloc(6, 1),
      Buffer.alloc(6, 2),
      Buffer.alloc(32, 3),
      Buffer.alloc(32, 4),
    );
    expect([keys.kck.length, keys.kek.length, keys.tk.length]).toEqual([16, 16, 16]);
    expect(createHmac('sha1', keys.pmk).digest().length).toBe(20);
  });

  it.skipIf(!hasTool('john'))('draws passphrases of 8 to 63 characters that are all in Debian john’s password.lst', () => {
    const wordlist = new Set(readFileSync(WORDLIST, 'latin1').split('\n'));
    expect(WPA_PASSPHRASES.length).toBeGreaterThan(20);
    for (const passphrase of WPA_PASSPHRASES) {
      expect(passphrase.length).toBeGreaterThanOrEqual(8);
      expect(wordlist.has(passphrase), passphrase).toBe(true);
    }
  });
});

describe('generateWpa2HandshakePcap', () => {
  it('is deterministic and depends on the flag and the seed', () => {
    expect(generateWpa2HandshakePcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateWpa2HandshakePcap({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(generateWpa2HandshakePcap({ flag: SAMPLE_FLAG, seed: Buffer.alloc(32, 8) }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'wifi.pcap', contentType: 'application/vnd.tcpdump.pcap' });
  });

  it('keeps no plain copy of any flag, nor of the HTTP exchange', () => {
    expectNoPlainFlagBytes(generateWpa2HandshakePcap, 4);
    expect(file.data.includes(Buffer.from('HTTP/1.1'))).toBe(false);
    expect(file.data.includes(Buffer.from('coffre'))).toBe(false);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('wifi.pcap', file.data);
  });

  it.skipIf(!hasTool('tshark'))(
    'reads cleanly with tshark: beacons, association, the four EAPOL messages, protected data',
    () => {
      withTempFiles({ 'wifi.pcap': file.data }, (dir) => {
        const listing = runTool('tshark', ['-r', `${dir}/wifi.pcap`]);
        expect(listing.status).toBe(0);
        expect(listing.stdout).not.toMatch(/malformed|\[Packet size limited/i);
        for (const n of [1, 2, 3, 4]) expect(listing.stdout).toContain(`Key (Message ${n} of 4)`);
        expect(listing.stdout).toMatch(/Beacon frame/);
        expect(listing.stdout).toMatch(/Association Request/);
        // Without the key, the data frames are opaque: no HTTP.
        expect(listing.stdout).not.toMatch(/HTTP/);
      });
    },
  );

  it.skipIf(!hasTool('hcxpcapngtool'))('gives hcxpcapngtool one verified EAPOL pair for hashcat -m 22000', () => {
    withTempFiles({ 'wifi.pcap': file.data }, (dir) => {
      runTool('hcxpcapngtool', ['-o', `${dir}/hash.22000`, `${dir}/wifi.pcap`]);
      const lines = readFileSync(`${dir}/hash.22000`, 'latin1').trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^WPA\*02\*[0-9a-f]{32}\*[0-9a-f]{12}\*[0-9a-f]{12}\*[0-9a-f]+\*[0-9a-f]{64}\*[0-9a-f]+\*0[02]$/);
    });
  });

  it.skipIf(!hasTool('tshark') || !hasTool('aircrack-ng') || !hasTool('xxd') || !hasTool('john'))(
    'gives the flag to the intended method: aircrack-ng cracks the handshake, tshark decrypts the HTTP with the key',
    () => {
      for (const [flag, seed] of [
        [SAMPLE_FLAG, SAMPLE_SEED],
        [OTHER_FLAG, Buffer.alloc(32, 10)],
      ] as const) {
        const { data } = generateWpa2HandshakePcap({ flag, seed });
        const result = withTempFiles({ 'wifi.pcap': data }, (dir) => runTool('bash', ['-euc', INTENDED], { cwd: dir }));
        expect(result.stdout).toBe(`${flag}\n`);
        expect(WPA_PASSPHRASES).toContain(/^cracked: (.*)$/m.exec(result.stderr)?.[1]);
      }
    },
  );

  it.skipIf(!hasTool('airdecap-ng') || !hasTool('aircrack-ng') || !hasTool('tshark') || !hasTool('john'))(
    'also decrypts with airdecap-ng, the hint’s other way, into a plain capture with the HTTP page',
    () => {
      const script = [
        INTENDED.split('\n').slice(0, 4).join('\n'),
        'airdecap-ng -e "$ssid" -p "$key" wifi.pcap > /dev/null',
        "tshark -r wifi-dec.pcap -Y http -T fields -e http.file_data | grep -o 'CTF{[^}]*}'",
      ].join('\n');
      const result = withTempFiles({ 'wifi.pcap': file.data }, (dir) => runTool('bash', ['-euc', script], { cwd: dir }));
      expect(result.stdout).toBe(`${SAMPLE_FLAG}\n`);
    },
  );

  it.skipIf(!hasTool('tshark'))('decrypts to nothing with a wrong passphrase', () => {
    const result = withTempFiles({ 'wifi.pcap': file.data }, (dir) => {
      const ssid = runTool(
        'bash',
        ['-c', "tshark -r wifi.pcap -Y 'wlan.fc.type_subtype == 0x08' -c 1 -T fields -e wlan.ssid | xxd -r -p"],
        { cwd: dir },
      ).stdout;
      return runTool(
        'tshark',
        [
          '-r',
          'wifi.pcap',
          '-o',
          'wlan.enable_decryption:TRUE',
          '-o',
          `uat:80211_keys:"wpa-pwd","notthepassword:${ssid}"`,
          '-Y',
          'http',
        ],
        { cwd: dir },
      );
    });
    expect(result.stdout.trim()).toBe('');
  });
});
