import type { Command } from 'commander';

import type { CliContext } from '../context.js';

import { registerAdminCommands } from './admin.js';
import { registerBackupCommands } from './backup.js';
import { registerConfigCommands } from './config.js';
import { registerMigrateCommand } from './migrate.js';

/** A command group: one file in this folder that adds its commands to the program. */
export type CommandGroup = (program: Command, context: CliContext) => void;

/** Every command group of `npm run drapeau`, in the order `--help` lists them. A new group is one file plus one line here. */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  registerMigrateCommand,
  registerConfigCommands,
  registerAdminCommands,
  registerBackupCommands,
];
