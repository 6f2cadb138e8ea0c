import { randomBytes } from 'node:crypto';

import { EmailSchema, PASSWORD_MAX, PASSWORD_MIN, UsernameSchema } from '@drapeau/shared';

import { bootstrapAdmin } from '../../modules/auth/admin-bootstrap.js';
import { createCliAuthServices } from '../auth-services.js';
import { CliError, type CliContext } from '../context.js';

/** The password from standard input (`--password-stdin`), or a generated one that is printed once. */
async function choosePassword(context: CliContext, fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  if (!fromStdin) return { password: randomBytes(12).toString('base64url'), generated: true };
  const password = (await context.readStdin()).replace(/\r?\n$/, '');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new CliError(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`);
  }
  return { password, generated: false };
}

function parseOrFail<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: string,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`Not a valid ${what}: ${value}`);
  return parsed.data;
}

/** `admin create`: a new admin, or the account that has this email promoted. */
export async function createAdmin(
  context: CliContext,
  options: { email: string; username: string; passwordStdin?: boolean },
): Promise<void> {
  const email = parseOrFail(EmailSchema, options.email, 'email');
  const username = parseOrFail(UsernameSchema, options.username, 'username');
  const { password, generated } = await choosePassword(context, options.passwordStdin === true);
  await context.withDatabase({ needsServerStopped: false }, async (database, config) => {
    const { users, auth, logger } = await createCliAuthServices(database, config);
    const existing = await users.findUserByEmail(email);
    await bootstrapAdmin({ auth, users, configured: { email, username, password }, logger, announce: () => {} });
    if (existing?.role === 'admin') {
      context.out(`${email} is already an admin (its password is unchanged).\n`);
      return;
    }
    if (existing) {
      // A change of role ends the account's sessions (docs/product.md#sessions).
      context.out(`${email} already had an account: it is now an admin (its password is unchanged; it signs in again).\n`);
      return;
    }
    context.out(`Admin ${username} <${email}> created.\n`);
    if (generated) context.out(`  password (shown once): ${password}\n`);
  });
}

/** `admin reset-password`: a new password, and every session of the account signed out. */
export async function resetPassword(context: CliContext, rawEmail: string, options: { passwordStdin?: boolean }): Promise<void> {
  const email = parseOrFail(EmailSchema, rawEmail, 'email');
  const { password, generated } = await choosePassword(context, options.passwordStdin === true);
  await context.withDatabase({ needsServerStopped: false }, async (database, config) => {
    const { users, betterAuth, auth } = await createCliAuthServices(database, config);
    const user = await users.findUserByEmail(email);
    if (!user) throw new CliError(`No account has the email ${email}.`);
    const ctx = await betterAuth.$context;
    await ctx.internalAdapter.updatePassword(user.id, await ctx.password.hash(password));
    await ctx.internalAdapter.deleteUserSessions(user.id);
    await auth.revokeSessions(user.id);
    context.out(`Password of ${email} reset; its sessions are signed out.\n`);
    if (generated) context.out(`  new password (shown once): ${password}\n`);
  });
}
