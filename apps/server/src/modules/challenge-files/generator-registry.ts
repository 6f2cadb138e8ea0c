import type { FileGenerator } from './generator.js';
import { generateCaesarMessage } from './generators/caesar-message.js';
import { generateDnsTunnelPcap } from './generators/dns-tunnel-pcap.js';
import { generateEncryptedZip } from './generators/encrypted-zip.js';
import { generateExifPhotoJpeg } from './generators/exif-photo-jpeg.js';
import { generateFat12DiskImage } from './generators/fat12-disk-image.js';
import { generateFtpSessionPcap } from './generators/ftp-session-pcap.js';
import { generateLsbStegoPng } from './generators/lsb-stego-png.js';
import { generateMd5HashList } from './generators/md5-hash-list.js';
import { generateMemoryDump } from './generators/memory-dump.js';
import { generateObfuscatedLicenseJs } from './generators/obfuscated-license-js.js';
import { generateSshIntrusionLog } from './generators/ssh-intrusion-log.js';
import { generateUsbKeyboardPcap } from './generators/usb-keyboard-pcap.js';
import { generateVigenereFrench } from './generators/vigenere-french.js';
import { generateWpa2HandshakePcap } from './generators/wpa2-handshake-pcap.js';
// from './generators/vigenere-french.js';

/** Challenge-file generators keyed by challenge id. */
export const FILE_GENERATORS: ReadonlyMap<string, FileGenerator> = new Map<string, FileGenerator>([
  ['pcap-analysis---ftp-credentials', generateFtpSessionPcap],
  ['dns-tunneling-detection', generateDnsTunnelPcap],
  ['caesar-cipher', generateCaesarMessage],
  ['hash-cracking', generateMd5HashList],
  ['steganography---lsb', generateLsbStegoPng],
  ['exif-metadata-extraction', generateExifPhotoJpeg],
  ['zip-password-cracking', generateEncryptedZip],
  ['memory-dump-analysis', generateMemoryDump],
  ['disk-image-analysis', generateFat12DiskImage],
  ['vigenere-cipher', generateVigenereFrench],
  ['ssh-intrusion-logs', generateSshIntrusionLog],
  ['obfuscated-javascript', generateObfuscatedLicenseJs],
  ['usb-keyboard-capture', generateUsbKeyboardPcap],
  ['wpa2-handshake-cracking', generateWpa2HandshakePcap],
]);
