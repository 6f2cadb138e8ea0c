import { describe, expect, it } from 'vitest';

import { runLab, TEST_FLAG } from '../lab-test-helpers.js';

import { hiddenHttpHeadersLab, LAB_REQUEST } from './hidden-http-headers.js';

describe('hidden-http-headers lab', () => {
  it('answers the request with the flag in an X-Flag response header, among realistic ones', () => {
    const result = runLab(hiddenHttpHeadersLab, 'request');
    expect(result.ok).toBe(true);
    expect(result.code).toBe('response-received');
    expect(result.headers).toMatchObject({ 'X-Flag': TEST_FLAG, 'X-Powered-By': expect.any(String) });
    expect(Object.keys(result.headers ?? {}).length).toBeGreaterThan(2);
  });

  it('names the request the Network tab shows, so that the console and the traffic tell the same story', () => {
    expect(runLab(hiddenHttpHeadersLab, 'request').output.endpoint).toBe(LAB_REQUEST);
    expect(LAB_REQUEST).toBe('POST /api/challenges/hidden-http-headers/lab');
  });

  it('keeps the flag out of the body: only the headers carry it', () => {
    const result = runLab(hiddenHttpHeadersLab, 'request');
    expect(JSON.stringify(result.output)).not.toContain(TEST_FLAG);
  });

  it('sends header values that are valid in HTTP', () => {
    const result = runLab(hiddenHttpHeadersLab, 'request');
    for (const [name, value] of Object.entries(result.headers ?? {})) {
      expect(name).toMatch(/^[A-Za-z0-9-]+$/);
      expect(value).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('answers unknown-action, without headers, to anything else', () => {
    const result = runLab(hiddenHttpHeadersLab, 'get');
    expect(result.code).toBe('unknown-action');
    expect(result.headers).toBeUndefined();
  });
});
