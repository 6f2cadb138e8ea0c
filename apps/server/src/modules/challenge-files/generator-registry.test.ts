import { describe, expect, it } from 'vitest';

import { FILE_GENERATORS } from './generator-registry.js';
import { OTHER_FLAG, SAMPLE_FLAG, SAMPLE_SEED } from './test-support/run-tool.js';

const EXPECTED_FILES: Readonly<Record<string, [string, string]>> = {
  'pcap-analysis---ftp-credentials': ['ftp-session.pcap', 'application/vnd.tcpdump.pcap'],
  'dns-tunneling-detection': ['dns-traffic.pcap', 'application/vnd.tcpdump.pcap'],
  'caesar-cipher': ['message.txt', 'text/plain; charset=utf-8'],
  'hash-cracking': ['hashes.txt', 'text/plain; charset=utf-8'],
  'steganography---lsb': ['secret.png', 'image/png'],
  'exif-metadata-extraction': ['photo.jpg', 'image/jpeg'],
  'zip-password-cracking': ['secret.zip', 'application/zip'],
  'memory-dump-analysis': ['memory.dmp', 'application/octet-stream'],
  'disk-image-analysis': ['disk.img', 'application/octet-stream'],
  'vigenere-cipher': ['lettre.txt', 'text/plain; charset=utf-8'],
  'ssh-intrusion-logs': ['auth.log', 'text/plain; charset=utf-8'],
  'obfuscated-javascript': ['license-check.js', 'text/javascript; charset=utf-8'],
  'usb-keyboard-capture': ['keyboard.pcap', 'application/vnd.tcpdump.pcap'],
  'wpa2-handshake-cracking': ['wifi.pcap', 'application/vnd.tcpdump.pcap'],
};

describe('FILE_GENERATORS', () => {
  it('has one generator per downloadable challenge, each naming its file and type', () => {
    expect([...FILE_GENERATORS.keys()].sort()).toEqual(Object.keys(EXPECTED_FILES).sort());
    for (const [id, generate] of FILE_GENERATORS) {
      const { fileName, contentType } = generate({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
      expect([fileName, contentType]).toEqual(EXPECTED_FILES[id]);
    }
  });

  it('generates every file from the seed alone: a new seed gives new bytes, the same seed the same bytes', () => {
    const otherSeed = Buffer.alloc(32, 7);
    for (const generate of FILE_GENERATORS.values()) {
      const first = generate({ flag: SAMPLE_FLAG, seed: otherSeed }).data;
      expect(generate({ flag: SAMPLE_FLAG, seed: otherSeed }).data.equals(first)).toBe(true);
      expect(generate({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(first)).toBe(false);
      expect(generate({ flag: OTHER_FLAG, seed: otherSeed }).data.equals(first)).toBe(false);
    }
  });
});
