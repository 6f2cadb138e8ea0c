import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ImportChallengeWarning, ImportProblem, ImportWarning } from '@drapeau/shared';

import { buildTestApp, loginAdmin, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { importZip, zipOf } from '../../../../test/ctfcli-fixture.js';

// docs/challenge-authoring.md "challenge.yml": the layouts real ctfcli repositories use import unchanged. Each archive
// below is written here in one of those layouts (our own content). Runs on PostgreSQL too.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

const yml = (name: string, rest = '') =>
  `name: "${name}"\ncategory: web-server\nvalue: 100\nflags:\n  - CTF{${name.length}}\n${rest}`;
const imported = async (files: Record<string, string | Buffer>, symlinks: Record<string, string> = {}) => {
  const response = await importZip(admin, await zipOf(files, symlinks));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    challenges: { id: string; action: string; warnings: ImportChallengeWarning[]; fileCount: number }[];
    skipped: { file: string; code: string; kept?: string; reason: string }[];
  }>();
};
const challenge = async (id: string) => (await admin.get(`/api/admin/challenges/${id}`)).json<Record<string, unknown>>();
const fileText = async (id: string, index = 0) => {
  const { attachments } = (await challenge(id)) as { attachments: { url: string }[] };
  return (await admin.get(attachments[index]!.url)).body;
};

