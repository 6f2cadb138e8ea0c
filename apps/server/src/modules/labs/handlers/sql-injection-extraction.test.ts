import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { sqlInjectionExtractionLab } from './sql-injection-extraction.js';

describe('sql-injection-extraction lab', () => {
  it.each([
    ["admin' --", 'x'],
    ["' OR '1'='1", ''],
    ['doctor', 'x'],
    ['OR', ''],
    ['admin', "' or 1=1 --"],
  ])('logs in with username %j and password %j and returns the flag', (username, password) => {
    const result = runLab(sqlInjectionExtractionLab, 'login', { username, password });
    expect(result.code).toBe('logged-in');
    expectFlag(result);
  });

  it.each([
    ['admin', 'admin'],
    ['guest', 'password123'],
    ['', ''],
  ])('rejects username %j and password %j as invalid credentials', (username, password) => {
    const result = runLab(sqlInjectionExtractionLab, 'login', { username, password });
    expect(result.code).toBe('invalid-credentials');
    expectNoFlag(result);
  });

  it('always shows the interpolated query', () => {
    const failed = runLab(sqlInjectionExtractionLab, 'login', { username: 'bob', password: 'hunter2' });
    expect(failed.output.query).toBe("SELECT * FROM users WHERE username = 'bob' AND password = 'hunter2'");
    const injected = runLab(sqlInjectionExtractionLab, 'login', { username: "' OR 1=1 --", password: '' });
    expect(injected.output.query).toBe("SELECT * FROM users WHERE username = '' OR 1=1 --' AND password = ''");
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(sqlInjectionExtractionLab, 'register').code).toBe('unknown-action');
  });
});
