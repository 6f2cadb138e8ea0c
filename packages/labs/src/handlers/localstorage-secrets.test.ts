import { describe, expect, it } from 'vitest';

import { expectNoFlag, runLab, TEST_FLAG } from '../lab-test-helpers.js';

import { localstorageSecretsLab } from './localstorage-secrets.js';

describe('localstorage-secrets lab', () => {
  it('issues fake session keys, including a base64 admin token that holds the flag', () => {
    const result = runLab(localstorageSecretsLab, 'issue-keys');
    expect(result.ok).toBe(true);
    expect(result.code).toBe('keys-issued');
    expect(Object.keys(result.output)).toEqual(expect.arrayContaining(['session_id', 'user_pref', 'admin_token']));
    const token = result.output.admin_token ?? '';
    expect(token).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toMatchObject({ role: 'admin', flag: TEST_FLAG });
  });

  it('never shows the flag in clear: only the base64 token carries it', () => {
    const result = runLab(localstorageSecretsLab, 'issue-keys');
    expect(JSON.stringify(result)).not.toContain(TEST_FLAG);
  });

  it('answers unknown-action to anything else', () => {
    const result = runLab(localstorageSecretsLab, 'read');
    expect(result.code).toBe('unknown-action');
    expectNoFlag(result);
  });
});
