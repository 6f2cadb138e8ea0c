/**
 * An independent pcap reader for the tests: it re-parses what the generators wrote, the way a
 * dissector would, and verifies every checksum with its own arithmetic.
 */

export interface ParsedPacket {
  timestampUs: number;
  etherType: number;
  arp?: { operation: number; senderIp: string; targetIp: string };
  ip?: { src: string; dst: string; protocol: number; ttl: number; isChecksumValid: boolean };
  tcp?: { srcPort: number; dstPort: number; seq: number; ack: number; flags: number; payload: Buffer; isChecksumValid: boolean };
  udp?: { srcPort: number; dstPort: number; payload: Buffer; isChecksumValid: boolean };
}

export interface ParsedPcap {
  magic: number;
  versionMajor: number;
  versionMinor: number;
  linkType: number;
  packets: ParsedPacket[];
}

function sumWords(data: Buffer): number {
  let sum = 0;
  for (let i = 0; i < data.length; i += 2) sum += (data[i] ?? 0) * 256 + (data[i + 1] ?? 0);
  while (sum > 0xffff) sum = (sum & 0xffff) + Math.floor(sum / 0x10000);
  return sum;
}

function formatIp(bytes: Buffer): string {
  return [...bytes].join('.');
}

function verifyTransportChecksum(ipHeader: Buffer, segment: Buffer, protocol: number): boolean {
  const pseudo = Buffer.concat([
    ipHeader.subarray(12, 20),
    Buffer.from([0, protocol, segment.length >> 8, segment.length & 0xff]),
  ]);
  return sumWords(Buffer.concat([pseudo, segment.length % 2 ? Buffer.concat([segment, Buffer.alloc(1)]) : segment])) === 0xffff;
}

function parseIpv4(packet: ParsedPacket, data: Buffer): void {
  const headerLength = ((data[0] ?? 0) & 0x0f) * 4;
  const totalLength = data.readUInt16BE(2);
  const header = data.subarray(0, headerLength);
  const protocol = data[9] ?? 0;
  packet.ip = {
    src: formatIp(data.subarray(12, 16)),
    dst: formatIp(data.subarray(16, 20)),
    protocol,
    ttl: data[8] ?? 0,
    isChecksumValid: (data[0] ?? 0) >> 4 === 4 && sumWords(header) === 0xffff,
  };
  const segment = data.subarray(headerLength, totalLength);
  if (protocol === 6) {
    const dataOffset = ((segment[12] ?? 0) >> 4) * 4;
    packet.tcp = {
      srcPort: segment.readUInt16BE(0),
      dstPort: segment.readUInt16BE(2),
      seq: segment.readUInt32BE(4),
      ack: segment.readUInt32BE(8),
      flags: segment[13] ?? 0,
      payload: segment.subarray(dataOffset),
      isChecksumValid: verifyTransportChecksum(header, segment, 6),
    };
  } else if (protocol === 17) {
    packet.udp = {
      srcPort: segment.readUInt16BE(0),
      dstPort: segment.readUInt16BE(2),
      payload: segment.subarray(8, segment.readUInt16BE(4)),
      isChecksumValid: segment.readUInt16BE(6) === 0 || verifyTransportChecksum(header, segment, 17),
    };
  }
}

export function readPcap(file: Buffer): ParsedPcap {
  const magic = file.readUInt32LE(0);
  const packets: ParsedPacket[] = [];
  let offset = 24;
  while (offset < file.length) {
    const capturedLength = file.readUInt32LE(offset + 8);
    const frame = file.subarray(offset + 16, offset + 16 + capturedLength);
    if (frame.length !== capturedLength) throw new Error(`truncated record at ${offset}`);
    const packet: ParsedPacket = {
      timestampUs: file.readUInt32LE(offset) * 1e6 + file.readUInt32LE(offset + 4),
      etherType: frame.readUInt16BE(12),
    };
    const body = frame.subarray(14);
    if (packet.etherType === 0x0800) parseIpv4(packet, body);
    if (packet.etherType === 0x0806) {
      packet.arp = {
        operation: body.readUInt16BE(6),
        senderIp: formatIp(body.subarray(14, 18)),
        targetIp: formatIp(body.subarray(24, 28)),
      };
    }
    packets.push(packet);
    offset += 16 + capturedLength;
  }
  return {
    magic,
    versionMajor: file.readUInt16LE(4),
    versionMinor: file.readUInt16LE(6),
    linkType: file.readUInt32LE(20),
    packets,
  };
}

/** Concatenates the TCP payload sent to or from `port` in one direction, in sequence order. */
export function reassembleTcpPayload(packets: readonly ParsedPacket[], filter: { srcPort?: number; dstPort?: number }): string {
  const segments = packets
    .flatMap((packet) => (packet.tcp ? [packet.tcp] : []))
    .filter(
      (tcp) =>
        (filter.srcPort === undefined || tcp.srcPort === filter.srcPort) &&
        (filter.dstPort === undefined || tcp.dstPort === filter.dstPort),
    )
    .filter((tcp) => tcp.payload.length > 0);
  return Buffer.concat(segments.map((tcp) => tcp.payload)).toString('latin1');
}

/** Reads the first question name of a DNS message. */
export function readDnsQuestionName(message: Buffer): string {
  const labels: string[] = [];
  let offset = 12;
  for (let length = message[offset] ?? 0; length > 0; length = message[offset] ?? 0) {
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  return labels.join('.');
}
