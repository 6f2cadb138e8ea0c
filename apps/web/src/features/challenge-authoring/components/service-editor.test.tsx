import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallengeServiceResult } from '@drapeau/shared';

import { buildAdmin } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { buildAdminChallenge, createAuthoringServer } from '../testing/authoring-server';

beforeAll(async () => {
  await preloadPage.admin();
});

const SERVICE = {
  image: 'web/login-bypass/service',
  protocol: 'http',
  port: 8080,
  scope: 'per-player',
  lifetimeMinutes: 60,
  extendable: true,
  memoryMb: 256,
  cpus: 0.5,
} as const;

/** The editor of a challenge whose service's image the platform built or pulled, with the engine's log. */
async function openEditor(
  build: AdminChallengeServiceResult['build'],
  read: () => AdminChallengeServiceResult = () => ({ service: SERVICE, build }),
) {
  const api = createAuthoringServer([buildAdminChallenge()]);
  // Before the authoring server's handlers, whose challenges have no service: the first that matches answers.
  server.use(
    http.get('/api/admin/challenges/login-bypass/service', () => HttpResponse.json<AdminChallengeServiceResult>(read())),
    ...api.handlers,
  );
  const { user } = renderApp('/admin?tab=challenges', { sessionUser: buildAdmin() });
  await user.click(await screen.findByRole('button', { name: 'Edit Login Bypass' }));
  return { form: within(await screen.findByRole('form', { name: 'Service' })), user };
}

describe('the editor’s service section (docs/challenge-authoring.md "A challenge with a service")', () => {
  it('shows a failed build with the engine’s log open, to read why', async () => {
    const log = 'STEP 1/3: FROM debian:bookworm-slim\nError: initializing source docker://debian:bookworm-slim: no such host';
    const { form } = await openEditor({ status: 'failed', log, finishedAt: '2026-11-28T19:00:00.000Z' });
    expect(form.getByTestId('service-build-status')).toHaveTextContent('Image build failed');
    expect(form.getByText("The image could not be built or pulled: the engine's log").closest('details')).toHaveAttribute('open');
    expect(form.getByTestId('service-build-log')).toHaveTextContent('no such host');
    expect(form.getByLabelText('Image')).toHaveValue('web/login-bypass/service');
  });

  it('shows a built image as ready, its log a click away', async () => {
    const { form } = await openEditor({ status: 'built', log: 'pulling registry.example/web:1\nok', finishedAt: null });
    expect(form.getByTestId('service-build-status')).toHaveTextContent('Image ready');
    const details = form.getByText("The engine's log").closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(form.getByTestId('service-build-log')).toHaveTextContent('pulling registry.example/web:1');
  });

  it('after a new image is saved, shows its pull under way with the engine’s log', async () => {
    const typed = 'registry.example.org/ctf/web:2';
    let current: AdminChallengeServiceResult = { service: SERVICE, build: null };
    server.use(
      http.put('/api/admin/challenges/login-bypass/service', async ({ request }) => {
        const image = ((await request.json()) as { image: string }).image;
        current = {
          service: { ...SERVICE, image },
          build: { status: 'building', log: `pulling ${image}\nTrying to pull ${image}...\n`, finishedAt: null },
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const { form, user } = await openEditor(null, () => current);
    expect(form.queryByTestId('service-build-status')).not.toBeInTheDocument();
    const image = form.getByLabelText('Image');
    await user.clear(image);
    await user.type(image, typed);
    await user.click(form.getByRole('button', { name: 'Save the service' }));
    expect(await form.findByTestId('service-build-status')).toHaveTextContent('Image being built or pulled');
    expect(form.getByTestId('service-build-log')).toHaveTextContent(`Trying to pull ${typed}`);
    expect(form.getByLabelText('Image')).toHaveValue(typed);
  });
});
