import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { PublicChallengeSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { buildChallenge, buildUser } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const CHALLENGE = buildChallenge({ id: 'hash-cracking', title: { en: 'Hash Cracking', fr: 'Cassage de hash' } });

beforeAll(async () => {
  await preloadPage.challengeDetail();
});

describe('the challenge page’s early read', () => {
  it('reads the challenge once on a first load: the read started by the route is the one the page uses', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/challenges/hash-cracking', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(CHALLENGE);
      }),
    );
    renderApp('/challenge/hash-cracking', { sessionUser: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Hash Cracking', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Enable the button.')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('asks again when the early answer failed (signed out, event not started...)', async () => {
    server.use(http.get('/api/challenges/hash-cracking', () => HttpResponse.json(CHALLENGE)));
    const refused = Promise.resolve(new Response('{}', { status: 401 }));
    const challenge = await apiClient.get('/api/challenges/hash-cracking', PublicChallengeSchema, { started: refused });
    expect(challenge.title.en).toBe('Hash Cracking');
    const unreachable = Promise.resolve(null);
    expect((await apiClient.get('/api/challenges/hash-cracking', PublicChallengeSchema, { started: unreachable })).id).toBe(
      'hash-cracking',
    );
  });
});
