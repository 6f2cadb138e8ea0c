import type { FastifyInstance } from 'fastify';

import { registerPlayer, TestClient } from './build-test-app.js';

/** A player whom an admin made a teacher, signed in again (a role change ends the account's sessions). */
export async function registerTeacher(
  app: FastifyInstance,
  admin: TestClient,
): Promise<{ client: TestClient; userId: string; username: string }> {
  const account = await registerPlayer(app);
  const granted = await admin.patch(`/api/admin/users/${account.userId}`, { rank: 'teacher' });
  if (granted.statusCode !== 200) throw new Error(`grant failed: ${granted.statusCode} ${granted.body}`);
  const client = new TestClient(app);
  const login = await client.post('/api/auth/login', { email: account.email, password: account.password });
  if (login.statusCode !== 200) throw new Error(`teacher login failed: ${login.statusCode}`);
  return { client, userId: account.userId, username: account.username };
}

/** Creates a class as this teacher and returns its id and code. */
export async function createClass(
  teacher: TestClient,
  body: Record<string, unknown> = { name: 'Class 1A' },
): Promise<{ id: string; code: string }> {
  const response = await teacher.post('/api/classes', body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string; code: string }>();
}
