import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { LabRequest, LabResponse } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { errorResponse } from '@/testing/handlers';
import { server } from '@/testing/server';

import { LAB_COMPONENTS, LabPanel } from './lab-panel';

const FAKE_FLAG = 'CTF{from_the_test_server}';

/** Answers POST /api/challenges/:id/lab with `answer(request)`, and records the requests. */
function mockLab(answer: (request: LabRequest) => LabResponse, headers: Record<string, string> = {}) {
  const requests: LabRequest[] = [];
  server.use(
    http.post('/api/challenges/:id/lab', async ({ request }) => {
      const body = (await request.json()) as LabRequest;
      requests.push(body);
      return HttpResponse.json<LabResponse>(answer(body), { headers });
    }),
  );
  return requests;
}

function renderLab(challengeId: string) {
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <LabPanel challengeId={challengeId} />
    </QueryClientProvider>,
  );
  return { ...view, user };
}

describe('LabPanel', () => {
  it('has a component for each of the 11 exercises of the product', () => {
    expect(Object.keys(LAB_COMPONENTS).sort()).toEqual(
      [
        'command-injection',
        'cronjob-hijacking',
        'dom-manipulation',
        'hidden-http-headers',
        'jwt-token-forgery',
        'kernel-exploit',
        'localstorage-secrets',
        'sql-injection-extraction',
        'suid-binary-exploitation',
        'xor-encryption',
        'xss-filter-bypass',
      ].sort(),
    );
  });

  it('renders nothing for a challenge without an exercise', () => {
    const { container } = renderLab('caesar-cipher');
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing for an inherited object key', () => {
    const { container } = renderLab('constructor');
    expect(container).toBeEmptyDOMElement();
  });
});

describe('SQL injection lab', () => {
  it('shows the debug query and the spec message on failure', async () => {
    const requests = mockLab(({ input }) => ({
      ok: false,
      code: 'invalid-credentials',
      output: { query: `SELECT * FROM users WHERE username = '${input.username}' AND password = '${input.password}'` },
    }));
    const { user } = renderLab('sql-injection-extraction');
    await user.type(screen.getByLabelText('Username'), 'bob');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invalid credentials. Try again!')).toBeInTheDocument();
    expect(screen.getByText("SELECT * FROM users WHERE username = 'bob' AND password = 'pw'")).toBeInTheDocument();
    expect(requests).toEqual([{ action: 'login', input: { username: 'bob', password: 'pw' } }]);
  });

  it('shows the flag the server returns on success', async () => {
    mockLab(() => ({ ok: true, code: 'logged-in', output: { query: 'SELECT 1', flag: FAKE_FLAG } }));
    const { user } = renderLab('sql-injection-extraction');
    await user.type(screen.getByLabelText('Username'), "' or 1=1 --");
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(FAKE_FLAG)).toBeInTheDocument();
  });

  it('tells the player to slow down when the server rate-limits the lab', async () => {
    server.use(http.post('/api/challenges/:id/lab', () => errorResponse(429, 'RATE_LIMITED', { retryAfterSeconds: 42 })));
    const { user } = renderLab('sql-injection-extraction');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Try again in 42 s/)).toBeInTheDocument();
  });
});

describe('XSS filter bypass lab', () => {
  it('renders the sanitized comment only in the server’s preview frame, sandboxed without allow-same-origin', async () => {
    mockLab(() => ({ ok: true, code: 'bypassed', output: { html: '<svg onload=alert(1)>', flag: FAKE_FLAG } }));
    const { user, container } = renderLab('xss-filter-bypass');
    await user.type(screen.getByLabelText('Your comment (HTML allowed)'), 'x');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    const frame = await screen.findByTitle('Rendered comment (isolated sandbox)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-modals');
    const src = frame.getAttribute('src') ?? '';
    expect(src.startsWith('/api/challenges/xss-filter-bypass/lab/preview#')).toBe(true);
    const fragment = src.split('#')[1] ?? '';
    expect(atob(fragment.replaceAll('-', '+').replaceAll('_', '/'))).toBe('<svg onload=alert(1)>');
    expect(container.querySelector('svg[onload]')).toBeNull();
    expect(screen.getByText('Filter bypassed!')).toBeInTheDocument();
    expect(screen.getByText(FAKE_FLAG)).toBeInTheDocument();
  });
});

describe('DOM manipulation lab', () => {
  it('renders disabled controls carrying the access code, and a console validateAccess that returns the flag', async () => {
    const requests = mockLab(({ action, input }): LabResponse =>
      action === 'panel'
        ? { ok: false, code: 'panel', output: { accessCode: 'open-me' } }
        : input.value === 'open-me'
          ? { ok: true, code: 'granted', output: { flag: FAKE_FLAG } }
          : { ok: false, code: 'denied', output: {} },
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderLab('dom-manipulation');

    const input = await screen.findByPlaceholderText('Access code required');
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('data-access-code', 'open-me');
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeDisabled();

    await expect(window.validateAccess?.('nope')).resolves.toBe('Access denied: invalid access code.');
    await expect(window.validateAccess?.('open-me')).resolves.toBe(FAKE_FLAG);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(FAKE_FLAG));
    expect(await screen.findByText(FAKE_FLAG)).toBeInTheDocument();
    expect(requests.map((request) => request.action)).toEqual(['panel', 'validate', 'validate']);
  });
});

describe('Hidden HTTP headers lab', () => {
  it('logs each response header to the console and shows only the body', async () => {
    mockLab(() => ({ ok: true, code: 'response-received', output: { endpoint: 'GET /api/secret', body: '{"message":"hi"}' } }), {
      'X-Flag': FAKE_FLAG,
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'groupCollapsed').mockImplementation(() => undefined);
    const { user } = renderLab('hidden-http-headers');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('{"message":"hi"}')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalledWith(`x-flag: ${FAKE_FLAG}`));
    expect(screen.queryByText(new RegExp(FAKE_FLAG.replace(/[{}]/g, '\\$&')))).toBeNull();
  });
});

describe('localStorage secrets lab', () => {
  it('writes the keys the server issues into localStorage', async () => {
    mockLab(() => ({ ok: true, code: 'keys-issued', output: { session_id: 'abc', admin_token: 'e30=' } }));
    const { user } = renderLab('localstorage-secrets');
    await user.click(screen.getByRole('button', { name: 'Sign in as guest' }));

    expect(await screen.findByText(/2 session keys were written/)).toBeInTheDocument();
    expect(window.localStorage.getItem('admin_token')).toBe('e30=');
    expect(window.localStorage.getItem('session_id')).toBe('abc');
  });

  it.each([
    ['en', 'Clear the keys', /refused to write/],
    ['fr', 'Effacer les clés', /refusé d’écrire/],
  ])('clears the keys without claiming storage was refused (%s)', async (language, clear, refused) => {
    await i18n.changeLanguage(language);
    mockLab(() => ({ ok: true, code: 'keys-issued', output: { session_id: 'abc' } }));
    const { user } = renderLab('localstorage-secrets');
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Sign in as guest' : /invité/i }));
    await user.click(await screen.findByRole('button', { name: clear }));

    expect(window.localStorage.getItem('session_id')).toBeNull();
    expect(screen.queryByText(refused)).not.toBeInTheDocument();
  });
});
