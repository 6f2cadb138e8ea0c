import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { encodePcap, LINKTYPE_USB_LINUX_MMAPPED } from '../lib/pcap-writer.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';

const MOD_LEFT_SHIFT = 0x02;
const MOD_RIGHT_ALT = 0x40; // AltGr

/** A key as a HID boot report sends it: the modifier byte and the usage id (the key's position, named after QWERTY). */
interface KeyStroke {
  modifiers: number;
  usage: number;
}

/** Usage ids (USB HID Usage Tables, keyboard page) of the keys a French AZERTY layout needs for the text. */
const USAGE = {
  enter: 0x28,
  backspace: 0x2a,
  space: 0x2c,
  minus: 0x2d, // AZERTY: ) ° ]
  equal: 0x2e, // AZERTY: = + }
  semicolon: 0x33, // AZERTY: m M
  quote: 0x34, // AZERTY: ù %
  m: 0x10, // AZERTY: , ?
  comma: 0x36, // AZERTY: ; .
  period: 0x37, // AZERTY: : /
  slash: 0x38, // AZERTY: ! §
} as const;

/** The French AZERTY layout (fr, Linux and Windows alike for these keys): character → the keystroke that types it. */
export function buildAzertyKeymap(): Map<string, KeyStroke> {
  const keymap = new Map<string, KeyStroke>();
  const set = (char: string, usage: number, modifiers = 0): void => {
    if (!keymap.has(char)) keymap.set(char, { modifiers, usage });
  };
  // Letters: the QWERTY positions, with A/Q, Z/W swapped and M right of L.
  const azertyLetterAt: Record<string, string> = { a: 'q', q: 'a', w: 'z', z: 'w' };
  for (let i = 0; i < 26; i += 1) {
    const qwerty = String.fromCharCode(97 + i);
    if (qwerty === 'm') continue;
    const letter = azertyLetterAt[qwerty] ?? qwerty;
    set(letter, 0x04 + i);
    set(letter.toUpperCase(), 0x04 + i, MOD_LEFT_SHIFT);
  }
  set('m', USAGE.semicolon);
  set('M', USAGE.semicolon, MOD_LEFT_SHIFT);
  // The digit row: symbols unshifted, digits with Shift, more symbols with AltGr.
  const unshifted = ['&', 'é', '"', "'", '(', '-', 'è', '_', 'ç', 'à'];
  const altGr = ['', '~', '#', '{', '[', '|', '`', '\\', '^', '@'];
  for (let i = 0; i < 10; i += 1) {
    const usage = 0x1e + i;
    set(unshifted[i] ?? '', usage);
    set(String((i + 1) % 10), usage, MOD_LEFT_SHIFT);
    if (altGr[i]) set(altGr[i] ?? '', usage, MOD_RIGHT_ALT);
  }
  set(')', USAGE.minus);
  set(']', USAGE.minus, MOD_RIGHT_ALT);
  set('=', USAGE.equal);
  set('+', USAGE.equal, MOD_LEFT_SHIFT);
  set('}', USAGE.equal, MOD_RIGHT_ALT);
  set('ù', USAGE.quote);
  set('%', USAGE.quote, MOD_LEFT_SHIFT);
  set(',', USAGE.m);
  set('?', USAGE.m, MOD_LEFT_SHIFT);
  set(';', USAGE.comma);
  set('.', USAGE.comma, MOD_LEFT_SHIFT);
  set(':', USAGE.period);
  set('/', USAGE.period, MOD_LEFT_SHIFT);
  set('!', USAGE.slash);
  set(' ', USAGE.space);
  set('\n', USAGE.enter);
  return keymap;
}

/** What the user typed, in a terminal then a chat: the flag is in the second message. */
function buildTypedText(flag: string): string {
  return [
    'ssh marc@intranet',
    'Bonjour Marc, je suis à Lyon jusqu’à jeudi.',
    `Voici le code du coffre, à garder pour toi : ${flag}`,
    'Merci, et efface ce message après lecture !',
    '',
  ]
    .join('\n')
    .replaceAll('’', "'");
}

interface UsbPacket {
  timestampUs: number;
  urbId: bigint;
  type: 'S' | 'C';
  device: number;
  data: Buffer;
}

