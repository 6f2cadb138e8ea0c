import type { Command } from 'commander';

import type { CliContext } from '../context.js';

export function registerAdminCommands(program: Command, context: CliContext): void {
  const admin = program.command('admin').description('manage admin accounts');

  admin
    .command('create')
    .description('create an admin account, or promote the account that has this email')
    .requiredOption('--email <email>', 'email of the account')
    .requiredOption('--username <username>', 'username of the account (when it is created)')
    .option('--password-stdin', 'read the password from standard input (otherwise one is generated and printed once)')
    .action(async (options: { email: string; username: string; passwordStdin?: boolean }) => {
      await (await import('../actions/admin.js')).createAdmin(context, options);
    });

  admin
    .command('reset-password')
    .description('set a new password for an account and sign out all of its sessions')
    .argument('<email>', 'email of the account')
    .option('--password-stdin', 'read the new password from standard input (otherwise one is generated and printed once)')
    .action(async (email: string, options: { passwordStdin?: boolean }) => {
      await (await import('../actions/admin.js')).resetPassword(context, email, options);
    });
}
