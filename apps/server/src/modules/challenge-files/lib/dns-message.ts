import { parseIpv4 } from './pcap-writer.js';

/** DNS wire format (RFC 1035) for the few record types the captures use. */

const DNS_TYPES = { A: 1, CNAME: 5, MX: 15, TXT: 16, AAAA: 28 } as const;
export type DnsType = keyof typeof DNS_TYPES;

export type DnsAnswer =
  | { type: 'A'; ttl: number; address: string }
  | { type: 'AAAA'; ttl: number; address: string }
  | { type: 'CNAME'; ttl: number; target: string }
  | { type: 'TXT'; ttl: number; text: string }
  | { type: 'MX'; ttl: number; preference: number; exchange: string };

const RCODES = { NOERROR: 0, NXDOMAIN: 3 } as const;

function encodeDnsName(name: string): Buffer {
  const labels = name.split('.').filter((label) => label.length > 0);
  const parts = labels.map((label) => {
    const bytes = Buffer.from(label, 'ascii');
    if (bytes.length > 63) throw new Error(`DNS label too long: ${label}`);
    return Buffer.concat([Buffer.from([bytes.length]), bytes]);
  });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function encodeIpv6(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(Number.parseInt(group, 16), index * 2));
  return bytes;
}

function encodeHeader(id: number, flags: number, questions: number, answers: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(flags, 2);
  header.writeUInt16BE(questions, 4);
  header.writeUInt16BE(answers, 6);
  return header;
}

function encodeQuestion(name: string, type: DnsType): Buffer {
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(DNS_TYPES[type], 0);
  tail.writeUInt16BE(1, 2); // class IN
  return Buffer.concat([encodeDnsName(name), tail]);
}

/** A standard recursive query (RD set). */
export function buildDnsQuery(id: number, name: string, type: DnsType): Buffer {
  return Buffer.concat([encodeHeader(id, 0x0100, 1, 0), encodeQuestion(name, type)]);
}

function encodeRdata(answer: DnsAnswer): Buffer {
  switch (answer.type) {
    case 'A':
      return parseIpv4(answer.address);
    case 'AAAA':
      return encodeIpv6(answer.address);
    case 'CNAME':
      return encodeDnsName(answer.target);
    case 'TXT': {
      const text = Buffer.from(answer.text, 'ascii');
      return Buffer.concat([Buffer.from([text.length]), text]);
    }
    case 'MX': {
      const preference = Buffer.alloc(2);
      preference.writeUInt16BE(answer.preference, 0);
      return Buffer.concat([preference, encodeDnsName(answer.exchange)]);
    }
  }
}

/**
 * A response echoing the question. Answer owner names use compression pointers: the first to the
 * question name, the ones after a CNAME to that CNAME's target.
 */
export function buildDnsResponse(
  id: number,
  name: string,
  type: DnsType,
  answers: readonly DnsAnswer[],
  rcode: keyof typeof RCODES = 'NOERROR',
): Buffer {
  const parts: Buffer[] = [encodeHeader(id, 0x8180 | RCODES[rcode], 1, answers.length), encodeQuestion(name, type)];
  let offset = parts.reduce((sum, part) => sum + part.length, 0);
  let ownerPointer = 12; // the question name follows the header
  for (const answer of answers) {
    const rdata = encodeRdata(answer);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc000 | ownerPointer, 0);
    fixed.writeUInt16BE(DNS_TYPES[answer.type], 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(answer.ttl, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    if (answer.type === 'CNAME') ownerPointer = offset + fixed.length;
    parts.push(fixed, rdata);
    offset += fixed.length + rdata.length;
  }
  return Buffer.concat(parts);
}
