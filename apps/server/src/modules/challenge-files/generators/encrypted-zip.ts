import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { COMMON_PASSWORDS } from '../data/common-passwords.js';
import { createSeedStream } from '../lib/seed-stream.js';
import { buildEncryptedZip } from '../lib/zip-crypto-archive.js';

const README = `Internal archive - do not share.

This archive holds the access token for the staging server. It is protected
with a password so that it can travel by e-mail. (The password is the one we
always use, you know the one.)
`;

/** The ZIP password of a deployment: one of the common passwords, chosen by the seed. */
export function pickZipPassword(seed: Buffer): string {
  return createSeedStream(seed, 'encrypted-zip/password').pick(COMMON_PASSWORDS);
}

/**
 * `secret.zip`: flag.txt and readme.txt, both ZipCrypto-encrypted with a password from the common
 * password list, so fcrackzip or John the Ripper (zip2john) with rockyou.txt finds it.
 */
export const generateEncryptedZip: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'encrypted-zip');
  const modifiedAt = new Date(
    Date.UTC(2024, 1, 1 + random.nextInt(27), 8 + random.nextInt(10), random.nextInt(60), random.nextInt(60)),
  );
  const data = buildEncryptedZip(
    [
      { name: 'readme.txt', content: Buffer.from(README, 'utf8'), modifiedAt, headerRandom: random.nextBytes(11) },
      { name: 'flag.txt', content: Buffer.from(`${flag}\n`, 'utf8'), modifiedAt, headerRandom: random.nextBytes(11) },
    ],
    pickZipPassword(seed),
  );
  return { fileName: 'secret.zip', contentType: 'application/zip', data };
};
