import type pg from 'pg';

/**
 * What a backup reads and a restore writes, asked of the database's own catalog rather than of
 * Drizzle's schema, so that a table added by a later migration is never forgotten here.
 */

export interface AppTable {
  name: string;
  /** Columns that hold data: generated columns are left out (the database computes them). */
  columns: string[];
}

/** A name quoted for SQL: every table and column name here comes from the catalog. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema public), parents before the tables whose foreign keys point at them. */
export async function appTables(client: pg.ClientBase): Promise<AppTable[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(`
    SELECT c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c
    JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
    ORDER BY c.table_name, c.ordinal_position`);
  const { rows: edges } = await client.query<{ child: string; parent: string }>(`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid
    JOIN pg_class parent ON parent.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`);

  const byName = new Map<string, string[]>();
  for (const { table, column } of columns)
    byName.set(table, [...(byName.get(table) ?? []), column]);
  const parents = new Map([...byName.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);

  // Kahn's order, alphabetical among equals so two backups of one database list tables alike.
  const ordered: AppTable[] = [];
  const placed = new Set<string>();
  while (placed.size < byName.size) {
    const ready = [...byName.keys()].filter(
      (name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0)
      throw new Error('The tables reference each other in a cycle; cannot order them for a load.');
    for (const name of ready) {
      placed.add(name);
      ordered.push({ name, columns: byName.get(name)! });
    }
  }
  return ordered;
}

/** Drizzle's record of the migrations applied, oldest first; none on a database never migrated. */
export async function appliedMigrations(client: pg.ClientBase) {
  const { rows: present } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!present[0]?.present) return [];
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/** The app's sequences (serial and identity columns) and where each stands. */
export async function sequenceValues(client: pg.ClientBase) {
  const { rows } = await client.query<{ name: string; value: string | null }>(`
    SELECT sequencename AS name, last_value::text AS value
    FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`);
  return rows;
}

/** Rows per app table, for the "target already holds data" check and the tests. */
export async function rowCounts(client: pg.ClientBase, tables: AppTable[]) {
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${ident(name)}`);
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
