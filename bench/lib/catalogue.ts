import yazl from 'yazl';

import { httpRequest } from './http-client.js';
import { type LoadResult, runLoad } from './load.js';

export interface CatalogueResult {
  /** One import of `challenges` new challenges with one small file each (zip size in bytes). */
  import: { challenges: number; files: number; zipBytes: number; createdMs: number; unchangedMs: number; updatedMs: number };
  challengeList: LoadResult;
  challengeDetail: LoadResult;
  /** The first leaderboard page under the same load, just after: the list's server CPU per request is compared to it. */
  leaderboardPage?: LoadResult;
  /** One player's list answer, in bytes, uncompressed. */
  listBytes?: number;
  /** The list, then page 1, asked as a browser does (`accept-encoding: br, gzip`): compressed answers. */
  compressed?: { challengeList: LoadResult; leaderboardPage: LoadResult };
}

const BROWSER = { 'accept-encoding': 'br, gzip' } as const;

/** Issue #35: the list of 220 challenges costs no more than twice page 1's server CPU per request. */
const LIST_TO_PAGE_GOAL = 2;

/** A zip of `count` ctfcli folders, each with a challenge.yml and one small file (`version` changes every description). */
async function benchCatalogueZip(count: number, version: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (let i = 0; i < count; i++) {
    const id = `bench-import-${String(i).padStart(3, '0')}`;
    const yml = [
      `name: Bench import ${i}`,
      'category: forensics',
      `description: Challenge ${i} of the import benchmark (version ${version}).`,
      `value: ${50 + (i % 10) * 10}`,
      'flags:',
      `  - CTF{bench_import_${i}}`,
      `  - {type: regex, content: "bench\\\\{[0-9]+_${i}\\\\}", data: case_insensitive}`,
      'hints:',
      '  - A free hint.',
      '  - {content: "A costly hint.", cost: 10}',
      'files:',
      '  - dist/notes.txt',
      `drapeau: {id: ${id}, level: easy}`,
      '',
    ].join('\n');
    zip.addBuffer(Buffer.from(yml), `${id}/challenge.yml`, { mtime: new Date(0) });
    zip.addBuffer(Buffer.from(`notes for challenge ${i}\n`.repeat(20)), `${id}/dist/notes.txt`, { mtime: new Date(0) });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The server's default PUBLIC_URL is http://localhost:<port>: state-changing requests must come from that origin. */
export const originOf = (baseUrl: string) => baseUrl.replace('127.0.0.1', 'localhost');

export async function adminCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: originOf(baseUrl) },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`admin login answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function timedImport(baseUrl: string, cookie: string, zip: Buffer): Promise<{ ms: number; report: unknown }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/challenges/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip', origin: originOf(baseUrl), cookie },
    body: new Uint8Array(zip),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms, report: JSON.parse(text) };
}

/**
 * The catalogue figures: an import of 200 challenges with 200 small files through the admin API (new, then again
 * unchanged, then every challenge updated), and the players' challenge list and detail under sustained load.
 */
export async function runCatalogue(options: {
  baseUrl: string;
  admin: { email: string; password: string };
  load: { connections: number; durationSeconds: number; warmupSeconds: number; cookies: readonly string[]; serverPid: number };
  count?: number;
}): Promise<CatalogueResult> {
  const count = options.count ?? 200;
  const cookie = await adminCookie(options.baseUrl, options.admin.email, options.admin.password);
  const zip = await benchCatalogueZip(count, 1);
  const created = await timedImport(options.baseUrl, cookie, zip);
  const unchanged = await timedImport(options.baseUrl, cookie, zip);
  const updated = await timedImport(options.baseUrl, cookie, await benchCatalogueZip(count, 2));
  const expect = (report: unknown, key: string) => {
    if ((report as Record<string, number>)[key] !== count) throw new Error(`import: ${JSON.stringify(report).slice(0, 300)}`);
  };
  expect(created.report, 'created');
  expect(unchanged.report, 'unchanged');
  expect(updated.report, 'updated');
  // Every active player once first: the figure is the steady list, not a player's first request (which reads their
  // session and progress), which at a few hundred requests a second would be most of the 8 s.
  const cookies = options.load.cookies;
  for (let i = 0; i < cookies.length; i += 32)
    await Promise.all(
      cookies.slice(i, i + 32).map((c) => httpRequest(`${options.baseUrl}/api/challenges`, { headers: { cookie: c } })),
    );
  const challengeList = await runLoad({ baseUrl: options.baseUrl, path: '/api/challenges', ...options.load });
  const ids = Array.from({ length: count }, (_, i) => `/api/challenges/bench-import-${String(i).padStart(3, '0')}`);
  const challengeDetail = await runLoad({ baseUrl: options.baseUrl, path: ids[0]!, paths: ids, ...options.load });
  const leaderboardPage = await runLoad({ baseUrl: options.baseUrl, path: '/api/leaderboard', ...options.load });
  const compressed = {
    challengeList: await runLoad({ baseUrl: options.baseUrl, path: '/api/challenges', headers: BROWSER, ...options.load }),
    leaderboardPage: await runLoad({ baseUrl: options.baseUrl, path: '/api/leaderboard', headers: BROWSER, ...options.load }),
  };
  const listBytes = Buffer.byteLength(
    (await httpRequest(`${options.baseUrl}/api/challenges`, { headers: { cookie: cookies[0] ?? cookie } })).body,
  );
  return {
    import: {
      challenges: count,
      files: count,
      zipBytes: zip.length,
      createdMs: created.ms,
      unchangedMs: unchanged.ms,
      updatedMs: updated.ms,
    },
    challengeList,
    challengeDetail,
    leaderboardPage,
    listBytes,
    compressed,
  };
}

export function renderCatalogue(kind: string, r: CatalogueResult): string {
  const load = (l: LoadResult) =>
    `${Math.round(l.requestsPerSecond)} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, ${Math.round(l.serverCpuUsPerRequest)} µs CPU/req, non-2xx ${l.non2xx}`;
  const ratio = (list: LoadResult, page: LoadResult) =>
    `${(list.serverCpuUsPerRequest / page.serverCpuUsPerRequest).toFixed(2)}x (goal <= ${LIST_TO_PAGE_GOAL}x)`;
  return [
    `${kind}: import of ${r.import.challenges} challenges with ${r.import.files} files (${(r.import.zipBytes / 1024).toFixed(0)} KB zip): ` +
      `new ${(r.import.createdMs / 1000).toFixed(2)} s, unchanged ${(r.import.unchangedMs / 1000).toFixed(2)} s, ` +
      `all updated ${(r.import.updatedMs / 1000).toFixed(2)} s`,
    `${kind}: challenge list (${r.import.challenges + 20} challenges` +
      `${r.listBytes === undefined ? '' : `, ${(r.listBytes / 1024).toFixed(0)} KB`}): ${load(r.challengeList)}`,
    `${kind}: challenge detail: ${load(r.challengeDetail)}`,
    ...(r.leaderboardPage
      ? [
          `${kind}: leaderboard page 1, same load: ${load(r.leaderboardPage)}`,
          `${kind}: challenge list / page 1, server CPU per request: ${ratio(r.challengeList, r.leaderboardPage)}`,
        ]
      : []),
    ...(r.compressed
      ? [
          `${kind}: compressed (accept-encoding: br, gzip): list ${load(r.compressed.challengeList)}`,
          `${kind}: compressed: page 1 ${load(r.compressed.leaderboardPage)}`,
          `${kind}: compressed: list / page 1, server CPU per request: ${ratio(r.compressed.challengeList, r.compressed.leaderboardPage)}`,
        ]
      : []),
  ].join('\n');
}
