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
    {
      code: 'INVALID_YAML',
      file: 'broken/challenge.yml',
      line: 7,
      field: null,
      reason: 'YAML_SYNTAX',
      params: { detail: 'bad indentation' },
      message: 'bad indentation',
    },
    {
      code: 'MISSING_FILE',
      file: 'files/challenge.yml',
      line: 12,
      field: 'files.0',
      reason: 'FILE_NOT_IN_ARCHIVE',
      params: { path: 'dump.pcap' },
      message: '"dump.pcap" is not in the archive',
    },
  ],
  warnings: [
    {
      file: 'plugin/challenge.yml',
      code: 'PLUGIN_TYPE',
      field: 'type',
      params: { type: 'multiple_choice', importedAs: 'dynamic' },
      message: 'type: "multiple_choice" (a CTFd plugin\'s) is imported as dynamic',
    },
    {
      file: 'web/challenge.yml',
      code: 'SERVICE_LEFT_OUT',
      field: 'image',
      params: { reason: 'IMAGE_FOLDER_MISSING', image: './src' },
      message: 'image: "./src" is not a folder of the archive with a Dockerfile; imported without its service',
    },
  ],
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
          warnings: [{ code: 'NO_VALUE', field: 'value', params: {}, message: 'value: none given, imported hidden at 0 points' }],
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
      'novalue/challenge.yml value no value given: imported hidden, at 0 points',
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
    expect(items[0]).toHaveTextContent(
      'broken/challenge.yml:7 Invalid YAML: the YAML cannot be read (the YAML reader says: “bad indentation”)',
    );
    expect(items[1]).toHaveTextContent(
      'files/challenge.yml:12 files.0 File not in the folder: “dump.pcap” is not in the archive',
    );
    const warnings = within(within(alert).getByTestId('import-warnings')).getAllByRole('listitem');
    expect(warnings[0]).toHaveTextContent(
      'plugin/challenge.yml type “multiple_choice” is a CTFd plugin’s type: the challenge is imported with dynamic scoring',
    );
    expect(warnings[1]).toHaveTextContent(
      'web/challenge.yml image imported without its service: “./src” is not a folder of the archive with a Dockerfile',
    );
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
      expect(alert).toHaveTextContent('Avertissements (2)');
      expect(alert).toHaveTextContent('Fichiers ignorés (1)');
      expect(alert).toHaveTextContent('pas un défi ctfcli');
      // (toHaveTextContent reads each no-break space as a space: french-typography.test.ts checks them.)
      // The problems and warnings too, from their codes and values: none of the server's English words.
      const items = within(alert).getAllByRole('listitem');
      expect(items[0]).toHaveTextContent(
        'broken/challenge.yml:7 YAML invalide : le YAML est illisible (le lecteur YAML dit : « bad indentation »)',
      );
      expect(items[1]).toHaveTextContent(
        'files/challenge.yml:12 files.0 Fichier absent du dossier : « dump.pcap » n’est pas dans l’archive',
      );
      const warnings = within(within(alert).getByTestId('import-warnings')).getAllByRole('listitem');
      expect(warnings[0]).toHaveTextContent(
        'plugin/challenge.yml type « multiple_choice » est le type d’un plugin CTFd : le défi est importé avec un barème dynamique',
      );
      expect(warnings[1]).toHaveTextContent(
        'web/challenge.yml image importé sans son service : « ./src » n’est pas un dossier de l’archive avec un Dockerfile',
      );
      expect(alert).not.toHaveTextContent(/is not|imported/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
