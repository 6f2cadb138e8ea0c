import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { E2E_ADMIN } from '../playwright.config';

import { expect, test } from './fixtures';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** One challenge per `challenge.yml` of the built-in pack: what the deployment seeded. */
const PACK_CHALLENGE_COUNT = readdirSync(path.resolve(import.meta.dirname, '../apps/server/src/modules/challenges/pack'), {
  recursive: true,
  encoding: 'utf8',
}).filter((file) => path.basename(file) === 'challenge.yml').length;

/** Every file the server can send of the web app, the precompressed copies opened too. */
function builtFiles(dir = DIST): { name: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(file);
    const raw = readFileSync(file);
    const data = file.endsWith('.br') ? brotliDecompressSync(raw) : file.endsWith('.gz') ? gunzipSync(raw) : raw;
    return [{ name: path.relative(DIST, file), text: data.toString('latin1') }];
  });
}

/** A flag as code could hide it: as it is, reversed, in base64, hex, URL or \u escapes, or as a list of char codes. */
function disguises(flag: string): string[] {
  const bytes = Buffer.from(flag);
  return [
    flag,
    [...flag].reverse().join(''),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    encodeURIComponent(flag),
    [...flag].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    [...flag].map((c) => c.charCodeAt(0)).join(','),
  ];
}

test('The web app contains none of this deployment’s flags, in any file and any usual disguise', async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.status()).toBe(200);
  const { flags } = (await (await request.get('/api/admin/challenges/flags')).json()) as {
    flags: { id: string; flag: string }[];
  };
  expect(flags).toHaveLength(PACK_CHALLENGE_COUNT);

  const files = builtFiles();
  // The files on disk are the ones served: the page and each script it names are among them.
  const html = await (await request.get('/')).text();
  const served = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(served.length).toBeGreaterThan(0);
  for (const asset of served) expect(files.some((f) => f.name === asset)).toBe(true);
  expect(files.filter((f) => f.name.endsWith('.js')).length).toBeGreaterThan(10);

  // Searched in plain code and asserted once: an assertion per search would record thousands of steps.
  const found: string[] = [];
  for (const { id, flag } of flags)
    for (const disguise of disguises(flag))
      for (const file of files) if (file.text.includes(disguise)) found.push(`flag of ${id} (${disguise}) in ${file.name}`);
  for (const file of files)
    if (/CTF\{[a-z]+_[a-z0-9]+_[0-9a-f]{24}\}/.test(file.text)) found.push(`a flag-shaped text in ${file.name}`);
  expect(found).toEqual([]);
});
