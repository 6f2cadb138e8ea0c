import type { UnitOfWork } from '../lib/unit-of-work.js';

import type { Db } from './client.js';

/**
 * A unit of work on `db`: each call opens a transaction and builds the scope (repositories bound to it) with `bind`. Used by
 * `app.ts` only. Inside, only the transaction's executor is used: on PGlite a query on the outer `db` would wait forever.
 */
export function createUnitOfWork<Scope>(db: Db, bind: (executor: Db) => Scope): UnitOfWork<Scope> {
  return (work) => db.transaction(async (tx) => work(bind(tx)));
}
