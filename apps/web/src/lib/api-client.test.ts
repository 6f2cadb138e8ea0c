import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { PublicStats } from '@drapeau/shared';

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
  it('returns the JSON answer as it came, and sends cookies and JSON', async () => {
    let credentials: RequestCredentials | undefined;
    let contentType: string | null = null;
    server.use(
      http.post('/api/echo', ({ request }) => {
        credentials = request.credentials;
        contentType = request.headers.get('content-type');
        return HttpResponse.json(buildStats());
      }),
    );
    await expect(apiClient.post<PublicStats>('/api/echo', { a: 1 })).resolves.toEqual(buildStats());
    expect(credentials).toBe('include');
    expect(contentType).toBe('application/json');
  });

  it('trusts the answer: a field the contract does not list reaches the caller unchecked', async () => {
    // The server's serializer is the check (docs/conventions.md#validation-and-errors); none runs again here.
    server.use(http.get('/api/stats', () => HttpResponse.json({ challengeCount: 'many', extra: [1] })));
    await expect(apiClient.get('/api/stats')).resolves.toEqual({ challengeCount: 'many', extra: [1] });
  });

  it('throws the code, status, wait time and details of our error body', async () => {
    server.use(http.get('/api/stats', () => errorResponse(429, 'RATE_LIMITED', { retryAfterSeconds: 9 })));
    const error = await catchError(apiClient.get('/api/stats'));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 9 });
    expect(error.message).toBe('RATE_LIMITED from the test server');

    const issues = [{ path: 'username', message: 'Too short' }];
    server.use(http.post('/api/echo', () => errorResponse(400, 'VALIDATION_FAILED', { issues })));
    expect(await catchError(apiClient.post('/api/echo', {}))).toMatchObject({ code: 'VALIDATION_FAILED', issues });
  });

  it('reports "status: text" as BAD_RESPONSE when the error body is not ours', async () => {
    server.use(http.get('/api/stats', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await catchError(apiClient.get('/api/stats'));
    expect(error).toMatchObject({ status: 502, code: 'BAD_RESPONSE', message: '502: <html>Bad gateway</html>' });

    // JSON, but not ours: a proxy's or a gateway's own error object.
    server.use(http.get('/api/stats', () => HttpResponse.json({ message: 'upstream timed out' }, { status: 504 })));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({
      status: 504,
      code: 'BAD_RESPONSE',
      message: '504: {"message":"upstream timed out"}',
    });
    server.use(http.get('/api/stats', () => HttpResponse.json({ error: { code: 500, message: 'x' } }, { status: 500 })));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({ code: 'BAD_RESPONSE' });
    server.use(http.get('/api/stats', () => HttpResponse.json({ error: { code: 'INTERNAL' } }, { status: 500 })));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({ code: 'BAD_RESPONSE' });
    server.use(http.get('/api/stats', () => HttpResponse.json({ error: 'INTERNAL' }, { status: 500 })));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({ code: 'BAD_RESPONSE' });
    server.use(http.get('/api/stats', () => HttpResponse.json(null, { status: 500 })));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({ code: 'BAD_RESPONSE', message: '500: null' });
  });

  it('reports a success body that is not JSON, or empty, as BAD_RESPONSE', async () => {
    server.use(http.get('/api/stats', () => new HttpResponse('<html></html>')));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: 'Unexpected response from GET /api/stats',
    });

    server.use(http.get('/api/stats', () => new HttpResponse('')));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('reports a failed connection as NETWORK with status 0', async () => {
    server.use(http.get('/api/stats', () => HttpResponse.error()));
    expect(await catchError(apiClient.get('/api/stats'))).toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
  });
});
