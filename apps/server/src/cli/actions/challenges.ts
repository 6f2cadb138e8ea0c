import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Database } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { createCatalogueRepository } from '../../modules/challenges/catalogue/catalogue.repository.js';
import {
  createCatalogueTransferService,
  ImportInvalidError,
} from '../../modules/challenges/import-export/catalogue-transfer.service.js';
import { createChallengesRepository } from '../../modules/challenges/import-export/challenges.repository.js';
import { createChallengesService } from '../../modules/challenges/catalogue/challenges.service.js';
import { CliError, type CliContext } from '../context.js';

function transferFor(database: Database) {
  const repository = createCatalogueRepository(database.db);
  return createCatalogueTransferService({
    repository,
    badgesRepository: createChallengesRepository(database.db),
    // Only its reload() is used here: the derived flags are not computed by an import.
    challenges: createChallengesService({ repository, instanceSecret: 'unused-by-import', clock: systemClock }),
    onCatalogueChanged: () => {},
  });
}

/** `challenges import`: the admin API's importer (ctfcli format, one transaction, docs/challenge-authoring.md). */
export async function importChallenges(
  context: CliContext,
  source: string,
  options: { createCategories?: boolean },
): Promise<void> {
  await context.withDatabase({ needsServerStopped: false }, async (database) => {
    const transfer = transferFor(database);
    const createCategories = options.createCategories === true;
    try {
      const report = (await stat(source)).isDirectory()
        ? await transfer.importFolder(source, { createCategories })
        : await transfer.importZip(await readFile(source), { createCategories });
      for (const c of report.challenges) {
        context.out(`${c.action.padEnd(9)} ${c.id} (${c.source})\n`);
        for (const w of c.warnings) context.out(`  warning: ${w.message}\n`);
      }
      for (const k of report.skipped ?? []) context.out(`skipped   ${k.file}: ${k.reason}\n`);
      context.out(`${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged.\n`);
    } catch (error) {
      if (!(error instanceof ImportInvalidError)) throw error;
      const lines = error.problems.map(
        (p) => `${p.file || '(archive)'}${p.line ? `:${p.line}` : ''}${p.field ? ` ${p.field}` : ''}: ${p.message}`,
      );
      const warnings = error.warnings.map((w) => `warning: ${w.file}: ${w.message}`);
      throw new CliError(`Nothing was imported:\n${[...lines, ...warnings].join('\n')}`);
    }
  });
}

/** `challenges export`: every challenge as <dir>/<category>/<id>/challenge.yml, with its files. */
export async function exportChallenges(context: CliContext, dir: string): Promise<void> {
  await context.withDatabase({ needsServerStopped: false }, async (database) => {
    const files = await transferFor(database).exportFiles();
    for (const [name, data] of files) {
      const target = path.join(dir, ...name.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    }
    context.out(`Exported ${[...files.keys()].filter((f) => f.endsWith('challenge.yml')).length} challenge(s) to ${dir}.\n`);
  });
}
