import { createLabHandler } from '../lab-handler.js';

/** The guest session the fake app "signs in" with; the page writes each entry into localStorage under its key. */
function issueSessionKeys(flag: string): Record<string, string> {
  const adminToken = Buffer.from(JSON.stringify({ user: 'admin', role: 'admin', flag }), 'utf8').toString('base64');
  return {
    session_id: 'sess_7f3a9c2e41b8d6051e',
    user_pref: JSON.stringify({ theme: 'dark', lang: 'en', notifications: true }),
    last_login: '2024-03-02T17:41:09Z',
    cart_items: '0',
    admin_token: adminToken,
  };
}

export const localstorageSecretsLab = createLabHandler('localstorage-secrets', {
  'issue-keys': (_input, { flag }) => ({ ok: true, code: 'keys-issued', output: issueSessionKeys(flag) }),
});
