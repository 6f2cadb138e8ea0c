import { createLabHandler } from '../lab-handler.js';

/** The response of the fake `GET /api/secret`: a dull body, and the flag in a custom header. */
export function buildSecretHeaders(flag: string): Record<string, string> {
  return {
    'X-Powered-By': 'PHP/7.4.3',
    'X-Backend-Server': 'api-02.internal',
    'X-Debug-Token': '5f2b9c1e7a04',
    'X-Flag': flag,
  };
}

export const hiddenHttpHeadersLab = createLabHandler('hidden-http-headers', {
  request: (_input, { flag }) => ({
    ok: true,
    code: 'response-received',
    output: { endpoint: 'GET /api/secret', body: '{"message":"Nothing to see here."}' },
    headers: buildSecretHeaders(flag),
  }),
});
