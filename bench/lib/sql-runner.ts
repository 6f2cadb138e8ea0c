import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The few SQL calls the benchmark makes, over PostgreSQL (pg) or an embedded data directory (PGlite). */
export interface SqlRunner {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPostgres(url: string): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

/** Opens a PGlite data directory; the server must not be running on it (PGlite is single-process). */
export async function openPglite(dataDir: string): Promise<SqlRunner> {
  const client = await PGlite.create({ dataDir });
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

/** A database name as an SQL identifier (names such as drapeau_my-branch need the quotes). */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Drops and creates a database on the PostgreSQL server of `adminUrl`; returns the new database's URL. */
export async function recreatePostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = await openPostgres(adminUrl);
  try {
    await admin.exec(`drop database if exists ${ident(name)} with (force)`);
    await admin.exec(`create database ${ident(name)}`);
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = await openPostgres(adminUrl);
  try {
    await admin.exec(`drop database if exists ${ident(name)} with (force)`);
  } finally {
    await admin.close();
  }
}
