import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AdminInstance, AdminInstanceList } from '@drapeau/shared';

import { buildAdmin } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

// docs/product.md "Challenge instances": the admin's list of running instances (owner, challenge, started, expires,
// endpoint), with stop and stop-all after a confirmation.
const instance = (id: string, challengeId: string, owner: AdminInstance['owner'], port: number): AdminInstance => ({
  id,
  challengeId,
  owner,
  scope: owner.kind === 'everybody' ? 'shared' : 'per-player',
  status: 'running',
  endpoint: { protocol: 'tcp', host: 'play.example.net', port, url: null, command: `nc play.example.net ${port}` },
  startedAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-28T11:00:00.000Z',
  extendable: true,
});

function serveInstances() {
  let instances = [
    instance('i-1', 'format-string', { kind: 'user', id: 'u-1', name: 'alice' }, 32001),
    instance('i-2', 'web-sqli', { kind: 'team', id: 't-1', name: 'Red team' }, 32002),
  ];
  const stopped: string[] = [];
  server.use(
    http.get('/api/admin/instances', () => HttpResponse.json<AdminInstanceList>({ instances, isolation: 'ok' })),
    http.delete<{ id: string }>('/api/admin/instances/:id', ({ params }) => {
      stopped.push(params.id);
      instances = instances.filter((i) => i.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
    http.post('/api/admin/instances/stop-all', () => {
      stopped.push('all');
      const count = instances.length;
      instances = [];
      return HttpResponse.json({ stopped: count });
    }),
  );
  return stopped;
}

beforeAll(async () => {
  await preloadPage.admin();
}, 60_000);

describe("the admin's running instances", () => {
  it('lists each with its owner, challenge and endpoint, stops one after a confirmation, then all', async () => {
    const stopped = serveInstances();
    const { user } = renderApp('/admin/event/instances', { sessionUser: buildAdmin() });
    const rows = await screen.findAllByTestId('admin-instance');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('format-string')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('alice (player)')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('nc play.example.net 32001')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Red team (team)')).toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Stop format-string of alice (player)?');
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(await screen.findAllByTestId('admin-instance')).toHaveLength(1);
    expect(stopped).toEqual(['i-1']);

    await user.click(screen.getByRole('button', { name: 'Stop all' }));
    const all = await screen.findByRole('alertdialog');
    expect(all).toHaveTextContent('Stop the running instance?');
    await user.click(within(all).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('No instance is running.')).toBeInTheDocument();
    expect(stopped).toEqual(['i-1', 'all']);
  });
});
