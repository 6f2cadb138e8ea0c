import { AsyncLocalStorage } from 'node:async_hooks';

import { localeFromAcceptLanguage, type MailKind, type MailLocale } from '../mail/mail-templates.js';
import type { Mailer } from '../mail/mailer.js';

/**
 * The language of the request being answered, for the mails better-auth asks us to send while answering it: its mail
 * callbacks receive the user and the token, not our request. The web app sends its language as Accept-Language.
 */
const requestLocale = new AsyncLocalStorage<MailLocale>();

export function withMailLocale<T>(headers: Headers, run: () => Promise<T>): Promise<T> {
  return requestLocale.run(localeFromAcceptLanguage(headers.get('accept-language')), run);
}

interface MailUser {
  email: string;
  name: string;
}

/** A change-of-email token carries the new address (`updateTo`); a plain verification token does not. */
function isChangeOfEmail(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown;
    return typeof payload === 'object' && payload !== null && 'updateTo' in payload;
  } catch {
    return false;
  }
}

/**
 * better-auth's mail callbacks. The links point at the web app's pages, which ask for a click before using the token, so
 * that a mail scanner opening the link consumes nothing (docs/decisions/012-accounts.md).
 */
export function createAuthMailHooks(deps: {
  mailer: Mailer;
  publicUrl: string;
  /** False when the admins turned email verification off: no verification mail then. */
  isVerificationOn: () => boolean;
}) {
  const send = (user: MailUser, kind: MailKind, page: string, token: string) =>
    deps.mailer.send({
      to: user.email,
      kind,
      locale: requestLocale.getStore() ?? 'en',
      name: user.name,
      url: `${deps.publicUrl}/${page}?token=${encodeURIComponent(token)}`,
    });
  return {
    sendResetPassword: ({ user, token }: { user: MailUser; token: string }) => {
      send(user, 'reset-password', 'reset-password', token);
      return Promise.resolve();
    },
    sendVerificationEmail: ({ user, token }: { user: MailUser; token: string }) => {
      if (isChangeOfEmail(token)) send(user, 'change-email', 'verify-email', token);
      else if (deps.isVerificationOn()) send(user, 'verify-email', 'verify-email', token);
      return Promise.resolve();
    },
  };
}
export type AuthMailHooks = ReturnType<typeof createAuthMailHooks>;
