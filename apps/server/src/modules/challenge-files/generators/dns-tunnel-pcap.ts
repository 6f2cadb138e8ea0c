import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { encodeBase32 } from '../lib/base32.js';
import type { DnsAnswer, DnsType } from '../lib/dns-message.js';
import { addDnsLookup, createLan, pickCaptureStartUs, type DnsLookup } from '../lib/lan-traffic.js';
import { createPacketCapture } from '../lib/packet-capture.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';

/**
 * Ordinary DNS lookups of a workstation, interleaved with a DNS tunnel: TXT queries for
 * `<seq>-<chunk>.<tunnel domain>`, where seq is a two-digit decimal counter from 00 and the chunks,
 * joined in seq order, are the flag in lowercase unpadded base32.
 */
export const generateDnsTunnelPcap: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'dns-tunnel-pcap');
  const capture = createPacketCapture(random);
  const lan = createLan(random);
  const tunnelDomain = `${encodeBase32(random.nextBytes(5))}.${random.pick(['xyz', 'top', 'info', 'biz'])}`;
  const tunnelQueries = buildTunnelLookups(random, flag, tunnelDomain);
  const normalLookups = random.shuffle(NORMAL_LOOKUPS.map((entry) => buildNormalLookup(random, entry)));

  let timeUs = pickCaptureStartUs(random);
  let tunnelIndex = 0;
  for (const [index, lookup] of normalLookups.entries()) {
    timeUs = addDnsLookup(capture, random, lan, timeUs, lookup) + random.nextIntBetween(200_000, 3_000_000);
    // The tunnel starts after a few ordinary lookups and beacons every other lookup or so.
    const isTunnelTurn = index >= 3 && tunnelIndex < tunnelQueries.length && random.nextInt(3) > 0;
    if (isTunnelTurn) {
      const query = tunnelQueries[tunnelIndex];
      tunnelIndex += 1;
      if (query) timeUs = addDnsLookup(capture, random, lan, timeUs, query) + random.nextIntBetween(300_000, 2_000_000);
    }
  }
  for (const query of tunnelQueries.slice(tunnelIndex)) {
    timeUs = addDnsLookup(capture, random, lan, timeUs, query) + random.nextIntBetween(300_000, 2_000_000);
  }
  return { fileName: 'dns-traffic.pcap', contentType: 'application/vnd.tcpdump.pcap', data: capture.encode() };
};

function buildTunnelLookups(random: SeedStream, flag: string, domain: string): DnsLookup[] {
  const encoded = encodeBase32(Buffer.from(flag, 'utf8'));
  const chunkLength = random.nextIntBetween(8, 12);
  const lookups: DnsLookup[] = [];
  for (let offset = 0, seq = 0; offset < encoded.length; offset += chunkLength, seq += 1) {
    const name = `${String(seq).padStart(2, '0')}-${encoded.slice(offset, offset + chunkLength)}.${domain}`;
    lookups.push({ name, type: 'TXT', answers: [{ type: 'TXT', ttl: 0, text: encodeBase32(random.nextBytes(5)) }] });
  }
  return lookups;
}

interface NormalLookup {
  name: string;
  type: DnsType;
  cname?: string;
  /** Missing: NXDOMAIN. */
  address?: 'v4' | 'v6';
}

const NORMAL_LOOKUPS: readonly NormalLookup[] = [
  { name: 'www.wikipedia.org', type: 'A', address: 'v4' },
  { name: 'www.wikipedia.org', type: 'AAAA', address: 'v6' },
  { name: 'github.com', type: 'A', address: 'v4' },
  { name: 'api.github.com', type: 'A', address: 'v4' },
  { name: 'fonts.googleapis.com', type: 'A', cname: 'googleapis.l.google.com', address: 'v4' },
  { name: 'www.debian.org', type: 'A', address: 'v4' },
  { name: 'deb.debian.org', type: 'A', cname: 'debian.map.fastlydns.net', address: 'v4' },
  { name: 'mail.corp.example.com', type: 'A', address: 'v4' },
  { name: 'intranet.corp.example.com', type: 'A', address: 'v4' },
  { name: 'wpad.corp.example.com', type: 'A' },
  { name: 'ntp.ubuntu.com', type: 'A', address: 'v4' },
  { name: 'www.youtube.com', type: 'A', cname: 'youtube-ui.l.google.com', address: 'v4' },
  { name: 'www.youtube.com', type: 'AAAA', cname: 'youtube-ui.l.google.com', address: 'v6' },
  { name: 'slack.com', type: 'A', address: 'v4' },
  { name: 'detectportal.firefox.com', type: 'A', cname: 'detectportal.prod.mozaws.net', address: 'v4' },
  { name: 'www.openstreetmap.org', type: 'A', address: 'v4' },
  { name: 'cdn.jsdelivr.net', type: 'A', address: 'v4' },
  { name: 'login.microsoftonline.com', type: 'A', address: 'v4' },
  { name: 'printer.corp.example.com', type: 'A' },
  { name: 'news.ycombinator.com', type: 'A', address: 'v4' },
  { name: 'stackoverflow.com', type: 'A', address: 'v4' },
  { name: 'www.bbc.co.uk', type: 'A', address: 'v4' },
  { name: 'updates.signal.org', type: 'A', address: 'v4' },
  { name: 'time.cloudflare.com', type: 'AAAA', address: 'v6' },
];

/** Answers use documentation address ranges (RFC 5737 / RFC 3849). */
function buildNormalLookup(random: SeedStream, entry: NormalLookup): DnsLookup {
  if (!entry.address) return { name: entry.name, type: entry.type, answers: [], rcode: 'NXDOMAIN' };
  const ttl = random.pick([60, 120, 300, 600, 3600]);
  const answers: DnsAnswer[] = entry.cname ? [{ type: 'CNAME', ttl, target: entry.cname }] : [];
  const count = random.nextIntBetween(1, 3);
  for (let i = 0; i < count; i += 1) {
    answers.push(
      entry.address === 'v4'
        ? { type: 'A', ttl, address: `${random.pick(['192.0.2', '198.51.100', '203.0.113'])}.${random.nextIntBetween(1, 254)}` }
        : {
            type: 'AAAA',
            ttl,
            address: `2001:db8:${random.nextInt(0xffff).toString(16)}::${random.nextIntBetween(1, 0xfff).toString(16)}`,
          },
    );
  }
  return { name: entry.name, type: entry.type, answers };
}
