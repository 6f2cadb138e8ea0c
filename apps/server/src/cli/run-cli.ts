import { Command, CommanderError } from 'commander';

import { AppError } from '../lib/app-error.js';

import { COMMAND_GROUPS } from './commands/index.js';
import { CliError, type CliContext, createCliContext } from './context.js';

/** `npm run drapeau -- <command>`: builds the program from the registered command groups and runs it; returns the exit code. */
export async function runCli(argv: readonly string[], context: CliContext = createCliContext()): Promise<number> {
  const program = new Command('drapeau')
    .description('Operate a Drapeau instance: database, configuration, admins, backups (docs/operations.md)')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: context.out, writeErr: context.err });
  for (const register of COMMAND_GROUPS) register(program, context);
  // Sub-commands inherit the output and exit behaviour of their parent.
  const configure = (command: Command) => {
    for (const sub of command.commands) {
      sub.exitOverride().configureOutput({ writeOut: context.out, writeErr: context.err }).showHelpAfterError();
      configure(sub);
    }
  };
  configure(program);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError) {
      context.err(`${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof AppError) {
      context.err(`${error.code}: ${error.message}\n`);
      return 1;
    }
    context.err(`drapeau: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
