import type { TestClient } from '../../../../test/build-test-app.js';

const FLAG = 'CTF{write_ups_test}';

/** A challenge of its own for a test, solved with FLAG. */
function buildChallengeBody(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    title: { en: `Write-ups ${id}`, fr: `Write-ups ${id}` },
    description: { en: 'A challenge.', fr: 'Un défi.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points: 10 },
    hints: [],
    flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
    ...overrides,
  };
}

export async function createChallenge(admin: TestClient, id: string, overrides: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/challenges', buildChallengeBody(id, overrides));
  if (response.statusCode !== 201) throw new Error(`challenge ${id}: ${response.statusCode} ${response.body}`);
}

export async function solve(client: TestClient, challengeId: string) {
  const response = await client.post(`/api/challenges/${challengeId}/submit`, { flag: FLAG });
  if (response.json<{ status: string }>().status !== 'correct') throw new Error(`solve ${challengeId}: ${response.body}`);
}

export const WRITE_UP = {
  language: 'en',
  title: 'Manual UNION injection',
  body: 'First, find the number of columns with `ORDER BY`, then **UNION SELECT** the secret.',
} as const;

export const writeUpsUrl = (challengeId: string) => `/api/challenges/${challengeId}/write-ups`;
export const mineUrl = (challengeId: string) => `/api/challenges/${challengeId}/write-ups/mine`;
