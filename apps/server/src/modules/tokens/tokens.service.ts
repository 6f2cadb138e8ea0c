import { createHash, randomBytes, randomUUID } from 'node:crypto';

import {
  ADMIN_PAGE_SIZE,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type AdminApiTokenPage,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
  type Role,
} from '@drapeau/shared';

import { AppError, forbidden, notFound, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditService } from '../audit/audit.service.js';

import type { ApiTokenRow, TokensRepository } from './tokens.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** lastUsedAt is written at most once a minute per token. */
const TOUCH_EVERY_MS = 60_000;
/** `drp_` and 43 base64url characters (32 random bytes). */
const TOKEN_SHAPE = /^drp_[A-Za-z0-9_-]{43}$/;

/** Who a valid token speaks for. */
export interface TokenHolder {
  userId: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  scope: ApiTokenScope;
}

/** Who creates a token: the signed-in user of a session, and the headers of that session (to check a TOTP code). */
export interface TokenCreator {
  userId: string;
  role: Role;
  twoFactorEnabled: boolean;
  headers: Headers;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    scope: toScope(row.scope),
  };
}

/** Anything but `teacher` or `admin` is `player`: a token never gets more than it was made with. */
const toScope = (stored: string): ApiTokenScope => (stored === 'admin' || stored === 'teacher' ? stored : 'player');

/**
 * The role a token acts with: its scope's while its owner's current role is that scope (a `teacher` token of a teacher,
 * an `admin` one of an admin), a player's otherwise (any `player` token; a demoted or promoted owner's scoped token).
 */
function tokenRole(scope: ApiTokenScope, ownerRole: string): Role {
  if (scope === 'admin' && ownerRole === 'admin') return 'admin';
  if (scope === 'teacher' && ownerRole === 'teacher') return 'teacher';
  return 'user';
}

/**
 * Personal API tokens (docs/decisions/012-accounts.md#api-tokens): random, shown once, kept as their SHA-256 only, each
 * with an end. Every request with a token reads it and its owner again (one indexed query), so that a revoked or expired
 * token, or a suspended owner, is refused at the next request on every instance.
 */
export function createTokensService(deps: {
  repository: TokensRepository;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
  /** Creations per user (docs/decisions/010-abuse-limits.md). */
  createLimiter: RateLimiter;
  /** Checks a current TOTP code of the session's user (refused when wrong or already used); an admin token needs one. */
  verifyTotpCode: (userId: string, code: string, headers: Headers) => Promise<void>;
}) {
  const { repository, clock } = deps;
  const tokenNotFound = () => notFound('TOKEN_NOT_FOUND', 'This token does not exist.');

  return {
    /**
     * A `player` token for anyone; a `teacher` token only for a teacher; an `admin` token only for an admin with TOTP, who
     * sends a current code with the request (the schema keeps it to ADMIN_API_TOKEN_MAX_DAYS).
     */
    async createToken(creator: TokenCreator, body: CreateApiTokenBody): Promise<CreatedApiToken> {
      const { userId } = creator;
      const consumed = await deps.createLimiter.consume(userId);
      if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
      if (body.scope === 'teacher' && creator.role !== 'teacher') {
        throw forbidden('FORBIDDEN', 'Only teachers can create a teacher token.');
      }
      if (body.scope === 'admin') {
        if (creator.role !== 'admin') throw forbidden('FORBIDDEN', 'Only admins can create an admin token.');
        if (!creator.twoFactorEnabled || body.totpCode === undefined) {
          throw forbidden(
            'TOKEN_SECOND_FACTOR_REQUIRED',
            'An admin token needs a current code from your authenticator app (turn on two-factor authentication first).',
          );
        }
        await deps.verifyTotpCode(userId, body.totpCode, creator.headers);
      }
      if ((await repository.countTokens(userId)) >= API_TOKENS_PER_USER) {
        throw new AppError('TOKEN_LIMIT_REACHED', 409, `At most ${API_TOKENS_PER_USER} tokens: revoke one first.`);
      }
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const now = clock.now();
      const row: ApiTokenRow = {
        id: randomUUID(),
        userId,
        name: body.name,
        hint: token.slice(-4),
        createdAt: now,
        expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
        lastUsedAt: null,
        scope: body.scope,
      };
      await repository.insertToken({ ...row, tokenHash: hashToken(token) });
      return { ...toApiToken(row), token };
    },

    async listTokens(userId: string): Promise<ApiTokenList> {
      return { tokens: (await repository.listTokens(userId)).map(toApiToken) };
    },

    async revokeToken(userId: string, tokenId: string): Promise<void> {
      if (!(await repository.deleteToken(tokenId, userId))) throw tokenNotFound();
    },

    async listAllTokens(query: { page: number; userId?: string | undefined }): Promise<AdminApiTokenPage> {
      const { rows, total } = await repository.listAllTokens({
        ...(query.userId ? { userId: query.userId } : {}),
        limit: ADMIN_PAGE_SIZE,
        offset: (query.page - 1) * ADMIN_PAGE_SIZE,
      });
      return {
        tokens: rows.map((row) => ({ ...toApiToken(row), userId: row.userId, username: row.username })),
        total,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** An admin revokes anyone's token (audited). */
    async revokeAnyToken(actorId: string, tokenId: string): Promise<void> {
      const deleted = await repository.deleteToken(tokenId);
      if (!deleted) throw tokenNotFound();
      await deps.audit.record({
        actorId,
        action: 'token.revoke',
        targetUserId: deleted.userId,
        targetName: (await repository.findUsername(deleted.userId)) ?? null,
        details: { name: deleted.name },
      });
    },

    /**
     * The holder of a valid token, or undefined: unknown, revoked, expired, or its owner suspended. A `player` token acts
     * as a player whatever its owner's role; a `teacher` or `admin` one with its scope while its owner's current role is
     * that scope (`tokenRole`).
     */
    async authenticate(token: string): Promise<TokenHolder | undefined> {
      if (!TOKEN_SHAPE.test(token)) return undefined;
      const row = await repository.findHolder(hashToken(token));
      const now = clock.now();
      if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
      if (row.banned === true && (!row.banExpires || row.banExpires.getTime() > now.getTime())) return undefined;
      if (!row.lastUsedAt || row.lastUsedAt.getTime() < now.getTime() - TOUCH_EVERY_MS) {
        await repository.touchToken(row.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
      }
      const scope = toScope(row.scope);
      return {
        userId: row.userId,
        role: tokenRole(scope, row.role),
        scope,
        emailVerified: row.emailVerified,
        twoFactorEnabled: row.twoFactorEnabled === true,
      };
    },
  };
}
export type TokensService = ReturnType<typeof createTokensService>;
