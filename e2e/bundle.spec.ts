import { E2E_ADMIN } from '../playwright.config';

import { expect, test } from './fixtures';

test('The web bundle served to players contains none of this deployment’s flags', async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.status()).toBe(200);
  const { flags } = (await (await request.get('/api/admin/challenges/flags')).json()) as {
    flags: { id: string; flag: string }[];
  };
  expect(flags).toHaveLength(20);

  const html = await (await request.get('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  const bodies = [html];
  for (const asset of assets) bodies.push(await (await request.get(asset)).text());
  // Lazy chunks referenced from the entry chunk.
  for (const body of [...bodies]) {
    for (const m of body.matchAll(/assets\/[A-Za-z0-9_.-]+\.js/g)) {
      const text = await (await request.get(`/${m[0]}`)).text();
      bodies.push(text);
    }
  }
  const all = bodies.join('\n');
  for (const { id, flag } of flags) expect(all.includes(flag), `flag of ${id} found in the bundle`).toBe(false);
  expect(all).not.toMatch(/CTF\{[a-z]+_[a-z0-9]+_[0-9a-f]{24}\}/);
});
