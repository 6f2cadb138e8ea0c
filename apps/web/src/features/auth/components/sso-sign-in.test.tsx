import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { ssoHandler } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const SSO = { enabled: true, label: 'École Connect', localSignUp: true };

afterEach(() => vi.unstubAllGlobals());

describe('single sign-on on the sign-in and sign-up pages', () => {
  it('offers no button when single sign-on is off', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with École/ })).not.toBeInTheDocument();
  });

  it('sends the browser to the provider’s sign-in page with the button named after it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      ssoHandler(SSO),
      http.post('/api/auth/sso/start', () => HttpResponse.json({ url: 'https://idp.example.org/authorize?state=s' })),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with École Connect' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.org/authorize?state=s'));
  });

  it('closes the sign-up form when accounts come from single sign-on only', async () => {
    server.use(ssoHandler({ ...SSO, localSignUp: false }));
    renderApp('/register');
    expect(await screen.findByText(/Accounts here come from single sign-on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with École Connect' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('says when the provider sent the player back without a session, in French', async () => {
    await i18n.changeLanguage('fr');
    server.use(ssoHandler({ ...SSO, label: '' }));
    renderApp('/login?sso=failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('L’authentification unique ne vous a pas connecté.');
    expect(await screen.findByRole('button', { name: 'Se connecter avec l’authentification unique' })).toBeInTheDocument();
  });
});
