import { COMMON_PASSWORDS } from '../data/common-passwords.js';
import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { createMac } from '../lib/lan-traffic.js';
import type { NetHost, PacketCapture } from '../lib/packet-capture.js';
import {
  buildIpv4Packet,
  buildTcpSegment,
  encodePcap,
  IP_PROTOCOL_TCP,
  LINKTYPE_IEEE802_11,
  parseMac,
  sortByTime,
} from '../lib/pcap-writer.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';
import { buildEapolKey, deriveWpaKeys, type EapolKey, protectFrame, type WpaKeys, wrapKey } from '../lib/wpa2-crypto.js';
import { createTcpConversation } from '../lib/tcp-conversation.js';

const SSIDS = ['Atelier-Lumiere', 'Bureau-Vercors', 'Cafe-du-Port', 'Maison-Martin', 'Cabinet-Durand', 'Librairie-Wifi'];
const RSN_IE = Buffer.from('30140100000fac040100000fac040100000fac020000', 'hex'); // CCMP / CCMP / PSK
const LLC_SNAP_EAPOL = Buffer.from('aaaa03000000888e', 'hex');
const LLC_SNAP_IPV4 = Buffer.from('aaaa030000000800', 'hex');

/** WPA2-PSK passphrases need 8 to 63 characters: the common passwords that qualify. */
export const WPA_PASSPHRASES = COMMON_PASSWORDS.filter((password) => password.length >= 8 && password.length <= 63);

interface Wifi {
  ap: string;
  sta: string;
  ssid: string;
}

function buildHeader(frameControl: number, flags: number, a1: string, a2: string, a3: string, sequence: number): Buffer {
  const header = Buffer.alloc(24);
  header[0] = frameControl;
  header[1] = flags;
  header.writeUInt16LE(frameControl === 0x80 ? 0 : 0x013a, 2); // duration
  parseMac(a1).copy(header, 4);
  parseMac(a2).copy(header, 10);
  parseMac(a3).copy(header, 16);
  header.writeUInt16LE((sequence & 0xfff) << 4, 22);
  return header;
}

function element(id: number, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from([id, data.length]), data]);
}

function buildBeaconBody(random: SeedStream, ssid: string, channel: number, uptimeUs: bigint): Buffer {
  const fixed = Buffer.alloc(12);
  fixed.writeBigUInt64LE(uptimeUs, 0);
  fixed.writeUInt16LE(100, 8); // beacon interval, TU
  fixed.writeUInt16LE(0x0431, 10); // ESS, privacy, short preamble, short slot time
  void random;
  return Buffer.concat([
    fixed,
    element(0, Buffer.from(ssid, 'ascii')),
    element(1, Buffer.from([0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24])),
    element(3, Buffer.from([channel])),
    RSN_IE,
  ]);
}

interface Frame {
  timestampUs: number;
  data: Buffer;
}

function encodeWifiPcap(frames: readonly Frame[]): Buffer {
  const sorted = sortByTime(frames);
  // Each transmitter numbers its frames in the order it sends them (beacons are added last, so renumber in time order).
  // CCMP leaves the sequence number out of its authenticated data, so the MICs still hold.
  const counters = new Map<string, number>();
  for (const frame of sorted) {
    const transmitter = frame.data.subarray(10, 16).toString('hex');
    const next = counters.get(transmitter) ?? frame.data.readUInt16LE(22) >> 4;
    frame.data.writeUInt16LE((next & 0xfff) << 4, 22);
    counters.set(transmitter, next + 1);
  }
  return encodePcap(
    sorted.map((frame) => ({ timestampUs: frame.timestampUs, frame: frame.data })),
    { linkType: LINKTYPE_IEEE802_11 },
  );
}

/**
 * A Wi-Fi capture (802.11, link type 105) of a WPA2-Personal network: beacons, a station's authentication and
 * association, the real 4-way handshake (PMK = PBKDF2-SHA1 of a common passphrase and the SSID, PTK by PRF-512, valid
 * MICs, the group key wrapped in message 3), then CCMP-encrypted traffic: an HTTP request whose answer holds the flag.
 */
