import { sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';

export interface TableInfo {
  name: string;
  /** Insertable columns (generated ones excluded), in table order. */
  columns: string[];
}

type Executor = Db | Tx;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ident = (name: string) => sql.identifier(name);
const ROWS_PER_INSERT = 500;

/**
 * The database's rows in a portable form (docs/decisions/013-operations.md): every table of the `public` schema, read
 * from the catalog (so a table added by a later migration is included without change here), one JSON object per row as
 * PostgreSQL writes it (`to_jsonb`, exact for timestamps and big numbers since JavaScript never parses it), and written
 * back by PostgreSQL itself (`jsonb_populate_recordset`). PGlite and PostgreSQL read and write the same text.
 */
export function createBackupRepository(db: Db) {
  async function listTables(executor: Executor): Promise<TableInfo[]> {
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await executor.execute(sql`
        select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`),
    );
    const edges = rowsOf<{ child: string; parent: string }>(
      await executor.execute(sql`
        select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace`),
    );
    const byTable = new Map<string, string[]>();
    for (const row of columns) byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
    // Parents before children, so that every foreign key holds as rows are inserted.
    const ordered: string[] = [];
    const visit = (name: string, path: Set<string>) => {
      if (ordered.includes(name) || path.has(name)) return;
      path.add(name);
      for (const edge of edges) if (edge.child === name && edge.parent !== name) visit(edge.parent, path);
      ordered.push(name);
    };
    for (const name of [...byTable.keys()].sort()) visit(name, new Set());
    return ordered.filter((name) => byTable.has(name)).map((name) => ({ name, columns: byTable.get(name)! }));
  }

  return {
    /** Every table's rows, read in one repeatable-read snapshot: consistent while the server writes. */
    async readSnapshot(): Promise<{ table: TableInfo; rows: string[] }[]> {
      return db.transaction(
        async (tx) => {
          const result: { table: TableInfo; rows: string[] }[] = [];
          for (const table of await listTables(tx)) {
            const rows = rowsOf<{ row: string }>(
              await tx.execute(sql`select to_jsonb(t)::text as row from ${ident(table.name)} t`),
            ).map((r) => r.row);
            result.push({ table, rows });
          }
          return result;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * Replaces every row of the database with the archive's, in one transaction: all or nothing. Columns the archive
     * lacks (a table changed by a later migration) take their defaults; tables it lacks stay empty.
     */
    async replaceAll(
      tables: { name: string; columns: string[]; rows: string[] }[],
      settings: { key: string; value: string }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const existing = await listTables(tx);
        const known = new Map(existing.map((t) => [t.name, new Set(t.columns)]));
        if (existing.length > 0) {
          await tx.execute(
            sql`truncate table ${sql.join(
              existing.map((t) => ident(t.name)),
              sql`, `,
            )} cascade`,
          );
        }
        const order = existing.map((t) => t.name);
        const incoming = [...tables].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
        for (const table of incoming) {
          const targetColumns = known.get(table.name);
          if (!targetColumns) continue;
          const columns = table.columns.filter((c) => targetColumns.has(c));
          const list = sql.join(columns.map(ident), sql`, `);
          for (let i = 0; i < table.rows.length; i += ROWS_PER_INSERT) {
            const json = `[${table.rows.slice(i, i + ROWS_PER_INSERT).join(',')}]`;
            await tx.execute(sql`
              insert into ${ident(table.name)} (${list}) overriding system value
              select ${list} from jsonb_populate_recordset(null::${ident(table.name)}, ${json}::jsonb)`);
          }
        }
        // Sequences continue after the restored ids.
        const sequences = rowsOf<{ table_name: string; column_name: string; seq: string }>(
          await tx.execute(sql`
            select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
            from information_schema.columns
            where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`),
        );
        for (const s of sequences) {
          await tx.execute(sql`
            select setval(${s.seq}::regclass, coalesce((select max(${ident(s.column_name)}) from ${ident(s.table_name)}), 0) + 1, false)`);
        }
        for (const setting of settings) {
          await tx.execute(sql`
            insert into instance_settings (key, value) values (${setting.key}, ${setting.value})
            on conflict (key) do update set value = excluded.value`);
        }
      });
    },
  };
}
export type BackupRepository = ReturnType<typeof createBackupRepository>;
