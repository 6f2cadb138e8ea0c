/**
 * Minimal builders for a libpcap capture of Ethernet/IPv4 traffic. Checksums are computed for real,
 * so Wireshark and tcpdump show every packet as valid.
 */

export const ETHERTYPE_IPV4 = 0x0800;
export const ETHERTYPE_ARP = 0x0806;
export const IP_PROTOCOL_TCP = 6;
export const IP_PROTOCOL_UDP = 17;
const LINKTYPE_ETHERNET = 1;
/** 802.11 frames without radio header and without FCS. */
export const LINKTYPE_IEEE802_11 = 105;
/** Linux usbmon with the 64-byte header (what `tcpdump -i usbmon1` and Wireshark save). */
export const LINKTYPE_USB_LINUX_MMAPPED = 220;
const MIN_ETHERNET_FRAME = 60;

export interface CapturedFrame {
  timestampUs: number;
  frame: Buffer;
}

export function parseMac(mac: string): Buffer {
  const bytes = mac.split(':').map((part) => Number.parseInt(part, 16));
  if (bytes.length !== 6 || bytes.some((b) => !(b >= 0 && b <= 255))) throw new Error(`bad MAC ${mac}`);
  return Buffer.from(bytes);
}

export function parseIpv4(ip: string): Buffer {
  const bytes = ip.split('.').map((part) => Number.parseInt(part, 10));
  if (bytes.length !== 4 || bytes.some((b) => !(b >= 0 && b <= 255))) throw new Error(`bad IPv4 ${ip}`);
  return Buffer.from(bytes);
}

/** RFC 1071 one's-complement sum of 16-bit words, complemented. */
function computeInternetChecksum(...parts: readonly Buffer[]): number {
  const data = Buffer.concat(parts);
  let sum = 0;
  for (let i = 0; i + 1 < data.length; i += 2) sum += data.readUInt16BE(i);
  if (data.length % 2 === 1) sum += (data[data.length - 1] ?? 0) << 8;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

export function buildEthernetFrame(dstMac: string, srcMac: string, etherType: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(14);
  parseMac(dstMac).copy(header, 0);
  parseMac(srcMac).copy(header, 6);
  header.writeUInt16BE(etherType, 12);
  const frame = Buffer.concat([header, payload]);
  // Short frames are padded on the wire; captures show the zero padding after the IP datagram.
  return frame.length >= MIN_ETHERNET_FRAME ? frame : Buffer.concat([frame, Buffer.alloc(MIN_ETHERNET_FRAME - frame.length)]);
}

export interface Ipv4PacketOptions {
  srcIp: string;
  dstIp: string;
  protocol: number;
  identification: number;
  ttl: number;
  payload: Buffer;
}

export function buildIpv4Packet(options: Ipv4PacketOptions): Buffer {
  const header = Buffer.alloc(20);
  header[0] = 0x45; // version 4, IHL 5
  header.writeUInt16BE(20 + options.payload.length, 2);
  header.writeUInt16BE(options.identification & 0xffff, 4);
  header.writeUInt16BE(0x4000, 6); // don't fragment
  header[8] = options.ttl;
  header[9] = options.protocol;
  parseIpv4(options.srcIp).copy(header, 12);
  parseIpv4(options.dstIp).copy(header, 16);
  header.writeUInt16BE(computeInternetChecksum(header), 10);
  return Buffer.concat([header, options.payload]);
}

function buildPseudoHeader(srcIp: string, dstIp: string, protocol: number, length: number): Buffer {
  const pseudo = Buffer.alloc(12);
  parseIpv4(srcIp).copy(pseudo, 0);
  parseIpv4(dstIp).copy(pseudo, 4);
  pseudo[9] = protocol;
  pseudo.writeUInt16BE(length, 10);
  return pseudo;
}

export interface UdpDatagramOptions {
  srcIp: string;
  dstIp: string;
  srcPort: number;
  dstPort: number;
  payload: Buffer;
}

export function buildUdpDatagram(options: UdpDatagramOptions): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16BE(options.srcPort, 0);
  header.writeUInt16BE(options.dstPort, 2);
  header.writeUInt16BE(8 + options.payload.length, 4);
  const pseudo = buildPseudoHeader(options.srcIp, options.dstIp, IP_PROTOCOL_UDP, 8 + options.payload.length);
  const checksum = computeInternetChecksum(pseudo, header, options.payload);
  header.writeUInt16BE(checksum === 0 ? 0xffff : checksum, 6);
  return Buffer.concat([header, options.payload]);
}