export const generateWpa2HandshakePcap: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'wpa2-handshake-pcap');
  const wifi: Wifi = { ap: createMac(random), sta: createMac(random), ssid: random.pick(SSIDS) };
  const passphrase = random.pick(WPA_PASSPHRASES);
  const channel = random.pick([1, 6, 11]);
  const frames: Frame[] = [];
  const sequences = { ap: random.nextInt(4096), sta: random.nextInt(4096) };
  const nextSeq = (side: 'ap' | 'sta'): number => (sequences[side] = (sequences[side] + 1) & 0xfff);
  let timeUs = 1_700_000_000 * 1e6 + random.nextInt(30_000_000) * 1_000_000;
  const startUs = timeUs;
  const uptimeBase = BigInt(random.nextIntBetween(10_000, 900_000)) * 1_000_000n;

  const beacon = (at: number): void => {
    const body = buildBeaconBody(random, wifi.ssid, channel, uptimeBase + BigInt(at - startUs));
    frames.push({
      timestampUs: at,
      data: Buffer.concat([buildHeader(0x80, 0, 'ff:ff:ff:ff:ff:ff', wifi.ap, wifi.ap, nextSeq('ap')), body]),
    });
  };
  // Beacons every 102.4 ms for the whole capture (added at the end, once the length is known).
  const management = (fromSta: boolean, frameControl: number, body: Buffer): void => {
    const [a1, a2] = fromSta ? [wifi.ap, wifi.sta] : [wifi.sta, wifi.ap];
    frames.push({
      timestampUs: timeUs,
      data: Buffer.concat([buildHeader(frameControl, 0, a1, a2, wifi.ap, nextSeq(fromSta ? 'sta' : 'ap')), body]),
    });
    timeUs += random.nextIntBetween(500, 3000);
  };
  const dataFrame = (fromSta: boolean, body: Buffer, keys: WpaKeys | null, pn: number): void => {
    const header = fromSta
      ? buildHeader(0x08, 0x01, wifi.ap, wifi.sta, wifi.ap, nextSeq('sta'))
      : buildHeader(0x08, 0x02, wifi.sta, wifi.ap, wifi.ap, nextSeq('ap'));
    frames.push({ timestampUs: timeUs, data: keys ? protectFrame(header, body, keys.tk, pn) : Buffer.concat([header, body]) });
  };

  timeUs += random.nextIntBetween(300_000, 900_000);
  management(true, 0xb0, Buffer.from([0, 0, 1, 0, 0, 0])); // authentication, open system, seq 1
  management(false, 0xb0, Buffer.from([0, 0, 2, 0, 0, 0])); // seq 2, success
  const capabilities = Buffer.from([0x31, 0x04, 0x0a, 0x00]); // capability info, listen interval
  management(
    true,
    0x00,
    Buffer.concat([
      capabilities,
      element(0, Buffer.from(wifi.ssid)),
      element(1, Buffer.from([0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24])),
      RSN_IE,
    ]),
  );
  management(
    false,
    0x10,
    Buffer.concat([
      Buffer.from([0x31, 0x04, 0, 0, 0x01, 0xc0]),
      element(1, Buffer.from([0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24])),
    ]),
  );

  // The 4-way handshake.
  const aNonce = random.nextBytes(32);
  const sNonce = random.nextBytes(32);
  const keys = deriveWpaKeys(passphrase, wifi.ssid, parseMac(wifi.ap), parseMac(wifi.sta), aNonce, sNonce);
  const replay = BigInt(random.nextIntBetween(1, 4));
  const gtk = random.nextBytes(16);
  const gtkKde = Buffer.concat([Buffer.from([0xdd, 22, 0x00, 0x0f, 0xac, 0x01, 0x01, 0x00]), gtk]);
  const keyData3 = Buffer.concat([RSN_IE, gtkKde, Buffer.from([0xdd, 0])]); // padded to a multiple of 8
  const messages: [boolean, EapolKey][] = [
    [false, { keyInfo: 0x008a, keyLength: 16, replayCounter: replay, nonce: aNonce, keyData: Buffer.alloc(0) }],
    [true, { keyInfo: 0x010a, keyLength: 0, replayCounter: replay, nonce: sNonce, keyData: RSN_IE }],
    [false, { keyInfo: 0x13ca, keyLength: 16, replayCounter: replay + 1n, nonce: aNonce, keyData: wrapKey(keys.kek, keyData3) }],
    [true, { keyInfo: 0x030a, keyLength: 0, replayCounter: replay + 1n, nonce: Buffer.alloc(32), keyData: Buffer.alloc(0) }],
  ];
  for (const [fromSta, message] of messages) {
    timeUs += random.nextIntBetween(1_000, 6_000);
    dataFrame(
      fromSta,
      Buffer.concat([LLC_SNAP_EAPOL, buildEapolKey(message, message.keyInfo & 0x0100 ? keys.kck : null)]),
      null,
      0,
    );
  }

  // Encrypted traffic: the station fetches a page from the intranet server behind the access point.
  const pns = { sta: 1, ap: 1 };
  const routerMac = wifi.ap;
  const client: NetHost = { ip: `192.168.${random.nextIntBetween(0, 20)}.${random.nextIntBetween(20, 200)}`, mac: wifi.sta };
  const server: NetHost = {
    ip: `192.168.${random.nextIntBetween(21, 60)}.${random.nextIntBetween(2, 19)}`,
    mac: routerMac,
    ttl: 63,
  };
  let ipId = random.nextInt(0x10000);
  const ipCapture: PacketCapture = {
    addTcp(at, from, to, fields) {
      timeUs = at;
      const packet = buildIpv4Packet({
        srcIp: from.ip,
        dstIp: to.ip,
        protocol: IP_PROTOCOL_TCP,
        identification: (ipId += 1) & 0xffff,
        ttl: from.ttl ?? 64,
        payload: buildTcpSegment({ ...fields, srcIp: from.ip, dstIp: to.ip }),
      });
      const fromSta = from === client;
      dataFrame(fromSta, Buffer.concat([LLC_SNAP_IPV4, packet]), keys, fromSta ? pns.sta++ : pns.ap++);
    },
    addUdp() {
      throw new Error('not used');
    },
    addArpRequest() {
      throw new Error('not used');
    },
    addArpReply() {
      throw new Error('not used');
    },
    encode: () => Buffer.alloc(0),
  };
  const conversation = createTcpConversation({
    capture: ipCapture,
    random,
    client,
    server,
    clientPort: random.nextIntBetween(40_000, 60_000),
    serverPort: 80,
    startUs: timeUs + random.nextIntBetween(200_000, 800_000),
    latencyUs: random.nextIntBetween(1_500, 4_000),
  });
  const page = `<!doctype html>\n<html lang="fr"><head><title>Intranet - coffre</title></head>\n<body><h1>Code du coffre</h1>\n<p>Code du jour : ${flag}</p>\n<p>Ne pas diffuser.</p></body></html>\n`;
  conversation.open();
  conversation.send(
    'client',
    `GET /coffre.html HTTP/1.1\r\nHost: intranet.local\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
  );
  conversation.wait(random.nextIntBetween(2_000, 9_000));
  conversation.send(
    'server',
    `HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(page)}\r\nConnection: close\r\n\r\n${page}`,
  );
  conversation.close('server');
  const endUs = conversation.nowUs() + random.nextIntBetween(200_000, 600_000);
  for (let at = startUs; at < endUs; at += 102_400) beacon(at);

  return { fileName: 'wifi.pcap', contentType: 'application/vnd.tcpdump.pcap', data: encodeWifiPcap(frames) };
};
