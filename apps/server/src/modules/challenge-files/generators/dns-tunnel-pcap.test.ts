import { describe, expect, it } from 'vitest';

import { readDnsQuestionName, readPcap } from '../test-support/pcap-reader.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';
import { expectNoPlainFlagBytes, expectStringsFindNoFlag } from '../test-support/no-shortcut.js';

import { generateDnsTunnelPcap } from './dns-tunnel-pcap.js';

const file = generateDnsTunnelPcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });

function listQueryNames(data: Buffer): string[] {
  return readPcap(data).packets.flatMap((p) => (p.udp?.dstPort === 53 ? [readDnsQuestionName(p.udp.payload)] : []));
}

/** What a player does: spot the `NN-chunk` names under one domain, sort by seq, join, base32-decode. */
function decodeTunnel(names: readonly string[]): { domain: string; decoded: string } {
  const tunnelNames = names.filter((name) => /^\d{2}-[a-z2-7]+\./.test(name));
  const domains = new Set(tunnelNames.map((name) => name.slice(name.indexOf('.') + 1)));
  expect(domains.size).toBe(1);
  const [domain = ''] = domains;
  const labels = tunnelNames.map((name) => name.slice(0, name.indexOf('.')));
  const joined = labels
    .map((label) => label.split('-') as [string, string])
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, chunk]) => chunk)
    .join('');
  const padded = joined.toUpperCase().padEnd(Math.ceil(joined.length / 8) * 8, '=');
  const decoded = runTool('python3', [
    '-c',
    'import base64,sys; print(base64.b32decode(sys.argv[1]).decode(), end="")',
    padded,
  ]).stdout;
  return { domain, decoded };
}

describe('generateDnsTunnelPcap', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateDnsTunnelPcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateDnsTunnelPcap({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file.fileName).toBe('dns-traffic.pcap');
  });

  it('holds only well-formed DNS over UDP 53 with valid checksums, one answer per query', () => {
    const pcap = readPcap(file.data);
    expect(pcap).toMatchObject({ magic: 0xa1b2c3d4, linkType: 1 });
    expect(pcap.packets.every((p) => p.ip?.isChecksumValid && p.udp?.isChecksumValid)).toBe(true);
    const queries = pcap.packets.filter((p) => p.udp?.dstPort === 53);
    const responses = pcap.packets.filter((p) => p.udp?.srcPort === 53);
    expect(queries.length).toBe(responses.length);
    expect(queries.length).toBeGreaterThan(25);
  });

  it('hides the flag as base32 chunks with sequence numbers under one odd domain, interleaved with normal lookups', () => {
    const names = listQueryNames(file.data);
    const { domain, decoded } = decodeTunnel(names);
    expect(decoded).toBe(SAMPLE_FLAG);
    const tunnelPositions = names.flatMap((name, index) => (name.endsWith(`.${domain}`) ? [index] : []));
    const first = tunnelPositions[0] ?? 0;
    const last = tunnelPositions[tunnelPositions.length - 1] ?? 0;
    expect(last - first + 1).toBeGreaterThan(tunnelPositions.length); // other lookups in between
    expect(decodeTunnel(listQueryNames(generateDnsTunnelPcap({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data)).decoded).toBe(
      OTHER_FLAG,
    );
  });

  it.skipIf(!hasTool('tcpdump'))('reads cleanly with tcpdump, which lists the tunnel queries', () => {
    withTempFiles({ 'dns-traffic.pcap': file.data }, (dir) => {
      const verbose = runTool('tcpdump', ['-nn', '-vv', '-r', `${dir}/dns-traffic.pcap`]);
      expect(verbose.status).toBe(0);
      expect(verbose.stdout).not.toMatch(/bad udp cksum|bad cksum|\[\|domain\]|malformed/i);
      expect(verbose.stdout.match(/\[udp sum ok\]/g)?.length).toBeGreaterThan(50);
      const names = [
        ...runTool('tcpdump', ['-nn', '-r', `${dir}/dns-traffic.pcap`, 'udp dst port 53']).stdout.matchAll(/ TXT\? (\S+)\. /g),
      ];
      expect(decodeTunnel(names.map((m) => m[1] ?? '')).decoded).toBe(SAMPLE_FLAG);
    });
  });

  it('keeps no plain copy of any flag', () => {
    expectNoPlainFlagBytes(generateDnsTunnelPcap, 6);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('dns-traffic.pcap', file.data);
  });

  it.skipIf(!hasTool('tshark') || !hasTool('base32'))(
    'gives the flag to the intended method: tshark lists the queries, then sort, join, uppercase, pad and base32 -d',
    () => {
      const script = [
        "tshark -r dns-traffic.pcap -Y 'dns.flags.response == 0' -T fields -e dns.qry.name > queries.txt",
        "grep -E '^[0-9]{2}-' queries.txt | sort | cut -d. -f1 | cut -d- -f2 | tr -d '\\n' | tr a-z A-Z > chunks.txt",
        'n=$(wc -c < chunks.txt); pad=$(( (8 - n % 8) % 8 ))',
        "{ cat chunks.txt; head -c \"$pad\" /dev/zero | tr '\\0' '='; } | base32 -d",
      ].join('\n');
      const result = withTempFiles({ 'dns-traffic.pcap': file.data }, (dir) => runTool('bash', ['-euc', script], { cwd: dir }));
      expect(result.stdout).toBe(SAMPLE_FLAG);
    },
  );
});
