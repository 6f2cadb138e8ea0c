import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { errorResponse } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const bannedUntil = (until: string | null) =>
  http.post('/api/auth/login', () => errorResponse(403, 'USER_BANNED', { ban: { reason: 'Shared flags in the chat', until } }));

async function signIn(labels: { email: string; password: string; submit: string }) {
  const { user, router } = renderApp('/login');
  await user.type(await screen.findByLabelText(labels.email), 'alice@example.com');
  await user.type(screen.getByLabelText(labels.password), 'secret123');
  await user.click(screen.getByRole('button', { name: labels.submit }));
  return router;
}

const EN = { email: 'Email', password: 'Password', submit: 'Login' };

describe('signing in to a suspended account', () => {
  it('shows the admins’ reason and the end of the suspension on the page, and stays there', async () => {
    server.use(bannedUntil('2099-06-01T10:30:00.000Z'));
    const router = await signIn(EN);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^This account is suspended until .*2099.*\. Reason: Shared flags in the chat$/);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says the suspension lasts until restored when it has no end', async () => {
    server.use(bannedUntil(null));
    await signIn(EN);
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is suspended. Reason: Shared flags in the chat');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    server.use(bannedUntil('2099-06-01T10:30:00.000Z'));
    await signIn({ email: 'E-mail', password: 'Mot de passe', submit: 'Se connecter' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Ce compte est suspendu jusqu’au .*2099.*\. Motif\s: Shared flags in the chat$/,
    );
  });
});
