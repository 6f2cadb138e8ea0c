import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { AuditPage } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

const SEED_ENTRY: AuditPage['entries'][number] = {
  id: 7,
  actorName: 'root',
  action: 'catalogue.seed',
  targetUserId: null,
  targetName: null,
  details: { challengeCount: 20, badgeCount: 8 },
  createdAt: '2025-03-12T14:05:09.000Z',
};

function renderAudit() {
  const api = createAdminServer([buildAdmin()], { totalUsers: 1, admins: 1, totalPoints: 0, avgScore: 0 });
  server.use(...api.handlers);
  // Added last, so it answers first.
  server.use(
    http.get('/api/admin/audit', () => HttpResponse.json<AuditPage>({ entries: [SEED_ENTRY], total: 1, page: 1, pageSize: 50 })),
  );
  return renderApp('/admin?tab=audit', { sessionUser: buildAdmin() });
}

describe('audit log', () => {
  it.each([
    ['en', 'Database seeded', ['Challenges:', 'Badges:']],
    ['fr', 'Base de données initialisée', ['Défis\u00a0:', 'Badges\u00a0:']],
  ])('names the counts of a seed in words, never as raw keys (%s)', async (language, action, labels) => {
    await i18n.changeLanguage(language);
    renderAudit();
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText(action)).closest('tr')!;
    const text = row.textContent ?? '';
    expect(text).not.toMatch(/challengeCount|badgeCount/);
    for (const label of labels) expect(text).toContain(label);
    expect(text).toContain('20');
    expect(text).toContain('8');
  });
});
