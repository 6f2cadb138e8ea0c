import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_PAGE_SIZE, type OutboxMail } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

beforeAll(async () => {
  await preloadPage.admin();
});

const RESET_LINK = 'http://localhost:3000/reset-password?token=secret-reset-token-0123456789';

function buildMail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id: 1,
    recipient: 'alice@example.com',
    subject: 'Choose a new password',
    language: 'en',
    text: `Hello alice,\n\nOpen the link below.\n\n${RESET_LINK}\n`,
    // A hostile mail: its script must never run in the admin's page, nor its markup become part of it.
    html: `<!doctype html><html lang="en"><body><p id="mail-body">Hello alice</p><script>window.parent.pwned = true</script><a href="${RESET_LINK}">Choose</a></body></html>`,
    createdAt: '2026-03-12T14:05:09.000Z',
    ...overrides,
  };
}

function renderMailTab(options: { mode?: 'smtp' | 'outbox'; mails?: OutboxMail[] } = {}) {
  const api = createAdminServer([buildAdmin()], { totalUsers: 1, admins: 1, totalPoints: 0, avgScore: 0 });
  api.state.mailMode = options.mode ?? 'outbox';
  api.state.mails = options.mails ?? [
    buildMail(),
    buildMail({ id: 2, recipient: 'bob@example.com', subject: 'Confirmez votre adresse e-mail', language: 'fr' }),
  ];
  server.use(...api.handlers);
  return { ...renderApp('/admin?tab=mail', { sessionUser: buildAdmin() }), api };
}

describe('admin mail outbox tab', () => {
  it('says no SMTP server is configured, and lists each mail with recipient, subject, language and date', async () => {
    renderMailTab();
    expect(await screen.findByRole('link', { name: 'Mail outbox', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent(/No SMTP server is configured \(SMTP_URL\)/);
    const list = await screen.findByRole('list', { name: 'Mails' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Choose a new password');
    expect(items[0]).toHaveTextContent('To alice@example.com');
    expect(items[0]).toHaveTextContent('EN');
    expect(within(items[0]!).getByText('EN')).toHaveAttribute('title', 'English');
    expect(within(items[0]!).getByRole('time')).toHaveAttribute('datetime', '2026-03-12T14:05:09.000Z');
    expect(items[1]).toHaveTextContent('FR');
  });

  it('opens a mail: its plain text, and its HTML only inside a sandboxed frame that runs no script', async () => {
    const { user } = renderMailTab();
    await user.click(await screen.findByRole('button', { name: 'Open “Choose a new password” to alice@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' });
    expect(within(dialog).getByTestId('outbox-mail-text')).toHaveTextContent(RESET_LINK);

    await user.click(within(dialog).getByRole('tab', { name: 'HTML' }));
    const frame = within(dialog).getByTitle('HTML of “Choose a new password”');
    expect(frame.tagName).toBe('IFRAME');
    // sandbox="" (no allow-scripts, no allow-same-origin): the mail cannot run code nor reach the admin's session.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p id="mail-body">Hello alice</p>');
    // The mail's markup is not part of the admin's page.
    expect(document.getElementById('mail-body')).toBeNull();
    expect(document.querySelector('script:not([src])')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('says mails are sent when SMTP is configured', async () => {
    renderMailTab({ mode: 'smtp', mails: [] });
    expect(await screen.findByRole('note')).toHaveTextContent(/An SMTP server is configured/);
    expect(screen.getByText('No mail in the outbox')).toBeInTheDocument();
  });

  it('pages the outbox', async () => {
    const mails = Array.from({ length: ADMIN_PAGE_SIZE + 2 }, (_, i) =>
      buildMail({ id: i + 1, subject: `Mail ${i + 1}`, recipient: `p${i + 1}@example.com` }),
    );
    const { user, api } = renderMailTab({ mails });
    await screen.findByText('Mail 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(`Mail ${ADMIN_PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(screen.queryByText('Mail 1')).not.toBeInTheDocument();
    expect(api.state.requests.map((r) => r.path)).toContain('/api/admin/mail?page=2');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderMailTab();
    expect(await screen.findByRole('link', { name: 'Boîte d’envoi', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent(/Aucun serveur SMTP n’est configuré/);
    expect(screen.getByText('À alice@example.com', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Ouvrir «.Choose a new password.» à alice@example.com$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' });
    expect(within(dialog).getByRole('tab', { name: 'Texte brut' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Anglais/)).toBeInTheDocument();
  });
});