/** One usbmon packet: the 64-byte header, then the data. */
function encodeUsbmonPacket(packet: UsbPacket): Buffer {
  const header = Buffer.alloc(64);
  header.writeBigUInt64LE(packet.urbId, 0);
  header[8] = packet.type.charCodeAt(0);
  header[9] = 1; // interrupt transfer
  header[10] = 0x81; // endpoint 1, IN
  header[11] = packet.device;
  header.writeUInt16LE(1, 12); // bus 1
  header[14] = 0x2d; // '-': no setup packet
  header[15] = packet.type === 'S' ? 0x3c : 0; // '<': no data on an IN submission
  header.writeBigInt64LE(BigInt(Math.floor(packet.timestampUs / 1e6)), 16);
  header.writeInt32LE(packet.timestampUs % 1e6, 24);
  header.writeInt32LE(packet.type === 'S' ? -115 : 0, 28); // -EINPROGRESS while pending
  header.writeUInt32LE(packet.type === 'S' ? 8 : packet.data.length, 32);
  header.writeUInt32LE(packet.data.length, 36);
  header.writeInt32LE(packet.device === 2 ? 10 : 8, 48); // polling interval
  header.writeInt32LE(-1, 52); // start frame
  header.writeUInt32LE(packet.type === 'S' ? 0x200 : 0, 56); // URB_DIR_IN
  return Buffer.concat([header, packet.data]);
}

function encodeUsbPcap(packets: readonly UsbPacket[]): Buffer {
  return encodePcap(
    packets.map((packet) => ({ timestampUs: packet.timestampUs, frame: encodeUsbmonPacket(packet) })),
    { linkType: LINKTYPE_USB_LINUX_MMAPPED, snapLength: 262_144 },
  );
}

/** A typo the user fixes with Backspace: a neighbouring key, then Backspace, then the right key. */
function pickTypoPositions(random: SeedStream, text: string): Set<number> {
  const letters = [...text].flatMap((char, index) => (/[a-z]/.test(char) && index < text.indexOf('Voici') ? [index] : []));
  return new Set([random.pick(letters), random.pick(letters)]);
}

/**
 * A usbmon capture (Linux, link type 220) of a keyboard on device 2 (8-byte HID boot reports: modifiers, reserved,
 * six usage ids) and a mouse on device 3 (4-byte reports). The user types on a French AZERTY keyboard: the usage ids
 * name QWERTY positions, so only an AZERTY table gives the text (digits need Shift, braces AltGr).
 */
export const generateUsbKeyboardPcap: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'usb-keyboard-pcap');
  const keymap = buildAzertyKeymap();
  const text = buildTypedText(flag);
  const packets: UsbPacket[] = [];
  let urbId = 0xffff_8a3c_0000_0000n + BigInt(random.nextInt(0x1000_0000)) * 0x40n;
  const urbs = new Map<number, bigint>();
  let timeUs = 1_700_000_000 * 1e6 + random.nextInt(60_000_000) * 1_000_000 + random.nextInt(1_000_000);

  const report = (device: number, data: Buffer): void => {
    const id = urbs.get(device) ?? (urbId += 0xc0n);
    packets.push({ timestampUs: timeUs, urbId: id, type: 'C', device, data });
    // The host resubmits the same URB at once, waiting for the next report.
    packets.push({ timestampUs: timeUs + random.nextIntBetween(20, 90), urbId: id, type: 'S', device, data: Buffer.alloc(0) });
    urbs.set(device, id);
  };
  const press = ({ modifiers, usage }: KeyStroke): void => {
    if (modifiers) {
      report(2, Buffer.from([modifiers, 0, 0, 0, 0, 0, 0, 0]));
      timeUs += random.nextIntBetween(30_000, 90_000);
    }
    report(2, Buffer.from([modifiers, 0, usage, 0, 0, 0, 0, 0]));
    timeUs += random.nextIntBetween(40_000, 120_000);
    report(2, Buffer.alloc(8));
    timeUs += random.nextIntBetween(60_000, 260_000);
  };
  const moveMouse = (): void => {
    for (let i = random.nextIntBetween(3, 12); i > 0; i -= 1) {
      const dx = random.nextIntBetween(-12, 12) & 0xff;
      const dy = random.nextIntBetween(-8, 8) & 0xff;
      report(3, Buffer.from([0, dx, dy, 0]));
      timeUs += random.nextIntBetween(8_000, 16_000);
    }
    if (random.nextInt(2) === 0) {
      report(3, Buffer.from([1, 0, 0, 0]));
      timeUs += random.nextIntBetween(60_000, 140_000);
      report(3, Buffer.from([0, 0, 0, 0]));
    }
    timeUs += random.nextIntBetween(200_000, 900_000);
  };

  const typos = pickTypoPositions(random, text);
  moveMouse();
  for (const [index, char] of [...text].entries()) {
    const stroke = keymap.get(char);
    if (!stroke) throw new Error(`no AZERTY key for ${JSON.stringify(char)}`);
    if (typos.has(index)) {
      press({ modifiers: 0, usage: stroke.usage === 0x04 ? 0x05 : stroke.usage - 1 });
      press({ modifiers: 0, usage: USAGE.backspace });
    }
    press(stroke);
    if (char === '\n') moveMouse();
  }
  return { fileName: 'keyboard.pcap', contentType: 'application/vnd.tcpdump.pcap', data: encodeUsbPcap(packets) };
};
