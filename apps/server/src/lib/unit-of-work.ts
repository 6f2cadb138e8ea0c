/**
 * Runs `work` in one database transaction, handing it the repositories (and the services that write) bound to that
 * transaction: everything it does commits together or not at all. Services receive a unit of work from `app.ts` and never
 * see a database handle (docs/conventions.md#layers-and-dependency-rules).
 */
export type UnitOfWork<Scope> = <T>(work: (scope: Scope) => Promise<T>) => Promise<T>;
