import { describe, expect, it } from 'vitest';

import { readPcap, reassembleTcpPayload } from '../test-support/pcap-reader.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { generateFtpSessionPcap } from './ftp-session-pcap.js';

const file = generateFtpSessionPcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });

describe('generateFtpSessionPcap', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateFtpSessionPcap({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateFtpSessionPcap({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(generateFtpSessionPcap({ flag: SAMPLE_FLAG, seed: Buffer.from('other') }).data.equals(file.data)).toBe(false);
    expect(file.fileName).toBe('ftp-session.pcap');
  });

  it('writes a libpcap Ethernet capture whose IP, TCP and UDP checksums are all valid', () => {
    const pcap = readPcap(file.data);
    expect(pcap).toMatchObject({ magic: 0xa1b2c3d4, versionMajor: 2, versionMinor: 4, linkType: 1 });
    const ipPackets = pcap.packets.filter((p) => p.ip);
    expect(ipPackets.length).toBeGreaterThan(60);
    expect(ipPackets.every((p) => p.ip?.isChecksumValid)).toBe(true);
    expect(pcap.packets.every((p) => p.tcp?.isChecksumValid ?? p.udp?.isChecksumValid ?? true)).toBe(true);
    const times = pcap.packets.map((p) => p.timestampUs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('mixes ARP, DNS and HTTP with three TCP handshakes of FTP (control plus two passive data connections)', () => {
    const { packets } = readPcap(file.data);
    expect(packets.some((p) => p.arp)).toBe(true);
    expect(packets.some((p) => p.udp?.dstPort === 53)).toBe(true);
    expect(reassembleTcpPayload(packets, { dstPort: 80 })).toMatch(/^GET \/ HTTP\/1\.1\r\n/);
    const syns = packets.filter((p) => p.tcp && (p.tcp.flags & 0x12) === 0x02);
    expect(syns.map((p) => p.tcp?.dstPort)).toContain(21);
    expect(syns.length).toBe(4); // HTTP, FTP control, LIST data, RETR data
    const fins = packets.filter((p) => p.tcp && p.tcp.flags & 0x01);
    expect(fins.length).toBe(8);
  });

  it('carries the flag as the password of the successful login in a full FTP dialogue', () => {
    const { packets } = readPcap(file.data);
    const commands = reassembleTcpPayload(packets, { dstPort: 21 });
    const replies = reassembleTcpPayload(packets, { srcPort: 21 });
    expect(commands).toContain(`PASS ${SAMPLE_FLAG}\r\n`);
    expect(commands.split('\r\n').filter((line) => line.startsWith('PASS '))).toHaveLength(2);
    for (const verb of ['USER', 'SYST', 'PWD', 'PASV', 'LIST', 'RETR', 'QUIT']) expect(commands).toContain(verb);
    for (const code of ['220 ', '331 ', '530 ', '230 ', '215 ', '257 ', '227 ', '150 ', '226 ', '221 '])
      expect(replies).toContain(code);
    const retrieved = packets.filter(
      (p) => p.tcp && p.tcp.srcPort >= 40000 && p.tcp.srcPort <= 50000 && p.tcp.payload.length > 0,
    );
    expect(Buffer.concat(retrieved.map((p) => p.tcp?.payload ?? Buffer.alloc(0))).toString()).toContain(
      'Quarterly backup report',
    );
  });

  it.skipIf(!hasTool('tcpdump'))('reads cleanly with tcpdump, which shows the password', () => {
    withTempFiles({ 'ftp-session.pcap': file.data }, (dir) => {
      const verbose = runTool('tcpdump', ['-nn', '-vv', '-r', `${dir}/ftp-session.pcap`]);
      expect(verbose.status).toBe(0);
      expect(verbose.stdout).not.toMatch(/\(incorrect|bad cksum|bad udp cksum|\[\|/);
      expect(verbose.stdout).toMatch(/cksum 0x[0-9a-f]+ \(correct\)/);
      const ascii = runTool('tcpdump', ['-nn', '-A', '-r', `${dir}/ftp-session.pcap`, 'tcp port 21']);
      expect(ascii.stdout).toContain(`PASS ${SAMPLE_FLAG}`);
    });
  });
});
