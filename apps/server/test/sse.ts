import { expect } from 'vitest';

import type { TestApp } from './build-test-app.js';

/** Opens the SSE stream over real HTTP, runs `trigger`, and resolves with the data of the first event of `type`. */
export async function nextEvent(baseUrl: string, cookie: string, type: string, trigger: () => Promise<unknown>) {
  return (await eventsUntil(baseUrl, cookie, type, trigger)).at(-1)?.data;
}

/** The session cookie of a user signed in with their password. */
export const cookieOf = async (t: TestApp, email: string, password: string) => {
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return `drapeau.session_token=${login.cookies[0]!.value}`;
};

/**
 * Opens the SSE stream over real HTTP, runs `trigger`, and resolves with every event received up to and including the
 * first of `untilType`: what a stream did NOT get is shown by a later marker event, never by waiting.
 */
export async function eventsUntil(baseUrl: string, cookie: string, untilType: string, trigger: () => Promise<unknown>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const received: { type: string; data: unknown }[] = [];
  let buffer = '';
  const read = async (): Promise<void> => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
      const frames = buffer.split('\n\n');
      buffer = frames.pop() ?? '';
      for (const frame of frames) {
        const lines = frame.split('\n');
        const type = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '));
        if (type === undefined || data === undefined) continue;
        received.push({ type, data: JSON.parse(data.slice(6)) });
        if (type === untilType) return;
      }
    }
  };
  // The stream is registered before its headers are sent: once the 200 is here, no event can be missed.
  const pending = read();
  await trigger();
  // Generous: the event comes as soon as the trigger has run; the bound only ends a broken test.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no event within 60 s')), 60_000);
  });
  try {
    await Promise.race([pending, timeout]);
    return received;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
