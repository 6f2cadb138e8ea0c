import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.use(
    http.get('/api/badges', () => HttpResponse.json({ badges: [] })),
    http.get('/api/auth/passkeys', () => HttpResponse.json([])),
  );
});

async function emailSection() {
  return (await screen.findByRole('heading', { name: 'Email address' })).closest('section')!;
}

describe('the address on the account page', () => {
  it('says "Not confirmed" and offers the mail again while verification is on and the address is unconfirmed', async () => {
    renderApp('/account', { sessionUser: buildUser({ emailVerified: false }) });
    const section = await emailSection();
    expect(within(section).getByText('Not confirmed')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Send the confirmation mail again' })).toBeInTheDocument();
  });

  it('says "Confirmed" once the address is confirmed', async () => {
    renderApp('/account', { sessionUser: buildUser({ emailVerified: true }) });
    const section = await emailSection();
    expect(within(section).getByText('Confirmed')).toBeInTheDocument();
    expect(within(section).queryByText('Not confirmed')).not.toBeInTheDocument();
  });

  it('shows no confirmation badge and no resend button when the server leaves the field out (verification off)', async () => {
    renderApp('/account', { sessionUser: buildUser() });
    const section = await emailSection();
    expect(within(section).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(section).queryByText('Not confirmed')).not.toBeInTheDocument();
    expect(within(section).queryByText('Confirmed')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Send the confirmation mail again' })).not.toBeInTheDocument();
  });
});
