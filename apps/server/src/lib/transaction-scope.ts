import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Runs a transaction's work marked as such (db/client.ts does it for every transaction of the database). */
export const runInTransactionScope = <T>(work: () => T): T => scope.run(true, work);

/**
 * Whether the caller runs inside a database transaction. On PGlite a transaction holds the one connection: whatever
 * waits there for another read of the database waits for ever (docs/decisions/007-scoring.md: a read of the scoring
 * ledger inside a transaction never waits for the facts being read again).
 */
export const isInsideTransaction = (): boolean => scope.getStore() === true;
