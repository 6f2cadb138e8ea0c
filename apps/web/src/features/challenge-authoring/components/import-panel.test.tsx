import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ImportErrorBody, ImportReport } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { buildAdminChallenge, createAuthoringServer, type AuthoringServerOptions } from '../testing/authoring-server';

// A generous bound: loading the admin page's code takes long only on a busy machine.
beforeAll(async () => {
  await preloadPage.admin();
}, 120_000);

function renderPanel(importResult: AuthoringServerOptions['importResult']) {
  const api = createAuthoringServer([buildAdminChallenge()], { importResult });
  server.use(...api.handlers);
  return { ...renderApp('/admin?tab=challenges', { sessionUser: buildAdmin() }), api };
}

const zip = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'pack.zip', { type: 'application/zip' });

async function importZip(user: ReturnType<typeof renderPanel>['user']) {
  await user.upload(await screen.findByLabelText('Zip file'), zip());
  await user.click(screen.getByRole('button', { name: 'Import' }));
}

const refused: Omit<ImportErrorBody['error'], 'code' | 'message'> = {
  problems: [
    { code: 'INVALID_YAML', file: 'broken/challenge.yml', line: 7, field: null, message: 'bad indentation' },
    { code: 'MISSING_FILE', file: 'files/challenge.yml', line: 12, field: 'files[0]', message: 'dump.pcap is not in the folder' },
  ],
  warnings: [{ file: 'plugin/challenge.yml', message: 'type: "multiple_choice" (a CTFd plugin\'s) is imported as standard' }],
  skipped: [{ file: 'kctf/challenge.yaml', code: 'NOT_A_CHALLENGE', reason: 'not a ctfcli challenge' }],
};

describe('admin import panel', () => {
  it('reports each challenge with its warnings, and the files skipped with why', async () => {
    const report: ImportReport = {
      challenges: [
        { id: 'cookie-jar', source: 'cookie-jar/challenge.yml', action: 'created', fileCount: 2, warnings: [] },
        {
          id: 'no-value',
          source: 'novalue/challenge.yml',
          action: 'updated',
          fileCount: 0,
          warnings: ['value: none given, imported hidden at 0 points'],
        },
      ],
      created: 1,
      updated: 1,
      unchanged: 0,
      createdCategories: [],
      skipped: [
        { file: 'kctf/challenge.yaml', code: 'NOT_A_CHALLENGE', reason: 'not a ctfcli challenge' },
        { file: 'twice/ctfcli.yaml', code: 'SECOND_IN_FOLDER', kept: 'twice/challenge.yml', reason: 'second' },
      ],
    };
    const { user, api } = renderPanel(report);
    await importZip(user);

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Import done: 1 created, 1 updated, 0 unchanged.');
    expect(status).toHaveTextContent('Warnings (1) Imported anyway');
    const [created, updated] = within(status).getAllByTestId('import-challenge');
    expect(created).toHaveTextContent('cookie-jarcreated2 files');
    expect(within(created!).queryByTestId('import-warnings')).toBeNull();
    expect(within(updated!).getByTestId('import-warnings')).toHaveTextContent(
      'novalue/challenge.yml value: none given, imported hidden at 0 points',
    );
    const skipped = within(status).getByTestId('import-skipped');
    expect(skipped).toHaveTextContent('Files skipped (2)');
    expect(skipped).toHaveTextContent('kctf/challenge.yaml: not a ctfcli challenge (another tool’s file of that name');
    expect(skipped).toHaveTextContent('twice/ctfcli.yaml: this folder’s challenge is read from twice/challenge.yml');
    expect(api.state.sent.filter((r) => r.method === 'POST')[0]?.path).toBe(
      '/api/admin/challenges/import?createCategories=false',
    );
  });

  it('shows a refused import’s problems by file, line and field, and its warnings and skipped files beside them', async () => {
    const { user } = renderPanel(refused);
    await importZip(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The import was refused; nothing was changed.');
    expect(within(alert).getByRole('heading', { name: 'Problems to fix (2):' })).toBeInTheDocument();
    const items = within(alert).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('broken/challenge.yml:7 Invalid YAML (bad indentation)');
    expect(items[1]).toHaveTextContent('files/challenge.yml:12 files[0] File not in the folder (dump.pcap is not in the folder)');
    expect(within(alert).getByTestId('import-warnings')).toHaveTextContent('plugin/challenge.yml type: "multiple_choice"');
    expect(within(alert).getByTestId('import-skipped')).toHaveTextContent('kctf/challenge.yaml: not a ctfcli challenge');
  });

  it('words the whole answer in French', async () => {
    await i18n.changeLanguage('fr');
    try {
      const { user } = renderPanel(refused);
      await user.upload(await screen.findByLabelText('Fichier zip'), zip());
      await user.click(screen.getByRole('button', { name: 'Importer' }));
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Problèmes à corriger (2)\u202f:' })).toBeInTheDocument();
      expect(alert).toHaveTextContent('Avertissements (1)');
      expect(alert).toHaveTextContent('Fichiers ignorés (1)');
      expect(alert).toHaveTextContent('pas un défi ctfcli');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
