import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { apiTokens, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

export interface ApiTokenRow {
  id: string;
  userId: string;
  name: string;
  hint: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  scope: string;
}

interface AdminApiTokenRow extends ApiTokenRow {
  username: string;
}

/** A token's owner as the guards need them, read with the token in one indexed query. */
export interface TokenHolderRow {
  id: string;
  userId: string;
  expiresAt: Date;
  lastUsedAt: Date | null;
  scope: string;
  role: string;
  banned: boolean | null;
  banExpires: Date | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean | null;
}

const listed = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  hint: apiTokens.hint,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  scope: apiTokens.scope,
};

export function createTokensRepository(db: Db) {
  const findHolder = db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      scope: apiTokens.scope,
      role: users.role,
      banned: users.banned,
      banExpires: users.banExpires,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('drapeau_find_api_token');

  return {
    async insertToken(row: ApiTokenRow & { tokenHash: string }): Promise<void> {
      await db.insert(apiTokens).values(row);
    },

    async countTokens(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
      return row?.n ?? 0;
    },

    async listTokens(userId: string): Promise<ApiTokenRow[]> {
      return db.select(listed).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
    },

    async listAllTokens(options: { userId?: string; limit: number; offset: number }) {
      const where = options.userId ? eq(apiTokens.userId, options.userId) : undefined;
      const rows: AdminApiTokenRow[] = await db
        .select({ ...listed, username: shownUsername })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(where)
        .orderBy(desc(apiTokens.createdAt), apiTokens.id)
        .limit(options.limit)
        .offset(options.offset);
      const [total] = await db.select({ n: count() }).from(apiTokens).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** The token with its owner's role and ban, by the SHA-256 of the token (unique index). */
    async findHolder(tokenHash: string): Promise<TokenHolderRow | undefined> {
      const [row] = await findHolder.execute({ hash: tokenHash });
      return row;
    },

    /** Deletes the token (of that user only, when given); returns its owner and name, or undefined if there was none. */
    async deleteToken(id: string, userId?: string) {
      const [row] = await db
        .delete(apiTokens)
        .where(userId ? and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)) : eq(apiTokens.id, id))
        .returning({ userId: apiTokens.userId, name: apiTokens.name });
      return row;
    },

    async findUsername(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ username: shownUsername }).from(users).where(eq(users.id, userId));
      return row?.username;
    },

    /** Records a use, at most once per `staleBefore` (one write per token and minute, not per request). */
    async touchToken(id: string, now: Date, staleBefore: Date): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
    },
  };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;
