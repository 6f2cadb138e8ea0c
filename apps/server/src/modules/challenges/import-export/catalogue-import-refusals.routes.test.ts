import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { declareSizes, importZip, zipOf } from '../../../../test/ctfcli-fixture.js';

// The admin import's refusals (docs/challenge-authoring.md): bad input is refused as a whole, and an archive cannot reach
// outside its folder or expand without bound. Runs on PostgreSQL too.
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

describe('bad input: refused as a whole, naming file, line and field; nothing written', () => {
  const GOOD = { 'good/challenge.yml': 'name: Good One\ncategory: web-server\nvalue: 10\nflags:\n  - CTF{good}\n' };
  const refuse = async (files: Record<string, string>, expected: Record<string, unknown>) => {
    // The first problem is the one the input was written to show; YAML errors may add a second one further down.
    const response = await importZip(admin, await zipOf({ ...GOOD, ...files }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'IMPORT_INVALID' });
    expect(response.json().error.problems[0]).toMatchObject(expected);
    expect((await admin.get('/api/admin/challenges/good-one')).statusCode).toBe(404);
  };

  it('invalid YAML, with its line', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\n  value: [10\n' },
      { code: 'INVALID_YAML', file: 'bad/challenge.yml', line: 5 },
    ));
  it('a field of the wrong type', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nvalue: lots\nflags:\n  - CTF{x}\n' },
      {
        code: 'INVALID_FIELD',
        file: 'bad/challenge.yml',
        line: 3,
        field: 'value',
        reason: 'FIELD_TYPE',
        params: { expected: 'number' },
      },
    ));
  // The panel words these in the admin's language from the reason; the reader's own words stay in params.detail.
  it('a field given twice', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\nname: Twice\ncategory: web-server\nflags:\n  - CTF{x}\n' },
      {
        code: 'INVALID_YAML',
        line: 2,
        reason: 'YAML_DUPLICATE_KEY',
        params: { detail: expect.stringContaining('unique') as string },
      },
    ));
  it('a line indented with a tab', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n\t- CTF{x}\n' },
      { code: 'INVALID_YAML', file: 'bad/challenge.yml', reason: 'YAML_TAB' },
    ));
  it('an unknown category', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\nvalue: 10\ncategory: Quantum\nflags:\n  - CTF{x}\n' },
      { code: 'UNKNOWN_CATEGORY', file: 'bad/challenge.yml', line: 3, field: 'category' },
    ));
  it('an unknown level', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\ndrapeau:\n  level: extreme\n' },
      { code: 'UNKNOWN_LEVEL', file: 'bad/challenge.yml', line: 6, field: 'drapeau.level' },
    ));
  it('a file that is not in the folder', () =>
    refuse(
      {
        'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\nfiles:\n  - dist/a.txt\n  - gone.bin\n',
        'bad/dist/a.txt': 'here',
      },
      { code: 'MISSING_FILE', file: 'bad/challenge.yml', line: 7, field: 'files.1' },
    ));
  it('a file outside the folder', () =>
    refuse(
      {
        'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\nfiles:\n  - ../../good/challenge.yml\n',
      },
      { code: 'UNSAFE_PATH', file: 'bad/challenge.yml', line: 6, field: 'files.0' },
    ));
  it('a requirement that names no challenge', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\nrequirements:\n  - Good One\n  - Nobody\n' },
      { code: 'UNKNOWN_REQUIREMENT', file: 'bad/challenge.yml', line: 7, field: 'requirements.1' },
    ));
  it('a cycle of requirements', () =>
    refuse(
      {
        'a/challenge.yml': 'name: Alpha\ncategory: web-server\nflags:\n  - CTF{a}\nrequirements: [Beta]\n',
        'b/challenge.yml': 'name: Beta\ncategory: web-server\nflags:\n  - CTF{b}\nrequirements: [Good One, Alpha]\n',
      },
      {
        code: 'REQUIREMENT_CYCLE',
        file: 'a/challenge.yml',
        line: 5,
        field: 'requirements',
        message: expect.stringContaining('alpha → beta → alpha'),
      },
    ));
  it('an unsafe regex flag, with the reason', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - {type: regex, content: "(a)\\\\1"}\n' },
      { code: 'INVALID_FLAG_PATTERN', file: 'bad/challenge.yml', line: 4, field: 'flags.0' },
    ));
});

