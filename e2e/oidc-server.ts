/**
 * The journeys' OpenID Connect provider: the route tests' real provider (apps/server/test/oidc-provider.ts) on a fixed
 * port, which the single sign-on journeys' app is configured with (OIDC_* in playwright.config.ts). Playwright starts it
 * as a web server and stops it after the run. The login typed on its sign-in page is the account: an address, verified
 * unless it starts with `unverified.`.
 * Usage: tsx e2e/oidc-server.ts <port> <redirect URI>
 */
import { startOidcProvider } from '../apps/server/test/oidc-provider';

const [portArgument, redirectUri] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || !redirectUri) throw new Error('usage: oidc-server.ts <port> <redirect URI>');

const oidc = await startOidcProvider(
  (login) =>
    login.includes('@')
      ? { email: login, email_verified: !login.startsWith('unverified.'), preferred_username: login.split('@')[0] }
      : undefined,
  { port, redirectUri },
);
const stop = () => void oidc.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