describe('ctfcli layouts import unchanged', () => {
  it('reads `./dist/x`, `../` paths and links that stay inside the archive, each as the file it names', async () => {
    await imported(
      {
        'shared/common.txt': 'common',
        'paths/build/real.txt': 'built',
        'paths/dist/x.txt': 'dist',
        'paths/challenge.yml': yml(
          'Paths',
          'files:\n  - ./dist/x.txt\n  - ../shared/common.txt\n  - linked.txt\n  - out/real.txt\n',
        ),
      },
      { 'paths/linked.txt': '../shared/common.txt', 'paths/out': 'build' },
    );
    expect(await fileText('paths', 0)).toBe('dist');
    expect(await fileText('paths', 1)).toBe('common');
    expect(await fileText('paths', 2)).toBe('common');
    expect(await fileText('paths', 3)).toBe('built');
  });

  it('refuses a path or a link leaving the archive', async () => {
    const zip = await zipOf(
      { 'leave/challenge.yml': yml('Leave', 'files:\n  - ../../etc/passwd\n  - secret\n') },
      { 'leave/secret': '../../secret' },
    );
    const response = await importZip(admin, zip);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.problems).toEqual([
      expect.objectContaining({ code: 'UNSAFE_PATH', field: 'files.0' }),
      expect.objectContaining({ code: 'UNSAFE_PATH', field: 'files.1' }),
    ]);
  });

  it('reads ctfcli.yaml with its own id, and requirements by name or by that numeric id', async () => {
    await imported({
      'first/ctfcli.yaml': `${yml('First Step')}id: 41\n`,
      'second/ctfcli.yaml': `${yml('Second Step')}id: second-own-id\nrequirements: [41]\n`,
      'third/challenge.yml': `${yml('Third Step')}requirements:\n  prerequisites: ["Second Step"]\n`,
    });
    expect(await challenge('second-own-id')).toMatchObject({ prerequisites: ['first-step'] });
    expect(await challenge('third-step')).toMatchObject({ prerequisites: ['second-own-id'] });
  });

  it('skips a kCTF challenge.yaml beside challenge.yml, and a challenge.yml one folder down that is not a challenge', async () => {
    const report = await imported({
      'kctf/challenge.yml': yml('Kctf Web'),
      'kctf/challenge.yaml': 'apiVersion: kctf.dev/v1\nkind: Challenge\nmetadata:\n  name: kctf-web\nspec:\n  deployed: true\n',
      'kctf/deploy/challenge.yml': 'apiVersion: kctf.dev/v1\nkind: Challenge\nmetadata:\n  name: kctf-web\n',
    });
    expect(report.challenges.map((c) => c.id)).toEqual(['kctf-web']);
    expect(report.skipped.map((s) => s.file).sort()).toEqual(['kctf/challenge.yaml', 'kctf/deploy/challenge.yml']);
    expect(report.skipped.every((s) => s.code === 'NOT_A_CHALLENGE')).toBe(true);
  });

  it("skips a folder's second challenge file, naming the one read", async () => {
    const report = await imported({ 'twice/challenge.yml': yml('Twice'), 'twice/ctfcli.yaml': yml('Twice Again') });
    expect(report.challenges.map((c) => c.id)).toEqual(['twice']);
    expect(report.skipped).toEqual([
      expect.objectContaining({ file: 'twice/ctfcli.yaml', code: 'SECOND_IN_FOLDER', kept: 'twice/challenge.yml' }),
    ]);
  });

  it('reads YAML as ctfcli does: an unquoted 6e617468 is a string', async () => {
    await imported({ 'hex/challenge.yml': `${yml('Hex Tag')}tags:\n  - 6e617468\n  - 1e5\n  - crypto\n` });
    expect(await challenge('hex-tag')).toMatchObject({ tags: ['6e617468', '1e5', 'crypto'] });
  });

  it("imports a plugin's type and function as standard or linear, with a warning naming them", async () => {
    const report = await imported({
      'plugin/challenge.yml': `${yml('Plugin Type')}type: multiple_choice\n`,
      'decay/challenge.yml':
        'name: Custom Decay\ncategory: web-server\ntype: dynamic\nextra: {initial: 300, decay: 10, minimum: 50, function: custom_curve}\nflags: ["CTF{d}"]\n',
    });
    const warnings = Object.fromEntries(report.challenges.map((c) => [c.id, c.warnings]));
    // A code and its values, for the panel's EN and FR, and English words for the command line.
    expect(warnings['plugin-type']).toEqual([
      {
        code: 'PLUGIN_TYPE',
        field: 'type',
        params: { type: 'multiple_choice', importedAs: 'standard' },
        message: expect.stringContaining('multiple_choice') as string,
      },
    ]);
    expect(warnings['custom-decay']).toEqual([
      expect.objectContaining({
        code: 'UNKNOWN_FUNCTION',
        field: 'function',
        params: { function: 'custom_curve', importedAs: 'linear' },
      }),
    ]);
    expect(await challenge('plugin-type')).toMatchObject({ scoring: { type: 'static', points: 100 }, state: 'visible' });
    expect(await challenge('custom-decay')).toMatchObject({
      scoring: { type: 'dynamic', initial: 300, decay: 10, minimum: 50, function: 'linear' },
    });
  });

  it("reads both of ctfcli's dynamic layouts", async () => {
    await imported({
      'newer/challenge.yml':
        'name: Newer Dynamic\ncategory: web-server\ntype: dynamic\nvalue: 500\ndecay: 25\nminimum: 100\nfunction: logarithmic\nflags: ["CTF{n}"]\n',
      'older/challenge.yml':
        'name: Older Dynamic\ncategory: web-server\ntype: dynamic\nvalue: 500\nextra:\n  initial: 400\n  decay: 20\n  minimum: 80\nflags: ["CTF{o}"]\n',
    });
    expect(await challenge('newer-dynamic')).toMatchObject({
      scoring: { type: 'dynamic', initial: 500, decay: 25, minimum: 100, function: 'logarithmic' },
    });
    expect(await challenge('older-dynamic')).toMatchObject({
      scoring: { type: 'dynamic', initial: 400, decay: 20, minimum: 80, function: 'linear' },
    });
  });

  it('imports a challenge with no flag or no value hidden, with a warning', async () => {
    const report = await imported({
      'noflag/challenge.yml': 'name: No Flag\ncategory: web-server\nvalue: 50\n',
      'novalue/challenge.yml': 'name: No Value\ncategory: web-server\nflags: ["CTF{v}"]\n',
    });
    const warnings = Object.fromEntries(report.challenges.map((c) => [c.id, c.warnings.map((w) => [w.code, w.field])]));
    expect(warnings['no-flag']).toEqual([['NO_FLAG', 'flags']]);
    expect(warnings['no-value']).toEqual([['NO_VALUE', 'value']]);
    expect(await challenge('no-flag')).toMatchObject({ state: 'hidden', flags: [] });
    expect(await challenge('no-value')).toMatchObject({ state: 'hidden' });
  });

  it("imports only the listed files of a folder holding a service's source: the others neither count nor are read", async () => {
    const source = Object.fromEntries(Array.from({ length: 5_001 }, (_, i) => [`svc/src/module${i}.c`, 'int x;\n']));
    const report = await imported({
      ...source,
      'svc/dist/app.bin': 'binary',
      'svc/challenge.yml': yml('Service', 'files: [dist/app.bin]\n'),
    });
    expect(report.challenges).toEqual([expect.objectContaining({ id: 'service', fileCount: 1 })]);
  });

  it('never lets two names with one slug overwrite each other', async () => {
    await imported({ 'a/challenge.yml': yml('pkijs=') });
    const second = await importZip(admin, await zipOf({ 'b/challenge.yml': yml('pkijs<') }));
    expect(second.statusCode).toBe(400);
    expect(second.json().error.problems[0]).toMatchObject({ code: 'DUPLICATE_CHALLENGE', file: 'b/challenge.yml' });
    expect(await challenge('pkijs')).toMatchObject({ title: { en: 'pkijs=' } });
    // In one archive, the refusal names both files.
    const both = await importZip(admin, await zipOf({ 'c/challenge.yml': yml('dup!'), 'd/challenge.yml': yml('dup?') }));
    expect(both.json().error.problems[0]).toMatchObject({
      reason: 'ID_TWICE',
      params: { id: 'dup', other: 'c/challenge.yml', file: 'd/challenge.yml' },
      message: expect.stringMatching(/c\/challenge\.yml.*d\/challenge\.yml/) as string,
    });
  });

  it('reports every problem of a file in one answer, warnings beside errors', async () => {
    const response = await importZip(
      admin,
      await zipOf({
        'many/challenge.yml':
          `${yml('Many Problems')}category: nowhere\nhost: example.org\nfiles: [gone.bin]\nrequirements: [Nobody]\n`.replace(
            'category: web-server\n',
            '',
          ),
        'many/challenge.yaml': 'apiVersion: kctf.dev/v1\nkind: Challenge\n',
      }),
    );
    expect(response.statusCode).toBe(400);
    const { problems, warnings, skipped } = response.json().error as {
      problems: ImportProblem[];
      warnings: ImportWarning[];
      skipped: { file: string; code: string }[];
    };
    expect(problems.map((p) => [p.code, p.reason, p.params]).sort()).toEqual([
      ['MISSING_FILE', 'FILE_NOT_IN_ARCHIVE', { path: 'gone.bin' }],
      ['UNKNOWN_CATEGORY', 'UNKNOWN_CATEGORY', { category: 'nowhere' }],
      ['UNKNOWN_REQUIREMENT', 'REQUIREMENT_NOT_FOUND', { name: 'Nobody' }],
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({
        file: 'many/challenge.yml',
        code: 'FIELD_NOT_USED',
        field: 'host',
        message: expect.stringContaining('host'),
      }),
    ]);
    // The files left as not challenges too, as a successful import lists them.
    expect(skipped).toEqual([expect.objectContaining({ file: 'many/challenge.yaml', code: 'NOT_A_CHALLENGE' })]);
  });
});
