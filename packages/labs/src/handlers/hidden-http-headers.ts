import { createLabHandler } from '../lab-handler.js';

/** The request the page really sends, as the Network tab lists it: the console names the same one. */
export const LAB_REQUEST = 'POST /api/challenges/hidden-http-headers/lab';

/**
 * The response of the lab's own request (what the Network tab shows): a dull body, and the flag in a custom header
 * among the debugging and fingerprinting headers a careless backend adds.
 */
function buildSecretHeaders(flag: string): Record<string, string> {
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
    output: { endpoint: LAB_REQUEST, body: '{"message":"Nothing to see here."}' },
    headers: buildSecretHeaders(flag),
  }),
});
