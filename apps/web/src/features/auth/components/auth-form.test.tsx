import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { AuthResponse } from '@drapeau/shared';

import { buildUser } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

type Events = ReturnType<typeof renderApp>['user'];

async function fillRegister(user: Events, confirmPassword = 'secret123') {
  await user.type(await screen.findByLabelText('Username'), 'alice');
  await user.type(screen.getByLabelText('Email'), 'alice@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
}

async function fillLogin(user: Events) {
  await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
}

describe('auth screen', () => {
  it('refuses mismatched passwords with a toast and sends no request', async () => {
    let registerCalls = 0;
    server.use(
      http.post('/api/auth/register', () => {
        registerCalls += 1;
        return HttpResponse.json<AuthResponse>({ user: buildUser() });
      }),
    );
    const { user, router } = renderApp('/register');
    await fillRegister(user, 'different');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(registerCalls).toBe(0);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('shows "Logging in..." on a disabled button while the login is under way', async () => {
    server.use(
      http.post('/api/auth/login', async () => {
        await delay('infinite');
        return HttpResponse.json<AuthResponse>({ user: buildUser() });
      }),
    );
    const { user } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: /Logging in\.\.\./ })).toBeDisabled();
  });

  it('shows "Creating account..." while registering', async () => {
    server.use(
      http.post('/api/auth/register', async () => {
        await delay('infinite');
        return HttpResponse.json<AuthResponse>({ user: buildUser() });
      }),
    );
    const { user } = renderApp('/register');
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: /Creating account\.\.\./ })).toBeDisabled();
  });

  it('sends the register body, toasts success and opens the challenges', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json<AuthResponse>({ user: buildUser() });
      }),
    );
    const { user, router } = renderApp('/register');
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(body).toEqual({ username: 'alice', email: 'alice@example.com', password: 'secret123' });
  });

  it('logs in with a "Welcome back!" toast and lands on the challenges', async () => {
    const { user, router } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
  });

  it('clears the fields and switches route when toggling mode', async () => {
    const { user, router } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    // Each page's code loads on its first visit.
    expect(await screen.findByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByLabelText('Username')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('goes back to the landing page with Back to Home', async () => {
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('requires a username and uses an email field in register mode', async () => {
    renderApp('/register');
    expect(await screen.findByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it.each([
    ['login', 401, 'INVALID_CREDENTIALS', 'Invalid email or password.'],
    ['login', 403, 'USER_BANNED', 'This account has been suspended.'],
    ['register', 409, 'EMAIL_IN_USE', 'An account already uses this email address.'],
    ['register', 409, 'USERNAME_TAKEN', 'This username is already taken.'],
    ['register', 400, 'WEAK_PASSWORD', 'Password must be at least 6 characters.'],
  ] as const)('on %s, turns %i %s into "%s"', async (mode, status, code, text) => {
    server.use(http.post(`/api/auth/${mode}`, () => errorResponse(status, code)));
    const { user, router } = renderApp(`/${mode}`);
    if (mode === 'login') await fillLogin(user);
    else await fillRegister(user);
    await user.click(screen.getByRole('button', { name: mode === 'login' ? 'Login' : 'Create Account' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/${mode}`);
  });

  it('names the invalid fields of a VALIDATION_FAILED reply', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        errorResponse(400, 'VALIDATION_FAILED', { issues: [{ path: 'email', message: 'Invalid email' }] }),
      ),
    );
    const { user } = renderApp('/register');
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Please check these fields: Email.')).toBeInTheDocument();
  });

  it('tells how long to wait when rate limited', async () => {
    server.use(http.post('/api/auth/login', () => errorResponse(429, 'RATE_LIMITED', { retryAfterSeconds: 30 })));
    const { user } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Too many attempts. Try again in 30 s.')).toBeInTheDocument();
  });

  it('waits out a busy server, saying so, and sends the sign-in again by itself', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/login', () => {
        calls += 1;
        if (calls === 1) return errorResponse(503, 'AUTH_BUSY', { retryAfterSeconds: 1 });
        return HttpResponse.json({ user: buildUser() });
      }),
    );
    const { user, router } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Many people are signing in at once: trying again in 1 s…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: /Logging in/ })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'), { timeout: 5_000 });
    expect(calls).toBe(2);
  });

  it('falls back to "Authentication failed" when the reply cannot be read', async () => {
    server.use(http.post('/api/auth/login', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const { user } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
  });
});

describe('sign-in with a second factor', () => {
  it('asks for the code after the password, then signs in; a backup code can be used instead', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true, methods: ['totp'] })),
      http.post('/api/auth/two-factor/verify', async ({ request }) => {
        const body = (await request.json()) as { code: string; method: string };
        bodies.push(body);
        if (body.code === 'abcde-12345') return HttpResponse.json({ user: buildUser() });
        return errorResponse(401, 'TWO_FACTOR_INVALID_CODE');
      }),
    );
    const { user, router } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    await user.type(screen.getByLabelText('Backup code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(bodies).toEqual([
      { code: '654321', method: 'totp' },
      { code: 'abcde-12345', method: 'backup' },
    ]);
  });

  it('asks an account whose second factor is a passkey for the passkey only', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true, methods: ['passkey'] })));
    const { user } = renderApp('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Use my passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('opens at the second step when single sign-on sends the player back to it', async () => {
    const { router } = renderApp('/login?second-step=totp');
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey instead' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
