import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { PublicStatsSchema } from '@drapeau/shared';

import { buildStats } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { server } from '@/testing/server';

import { apiClient, ApiError } from './api-client';

async function catchError(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiClient', () => {
  it('returns the body parsed by the schema and sends cookies and JSON', async () => {
    let credentials: RequestCredentials | undefined;
    let contentType: string | null = null;
    server.use(
      http.post('/api/echo', ({ request }) => {
        credentials = request.credentials;
        contentType = request.headers.get('content-type');
        return HttpResponse.json(buildStats());
      }),
    );
    await expect(apiClient.post('/api/echo', { a: 1 }, PublicStatsSchema)).resolves.toEqual(buildStats());
    expect(credentials).toBe('include');
    expect(contentType).toBe('application/json');
  });

  it('throws the code, status and wait time of an error body', async () => {
    server.use(http.get('/api/stats', () => errorResponse(429, 'RATE_LIMITED', { retryAfterSeconds: 9 })));
    const error = await catchError(apiClient.get('/api/stats', PublicStatsSchema));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 9 });
  });

  it('reports "status: text" as BAD_RESPONSE when the error body is not ours', async () => {
    server.use(http.get('/api/stats', () => new HttpResponse('Bad gateway', { status: 502 })));
    const error = await catchError(apiClient.get('/api/stats', PublicStatsSchema));
    expect(error).toMatchObject({ status: 502, code: 'BAD_RESPONSE', message: '502: Bad gateway' });
  });

  it('reports a success body that is not JSON, or not the expected shape, as BAD_RESPONSE', async () => {
    server.use(http.get('/api/stats', () => new HttpResponse('<html></html>')));
    expect(await catchError(apiClient.get('/api/stats', PublicStatsSchema))).toMatchObject({ code: 'BAD_RESPONSE' });

    server.use(http.get('/api/stats', () => HttpResponse.json({ challengeCount: 'many' })));
    expect(await catchError(apiClient.get('/api/stats', PublicStatsSchema))).toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('reports a failed connection as NETWORK with status 0', async () => {
    server.use(http.get('/api/stats', () => HttpResponse.error()));
    expect(await catchError(apiClient.get('/api/stats', PublicStatsSchema))).toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
  });
});
