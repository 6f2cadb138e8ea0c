import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { SeedResult } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin, buildUser } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

function seedAnswers(report: Pick<SeedResult['report'], 'created' | 'updated' | 'unchanged'>, badges: SeedResult['badges']) {
  server.use(
    http.post('/api/admin/seed', () =>
      HttpResponse.json<SeedResult>({
        challengeCount: report.created + report.updated,
        badgeCount: 8,
        report: { challenges: [], createdCategories: [], ...report },
        badges,
      }),
    ),
  );
}

const BUTTONS = {
  en: { open: 'Load the built-in pack…', confirm: 'Load the pack' },
  fr: { open: 'Charger le pack intégré…', confirm: 'Charger le pack' },
};

/** Opens the built-in pack page (the former /seed), says what it does, then asks before loading. */
async function seedAs(language: 'en' | 'fr') {
  await i18n.changeLanguage(language);
  const { user } = renderApp('/seed', { sessionUser: buildAdmin() });
  await user.click(await screen.findByRole('button', { name: BUTTONS[language].open }));
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: BUTTONS[language].confirm }));
}

/** Testing Library's matcher turns the narrow no-break space into a space: the exact text is checked on the element. */
async function expectExactText(text: string) {
  const element = await screen.findByText(text.replaceAll('\u202f', ' '));
  expect(element.textContent).toBe(text);
}

beforeAll(async () => {
  await preloadPage.admin();
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('seed page', () => {
  it('denies a player, and sends no seed request', async () => {
    renderApp('/seed', { sessionUser: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BUTTONS.en.open })).not.toBeInTheDocument();
  });

  it('says what loading the pack does, and loads nothing until confirmed', async () => {
    let seeded = 0;
    server.use(
      http.post('/api/admin/seed', () => {
        seeded += 1;
        return errorResponse(403, 'FORBIDDEN');
      }),
    );
    const { user, router } = renderApp('/seed', { sessionUser: buildAdmin() });
    expect(
      await screen.findByText(/Players’ solves and scores, and the challenges you wrote or imported, are kept/),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/content/seed');
    await user.click(screen.getByRole('button', { name: BUTTONS.en.open }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Load the built-in pack?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(seeded).toBe(0);
  });

  it('seeds once for an admin, reports what it added and locks the button', async () => {
    await seedAs('en');
    expect(await screen.findByText('Added: 20 challenges and 8 badges.')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pack loaded' })).toBeDisabled();
  });

  it('says there was nothing to add when everything was already up to date', async () => {
    seedAnswers({ created: 0, updated: 0, unchanged: 20 }, { created: 0, updated: 0, unchanged: 8 });
    await seedAs('en');
    expect(await screen.findByText('Nothing to add: 20 challenges and 8 badges were already up to date.')).toBeInTheDocument();
    expect(screen.queryByText(/Added/)).not.toBeInTheDocument();
  });

  it('counts what it added, updated and left alone', async () => {
    seedAnswers({ created: 1, updated: 2, unchanged: 17 }, { created: 0, updated: 1, unchanged: 7 });
    await seedAs('en');
    expect(
      await screen.findByText(
        'Added: 1 challenge and 0 badges. Updated: 2 challenges and 1 badge. Already up to date: 17 challenges and 7 badges.',
      ),
    ).toBeInTheDocument();
  });

  it('says the same in French, with French typography', async () => {
    await seedAs('fr');
    await expectExactText('Ajoutés\u202f: 20 défis et 8 badges.');
  });

  it('says in French that there was nothing to add', async () => {
    seedAnswers({ created: 0, updated: 0, unchanged: 20 }, { created: 0, updated: 0, unchanged: 8 });
    await seedAs('fr');
    await expectExactText('Rien à ajouter\u202f: 20 défis et 8 badges étaient déjà à jour.');
  });

  it('shows the error and lets the admin try again', async () => {
    server.use(http.post('/api/admin/seed', () => errorResponse(403, 'FORBIDDEN')));
    await seedAs('en');
    expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BUTTONS.en.open })).toBeEnabled();
  });
});
