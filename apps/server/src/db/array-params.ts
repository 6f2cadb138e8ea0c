import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A list as one array parameter of this SQL type (`$1::text[]`), for `unnest` and `any`: the statement's text, drizzle's
 * work to build it and PostgreSQL's to parse it stay the same whatever the list's length. Binding one parameter per
 * value (`inArray`, multi-row `values`) made building the statements of a burst's batches (200 sessions, 200 players'
 * progress, 100 solves) a tenth of the server's CPU (docs/performance.md "2026-11-25").
 */
export function arrayOf(values: readonly unknown[], type: string): SQL {
  return sql`${sql.param([...values])}::${sql.raw(type)}[]`;
}

/** `column = any($1)`, the list as one array parameter (see arrayOf). An empty list matches nothing, as `inArray` does. */
export function anyOf(column: AnyPgColumn, values: readonly unknown[]): SQL {
  return sql`${column} = any(${arrayOf(values, column.getSQLType())})`;
}