describe('imports are bounded and stay inside their folder', () => {
  /** yazl refuses to write unsafe names: write a same-length name, then patch it in the archive's bytes. */
  const zipWithName = async (placeholder: string, name: string) => {
    const zip = await zipOf({ ...{ [placeholder]: 'name: X\ncategory: web-server\nflags: ["CTF{x}"]\n' } });
    return Buffer.from(zip.toString('latin1').split(placeholder).join(name), 'latin1');
  };
  const problemOf = async (data: Buffer) => {
    const response = await importZip(admin, data);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().error.problems[0];
  };

  it('refuses a path that climbs out of the archive ("zip slip"), an absolute path and a symbolic link leaving it', async () => {
    expect(await problemOf(await zipWithName('xx/x/challenge.yml', '../x/challenge.yml'))).toMatchObject({
      code: 'UNSAFE_PATH',
      file: '../x/challenge.yml',
    });
    expect(await problemOf(await zipWithName('xetc/challenge.yml', '/etc/challenge.yml'))).toMatchObject({
      code: 'UNSAFE_PATH',
    });
    const link = await zipOf(
      { 'a/challenge.yml': 'name: Linked\ncategory: web-server\nflags: ["CTF{x}"]\nfiles: [secret]\n' },
      { 'a/secret': '/etc/passwd' },
    );
    expect(await problemOf(link)).toMatchObject({ code: 'UNSAFE_PATH', file: 'a/challenge.yml', field: 'files.0' });
    expect((await admin.get('/api/admin/challenges/linked')).statusCode).toBe(404);
  });

  it('refuses YAML aliases that expand without bound ("billion laughs")', async () => {
    const lines = [
      'name: Laughs',
      'category: web-server',
      'flags: ["CTF{x}"]',
      'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ];
    const names = 'abcdefghi';
    for (let i = 1; i < names.length; i++)
      lines.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(', ')}]`,
      );
    const yaml = `${lines.join('\n')}\ntags: *i\n`;
    const problem = await problemOf(await zipOf({ 'l/challenge.yml': yaml }));
    expect(problem).toMatchObject({ code: 'INVALID_YAML', file: 'l/challenge.yml' });
  });

  it('refuses a challenge listing too many files', async () => {
    const names = Array.from({ length: 5_001 }, (_, i) => `f${i}`);
    const many: Record<string, string> = {
      'a/challenge.yml': `name: Many\ncategory: web-server\nflags: ["CTF{x}"]\nfiles: [${names.join(', ')}]\n`,
    };
    for (const name of names) many[`a/${name}`] = '';
    expect(await problemOf(await zipOf(many))).toMatchObject({ code: 'TOO_MANY_FILES' });
  });

  // Issue #34: 11 files of 49 MB of zeros took the server from 650 MB to 1.15 GB. The sizes are refused from the zip's
  // central directory, before anything is inflated, and inflation stops where the declared size or the bounds do.
  const listing = (names: string[]) => ({
    'z/challenge.yml': `name: Zeros\ncategory: web-server\nflags: ["CTF{x}"]\nfiles: [${names.join(', ')}]\n`,
  });
  it('refuses files declaring more than the bounds before inflating them', async () => {
    const names = Array.from({ length: 11 }, (_, i) => `zeros${i}.bin`);
    const small = await zipOf({ ...listing(names), ...Object.fromEntries(names.map((n) => [`z/${n}`, 'x'])) });
    const declared = declareSizes(small, Object.fromEntries(names.map((n) => [`z/${n}`, 49 * 1024 * 1024])));
    expect(await problemOf(declared)).toMatchObject({ code: 'TOO_LARGE', file: 'z/zeros10.bin' });
    expect((await admin.get('/api/admin/challenges/zeros')).statusCode).toBe(404);
  });
  it('cuts a file inflating past its declared size', async () => {
    const zip = await zipOf({ ...listing(['zeros.bin']), 'z/zeros.bin': Buffer.alloc(1024 * 1024) });
    expect(await problemOf(declareSizes(zip, { 'z/zeros.bin': 100 }))).toMatchObject({ code: 'TOO_LARGE', file: 'z/zeros.bin' });
    expect((await admin.get('/api/admin/challenges/zeros')).statusCode).toBe(404);
  });

  it('refuses what is not a zip', async () => {
    expect(await problemOf(Buffer.from('name: not a zip\n'))).toMatchObject({ code: 'NOT_A_ZIP' });
  });
});
