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
  it('has a component for each exercise of the product', () => {
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
        'invoice-idor',
        'path-traversal-filter-bypass',
        'server-side-template-injection',
        'sudo-misconfiguration',
        'format-string',
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

describe('Invoice IDOR lab', () => {
  it('sends the address-bar path and shows the response, then the flag the server returns', async () => {
    const requests = mockLab(({ input }): LabResponse =>
      input.path === '/invoices/4707'
        ? { ok: true, code: 'other-customer', output: { status: '200', text: 'Invoice #4707', flag: FAKE_FLAG } }
        : { ok: false, code: 'not-found', output: { status: '404', text: 'Invoice not found' } },
    );
    const { user } = renderLab('invoice-idor');
    const address = screen.getByLabelText('Address');
    expect(address).toHaveValue('/invoices');
    await user.clear(address);
    await user.type(address, '/invoices/9999');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText(/HTTP 404: nothing here\./)).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, '/invoices/4707');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText(FAKE_FLAG)).toBeInTheDocument();
    expect(requests).toEqual([
      { action: 'get', input: { path: '/invoices/9999' } },
      { action: 'get', input: { path: '/invoices/4707' } },
    ]);
  });
});

describe('Path traversal lab', () => {
  it('starts from the viewer’s own address and shows what the server answered', async () => {
    const requests = mockLab((): LabResponse => ({
      ok: false,
      code: 'php-error',
      output: { text: 'PHP Warning:  readfile(/srv/files/etc/flag)' },
    }));
    const { user } = renderLab('path-traversal-filter-bypass');
    expect(screen.getByLabelText('Address')).toHaveValue('/view.php?file=welcome.txt');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText(/readfile\(\/srv\/files\/etc\/flag\)/)).toBeInTheDocument();
    expect(requests).toEqual([{ action: 'view', input: { url: '/view.php?file=welcome.txt' } }]);
  });
});

describe('Format string lab', () => {
  it('shows echo.c, sends the line, and explains a crash', async () => {
    const requests = mockLab((): LabResponse => ({
      ok: false,
      code: 'segfault',
      output: { text: 'Segmentation fault (core dumped)' },
    }));
    const { user } = renderLab('format-string');
    expect(screen.getByText(/printf\(buf\);/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Line for echo’s standard input'), '%7$s');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Segmentation fault \(core dumped\)/)).toBeInTheDocument();
    expect(screen.getByText(/nothing it had printed came out/)).toBeInTheDocument();
    expect(requests).toEqual([{ action: 'run', input: { line: '%7$s' } }]);
  });
});

describe('Sudo misconfiguration lab', () => {
  it('sends each command with the session’s earlier lines, and follows the prompt the server gives', async () => {
    const requests = mockLab(({ input }): LabResponse =>
      input.command === 'id'
        ? { ok: false, code: 'output', output: { text: 'uid=0(root) gid=0(root) groups=0(root)\n', prompt: '# ' } }
        : { ok: false, code: 'output', output: { text: '', prompt: '# ' } },
    );
    const { user } = renderLab('sudo-misconfiguration');
    const command = screen.getByLabelText('Command');
    await user.type(command, 'sudo find . -exec /bin/sh \\; -quit');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(command).toHaveValue(''));
    await user.type(command, 'id');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(/uid=0\(root\)/)).toBeInTheDocument();
    expect(screen.getByText('#', { normalizer: (text) => text.trim() })).toBeInTheDocument();
    expect(requests).toEqual([
      { action: 'run', input: { command: 'sudo find . -exec /bin/sh \\; -quit', history: '' } },
      { action: 'run', input: { command: 'id', history: 'sudo find . -exec /bin/sh \\; -quit' } },
    ]);
  });
});

describe('Server-side template injection lab', () => {
  it('shows the HTML the server rendered, and the 403 of the blocklist', async () => {
    const requests = mockLab(({ input }): LabResponse =>
      input.name === '{{ config }}'
        ? { ok: false, code: 'blocked', output: { status: '403', text: 'Hacking attempt detected.' } }
        : { ok: false, code: 'rendered', output: { status: '200', text: '<p>Hello 49!</p>' } },
    );
    const { user } = renderLab('server-side-template-injection');
    const name = screen.getByLabelText('Your name');
    await user.type(name, '{{{{7*7}}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/<p>Hello 49!<\/p>/)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '{{{{ config }}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/HTTP 403: the app refused a word in your name\./)).toBeInTheDocument();
    expect(requests.map((request) => request.input.name)).toEqual(['{{7*7}}', '{{ config }}']);
  });
});
