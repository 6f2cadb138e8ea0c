import type { Command } from 'commander';

import type { CliContext } from '../context.js';

/**
 * `challenges import <dir|zip>` and `challenges export <dir>`: the same importer as the admin API (ctfcli format,
 * one transaction, docs/challenge-authoring.md), on the embedded database or PostgreSQL.
 */
export function registerChallengesCommands(program: Command, context: CliContext): void {
  const group = program.command('challenges').description('import or export challenges in ctfcli’s challenge.yml format');

  group
    .command('import <source>')
    .description('import a folder or a zip of challenge folders (all or nothing; updates by id, solves kept)')
    .option('--create-categories', 'add categories that do not exist yet instead of refusing them')
    .action(async (source: string, options: { createCategories?: boolean }) => {
      await (await import('../actions/challenges.js')).importChallenges(context, source, options);
    });

  group
    .command('export <dir>')
    .description('write every challenge as <dir>/<category>/<id>/challenge.yml, with its files')
    .action(async (dir: string) => {
      await (await import('../actions/challenges.js')).exportChallenges(context, dir);
    });
}
