import type { AuditAction } from '@alumnet/contract';
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditFilter {
  /** null: every college's and the platform's (a super admin without a choice). */
  collegeId: string | null;
  actor?: string;
  action?: AuditAction;
  /** UTC days, both inclusive. */
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: AuditFilter): SQL | undefined {
  return and(
    filter.collegeId !== null ? eq(auditLog.collegeId, filter.collegeId) : undefined,
    filter.actor ? sql`${auditLog.actorName} ILIKE ${`%${escapeLike(filter.actor)}%`}` : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to
      ? lt(auditLog.at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS))
      : undefined,
  );
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  targetLabel: auditLog.targetLabel,
  collegeId: auditLog.collegeId,
  ip: auditLog.ip,
  details: auditLog.details,
};
export type AuditRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

export async function auditPage(db: Executor, filter: AuditFilter, page: number, size: number) {
  const where = conditions(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows as AuditRow[], total: total?.n ?? 0 };
}

/** The next rows after (at, id), newest first: the CSV reads the log a page at a time. */
export async function auditRowsBefore(
  db: Executor,
  filter: AuditFilter,
  before: { at: Date; id: string } | null,
  size: number,
) {
  const rows = await db
    .select(columns)
    .from(auditLog)
    .where(
      and(
        conditions(filter),
        before
          ? or(
              lt(auditLog.at, before.at),
              and(eq(auditLog.at, before.at), lt(auditLog.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size);
  return rows as AuditRow[];
}
