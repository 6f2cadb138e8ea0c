import { createCipheriv, createHash } from 'node:crypto';

import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { COMMON_PASSWORDS } from '../data/common-passwords.js';
import { createSeedStream } from '../lib/seed-stream.js';

const OTHER_USERS = ['jmartin', 'slefebvre', 'abernard', 'ndubois', 'cmoreau', 'lroux', 'kfontaine', 'pgirard'];

const HEADER = `# users table dump, intranet.corp.example.com (legacy PHP app), format user:md5(password), unsalted.
# The administrator reused their password to protect the flag at the bottom of this file.
#
# 1. Crack the admin hash with a wordlist of common passwords (Debian's john package installs one,
#    /usr/share/john/password.lst; rockyou.txt works too). hashcat mode 0 is raw MD5:
#      grep '^admin:' hashes.txt > admin.hash
#      hashcat -m 0 -a 0 --username admin.hash /usr/share/john/password.lst
#      hashcat -m 0 --username --show admin.hash
# 2. The AES key is the SHA-256 digest (32 raw bytes) of that password. Base64-decode the blob:
#    its first 16 bytes are the IV, the rest is the ciphertext (PKCS#7 padding). For example:
#      key=$(printf %s 'THE_PASSWORD' | sha256sum | cut -c1-64)
#      echo 'THE_BLOB' | base64 -d > flag.bin
#      iv=$(head -c 16 flag.bin | od -An -tx1 | tr -d ' \\n')
#      tail -c +17 flag.bin | openssl enc -d -aes-256-cbc -K "$key" -iv "$iv"
`;

function hashMd5(password: string): string {
  return createHash('md5').update(password, 'utf8').digest('hex');
}

/** AES-256-CBC with key SHA-256(password), returned as base64(iv || ciphertext). */
function encryptWithPassword(plaintext: string, password: string, iv: Buffer): string {
  const key = createHash('sha256').update(password, 'utf8').digest();
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * `hashes.txt`: unsalted MD5 hashes of a few users. The admin's password comes from the common
 * password list (data/common-passwords.ts), so a wordlist attack cracks it; the flag is encrypted
 * with that password on the last line. Two users have random passwords that no wordlist holds.
 */
export const generateMd5HashList: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'md5-hash-list');
  const [adminPassword = 'password', ...crackable] = random.shuffle(COMMON_PASSWORDS);
  const users = random.shuffle(OTHER_USERS).slice(0, 6);
  const randomPassword = (): string => random.nextBytes(9).toString('base64url');
  const lines = users.map((user, index) => `${user}:${hashMd5(index < 2 ? randomPassword() : (crackable[index] ?? user))}`);
  lines.splice(random.nextInt(lines.length + 1), 0, `admin:${hashMd5(adminPassword)}`);
  const blob = encryptWithPassword(flag, adminPassword, random.nextBytes(16));
  const text = `${HEADER}\n${lines.join('\n')}\n\nflag.enc (AES-256-CBC, key = SHA-256(password), iv prepended, base64): ${blob}\n`;
  return { fileName: 'hashes.txt', contentType: 'text/plain; charset=utf-8', data: Buffer.from(text, 'utf8') };
};
