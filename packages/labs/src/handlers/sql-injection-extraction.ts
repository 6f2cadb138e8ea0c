import { createHash } from 'node:crypto';

import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

import { runSql, type SqlSetupStatement } from './sql-sandbox.js';

/** The query a careless developer would build by string interpolation; the page shows it as a debug line. */
function buildLoginQuery(username: string, password: string): string {
  return `SELECT * FROM users WHERE username = '${username}' AND password = '${password}'`;
}

/** Passwords nobody can guess, derived from the flag so that every run builds the same table. */
function derivePassword(flag: string, user: string): string {
  return createHash('sha256').update(`sql-injection-extraction:${user}:${flag}`).digest('base64url').slice(0, 20);
}

/** The portal's database: its users (admin first, as the first account created) and the vault the admin page reads. */
function buildPortalDatabase(flag: string): SqlSetupStatement[] {
  const users: [number, string, string][] = [
    [1, 'admin', 'admin'],
    [2, 'alice', 'user'],
    [3, 'bob', 'user'],
    [4, 'george', 'user'],
  ];
  return [
    { sql: 'CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, password TEXT NOT NULL, role TEXT NOT NULL)' },
    ...users.map(([id, name, role]) => ({
      sql: 'INSERT INTO users VALUES (?, ?, ?, ?)',
      params: [id, name, derivePassword(flag, name), role],
    })),
    { sql: 'CREATE TABLE vault (id INTEGER PRIMARY KEY, secret TEXT NOT NULL)' },
    { sql: 'INSERT INTO vault VALUES (1, ?)', params: [flag] },
  ];
}

/**
 * The login runs on a real SQLite engine (docs/decisions/011-real-labs.md): it succeeds when the query returns a row,
 * as the portal logs in as the first row. Logged in as admin, the page shows the vault (the flag); a UNION that makes
 * the flag itself appear as the user name extracts it too. Broken SQL shows the engine's error, as a debug page would.
 */
function logIn(username: string, password: string, flag: string): LabResult {
  const query = buildLoginQuery(username, password);
  const outcome = runSql(buildPortalDatabase(flag), query);
  if (outcome.kind === 'error') return { ok: false, code: 'sql-error', output: { query, error: outcome.message } };
  const [row] = outcome.rows;
  if (!row) return { ok: false, code: 'invalid-credentials', output: { query } };
  const nameColumn = outcome.columns.indexOf('username');
  const roleColumn = outcome.columns.indexOf('role');
  const user = (nameColumn >= 0 ? row[nameColumn] : row[1]) ?? 'null';
  const role = roleColumn >= 0 ? row[roleColumn] : undefined;
  if (user === 'admin' || role === 'admin') return { ok: true, code: 'logged-in', output: { query, user, flag } };
  if (user.includes(flag)) return { ok: true, code: 'extracted', output: { query, user, flag } };
  return { ok: false, code: 'logged-in-as-user', output: { query, user } };
}

export const sqlInjectionExtractionLab = createLabHandler('sql-injection-extraction', {
  login: (input, { flag }): LabResult => logIn(readInput(input, 'username'), readInput(input, 'password'), flag),
});
