import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';

/** The single sign-on's way back (better-auth's callback endpoint, which the genericOAuth provider uses). */
const SSO_CALLBACK_PATH = '/callback/:id';
/** Password sign-ins; better-auth's two-factor plugin already holds back those of an account with TOTP on. */
const PASSWORD_SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/username']);

/** The web app's page for the second step after single sign-on; `methods` says which ones the account has. */
const SSO_SECOND_STEP_PAGE = '/login?second-step=';

type SecondStepMethod = 'totp' | 'passkey';

/**
 * Every sign-in of an account with a second factor passes it (docs/decisions/012-accounts.md#two-factor):
 * better-auth's two-factor plugin asks it after a password sign-in of an account with TOTP on, but neither after single
 * sign-on nor for an account whose second factor is a passkey. This plugin does the same as the two-factor plugin in
 * those cases, with that plugin's own state (the signed `two_factor` cookie and its verification rows), so that its
 * verify endpoints, attempt limits and expiry apply unchanged: the session just made is deleted, and the browser gets
 * the `two_factor` cookie instead. A passkey sign-in then completes it, or a TOTP code when TOTP is on.
 * Must come after the two-factor plugin in the plugin list (that one first handles what it knows).
 */
export function secondStep(options: { twoFactorCookieMaxAge: number }): BetterAuthPlugin {
  return {
    id: 'drapeau-second-step',
    hooks: {
      after: [
        {
          matcher: (context) => context.path === SSO_CALLBACK_PATH || PASSWORD_SIGN_IN_PATHS.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!created) return;
            const userId = created.user.id;
            const methods: SecondStepMethod[] = [];
            if (created.user.twoFactorEnabled === true) methods.push('totp');
            const passkey = await ctx.context.adapter.findOne({ model: 'passkey', where: [{ field: 'userId', value: userId }] });
            if (passkey) methods.push('passkey');
            if (methods.length === 0) return;

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(created.session.token);
            ctx.context.setNewSession(null);
            const maxAge = options.twoFactorCookieMaxAge;
            const cookie = ctx.context.createAuthCookie('two_factor', { maxAge });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + maxAge * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            if (ctx.path === SSO_CALLBACK_PATH) throw ctx.redirect(`${SSO_SECOND_STEP_PAGE}${methods.join(',')}`);
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: methods });
          }),
        },
      ],
    },
  };
}
