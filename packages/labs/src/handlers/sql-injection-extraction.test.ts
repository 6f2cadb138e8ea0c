import { beforeAll, describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { loadSqlEngine } from './sql-sandbox.js';
import { sqlInjectionExtractionLab } from './sql-injection-extraction.js';

beforeAll(loadSqlEngine);

function logIn(username: string, password = '') {
  return runLab(sqlInjectionExtractionLab, 'login', { username, password });
}

describe('sql-injection-extraction lab: real injections succeed on SQLite', () => {
  it.each([
    ['anyone', "' OR '1'='1"],
    ["' OR '1'='1", "' OR '1'='1"],
    ["admin' --", 'x'],
    ["admin'--", ''],
    ["' OR 1=1 --", ''],
    ["' or 1=1 limit 1 --", ''],
    ['x', "' OR username='admin"],
    ['admin', "' or '1'='1"],
    ["' UNION SELECT 1, 'admin', 'x', 'admin' --", ''],
    ["admin'/*", '*/--'],
  ])('logs in as admin with username %j and password %j', (username, password) => {
    const result = logIn(username, password);
    expect(result.code).toBe('logged-in');
    expect(result.output.user).toBe('admin');
    expectFlag(result);
  });

  it('extracts the vault with a UNION that puts the secret in the user name', () => {
    const result = logIn("' UNION SELECT id, secret, 'x', 'user' FROM vault --");
    expect(result.code).toBe('extracted');
    expectFlag(result);
  });

  it("logs in as another user without the flag: alice' --", () => {
    const result = logIn("alice' --");
    expect(result).toMatchObject({ code: 'logged-in-as-user', output: { user: 'alice' } });
    expectNoFlag(result);
  });
});

describe('sql-injection-extraction lab: near-misses fail', () => {
  it.each([
    ['george', 'x'],
    ['doctor', 'x'],
    ['OR', ''],
    ['admin', 'admin'],
    ['guest', 'password123'],
    ['', ''],
    ["' OR '1'='2", ''],
    ["' AND 1=1 --", ''],
    ["' OR '1'='1", ''],
    ["'; DROP TABLE users; --", ''],
  ])('username %j and password %j: invalid credentials', (username, password) => {
    const result = logIn(username, password);
    expect(result.code).toBe('invalid-credentials');
    expectNoFlag(result);
  });

  it.each([["'"], ["admin'"], ["' OR 1=1"], ["' UNION SELECT 1 --"]])(
    '%j breaks the SQL and shows the engine’s error',
    (username) => {
      const result = logIn(username);
      expect(result.code).toBe('sql-error');
      expect(result.output.error).toBeTruthy();
      expectNoFlag(result);
    },
  );

  it('runs only the first statement, on a fresh database each time', () => {
    expect(logIn("' OR 1=1; DELETE FROM users; --").code).toBe('logged-in');
    expect(logIn("' OR 1=1 --").code).toBe('logged-in');
  });

  it('bounds memory: a huge blob fails inside SQLite', () => {
    const result = logIn("' OR length(randomblob(1000000000)) --");
    expect(result.code).toBe('sql-error');
    expect(result.output.error).toMatch(/out of memory|too big/);
  });

  it('always shows the interpolated query', () => {
    expect(logIn('bob', 'hunter2').output.query).toBe("SELECT * FROM users WHERE username = 'bob' AND password = 'hunter2'");
    expect(logIn("' OR 1=1 --").output.query).toBe("SELECT * FROM users WHERE username = '' OR 1=1 --' AND password = ''");
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(sqlInjectionExtractionLab, 'register').code).toBe('unknown-action');
  });
});