export const TCP_FIN = 0x01;
export const TCP_SYN = 0x02;
export const TCP_PSH = 0x08;
export const TCP_ACK = 0x10;

export interface TcpSegmentOptions {
  srcIp: string;
  dstIp: string;
  srcPort: number;
  dstPort: number;
  seq: number;
  ack: number;
  flags: number;
  window: number;
  /** Raw option bytes, already padded to a multiple of 4. */
  options?: Buffer;
  payload: Buffer;
}

export function buildTcpSegment(options: TcpSegmentOptions): Buffer {
  const tcpOptions = options.options ?? Buffer.alloc(0);
  const header = Buffer.alloc(20 + tcpOptions.length);
  header.writeUInt16BE(options.srcPort, 0);
  header.writeUInt16BE(options.dstPort, 2);
  header.writeUInt32BE(options.seq >>> 0, 4);
  header.writeUInt32BE(options.flags & TCP_ACK ? options.ack >>> 0 : 0, 8);
  header[12] = (header.length / 4) << 4;
  header[13] = options.flags;
  header.writeUInt16BE(options.window, 14);
  tcpOptions.copy(header, 20);
  const length = header.length + options.payload.length;
  const pseudo = buildPseudoHeader(options.srcIp, options.dstIp, IP_PROTOCOL_TCP, length);
  header.writeUInt16BE(computeInternetChecksum(pseudo, header, options.payload), 16);
  return Buffer.concat([header, options.payload]);
}

export function buildArpPacket(
  operation: 'request' | 'reply',
  sender: { mac: string; ip: string },
  target: { mac: string; ip: string },
): Buffer {
  const packet = Buffer.alloc(28);
  packet.writeUInt16BE(1, 0); // Ethernet
  packet.writeUInt16BE(ETHERTYPE_IPV4, 2);
  packet[4] = 6;
  packet[5] = 4;
  packet.writeUInt16BE(operation === 'request' ? 1 : 2, 6);
  parseMac(sender.mac).copy(packet, 8);
  parseIpv4(sender.ip).copy(packet, 14);
  parseMac(target.mac).copy(packet, 18);
  parseIpv4(target.ip).copy(packet, 24);
  return packet;
}

/** The frames in time order; frames at the same time keep their order. */
export function sortByTime<T extends { timestampUs: number }>(frames: readonly T[]): T[] {
  return frames
    .map((frame, index) => ({ frame, index }))
    .sort((a, b) => a.frame.timestampUs - b.frame.timestampUs || a.index - b.index)
    .map(({ frame }) => frame);
}

/** Serialises frames (sorted by time, stable) as a classic microsecond libpcap file of that link type (Ethernet by default). */
export function encodePcap(
  frames: readonly CapturedFrame[],
  { linkType = LINKTYPE_ETHERNET, snapLength = 65535 }: { linkType?: number; snapLength?: number } = {},
): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(snapLength, 16);
  header.writeUInt32LE(linkType, 20);
  const records = sortByTime(frames).flatMap((frame) => {
    const record = Buffer.alloc(16);
    record.writeUInt32LE(Math.floor(frame.timestampUs / 1e6), 0);
    record.writeUInt32LE(frame.timestampUs % 1e6, 4);
    record.writeUInt32LE(frame.frame.length, 8);
    record.writeUInt32LE(frame.frame.length, 12);
    return [record, frame.frame];
  });
  return Buffer.concat([header, ...records]);
}
