import type { Command } from 'commander';

import type { CliContext } from '../context.js';

export function registerConfigCommands(program: Command, context: CliContext): void {
  const config = program.command('config').description('inspect the configuration');
  config
    .command('check')
    .description('print the effective configuration (secrets hidden) and what is wrong with it; exit 1 on an error')
    .action(async () => {
      await (await import('../actions/config.js')).checkConfig(context);
    });
}
