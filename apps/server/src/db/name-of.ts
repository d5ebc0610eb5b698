import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The name an id points to (a member's batch, branch, college, country or city), as a one-table
 * subquery rather than a left join. PostgreSQL plans every join order of a statement's joins;
 * PGlite spent more planning five such joins (1.7 ms for /api/auth/me's member) than running
 * five lookups (0.6 ms), and a feed page or a directory page had two to six of them.
 */
export function nameOf(name: AnyPgColumn, id: AnyPgColumn, reference: AnyPgColumn | SQL) {
  return sql<string | null>`(SELECT ${name} FROM ${id.table} WHERE ${id} = ${reference})`;
}
