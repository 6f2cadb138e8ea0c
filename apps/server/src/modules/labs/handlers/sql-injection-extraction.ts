import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

/** The query a careless developer would build by string interpolation; the page shows it as a debug line. */
export function buildLoginQuery(username: string, password: string): string {
  return `SELECT * FROM users WHERE username = '${username}' AND password = '${password}'`;
}

/**
 * docs/product.md#in-page-labs: the login "succeeds" when the username holds a quote or "or" (any case), or the password
 * holds a quote.
 */
export function isInjected(username: string, password: string): boolean {
  return username.includes("'") || username.toLowerCase().includes('or') || password.includes("'");
}

export const sqlInjectionExtractionLab = createLabHandler('sql-injection-extraction', {
  login: (input, { flag }): LabResult => {
    const username = readInput(input, 'username');
    const password = readInput(input, 'password');
    const query = buildLoginQuery(username, password);
    return isInjected(username, password)
      ? { ok: true, code: 'logged-in', output: { query, user: 'admin', flag } }
      : { ok: false, code: 'invalid-credentials', output: { query } };
  },
});
