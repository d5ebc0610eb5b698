import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry } from '@alumnet/contract';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import { neutralizeFormula } from '../dispatch/csv';
import { auditPage, auditRowsBefore, type AuditFilter, type AuditRow } from './repository';

/**
 * Whose entries the caller reads: a college admin their own college's, whatever they ask; a
 * super admin every college's, or the one they choose.
 */
export function auditScope(user: SessionUser, collegeId: string | undefined): string | null {
  if (user.isSuperAdmin) return collegeId ?? null;
  if (!policy.isAdmin(user) || !user.collegeId) throw forbidden('Admins only.');
  return user.collegeId;
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    collegeId: row.collegeId,
    ip: row.ip,
    details: row.details ?? {},
  };
}

export async function readAuditPage(db: Executor, filter: AuditFilter, page: number) {
  const { rows, total } = await auditPage(db, filter, page, AUDIT_PAGE_SIZE);
  return { entries: rows.map(presentAuditEntry), total, page, pageSize: AUDIT_PAGE_SIZE };
}

const CSV_COLUMNS = [
  'at',
  'actorName',
  'action',
  'targetType',
  'targetLabel',
  'targetId',
  'collegeId',
  'ip',
  'details',
] as const;
const CSV_PAGE = 1_000;

/** Every matching entry, newest first, a page at a time: a long log never sits in memory. */
export async function* auditCsv(db: Executor, filter: AuditFilter) {
  yield stringify([[...CSV_COLUMNS]]);
  let before: { at: Date; id: string } | null = null;
  for (;;) {
    const rows = await auditRowsBefore(db, filter, before, CSV_PAGE);
    if (rows.length === 0) return;
    const last = rows.at(-1)!;
    before = { at: last.at, id: last.id };
    yield stringify(
      rows.map((row) =>
        CSV_COLUMNS.map((column) => {
          if (column === 'at') return row.at.toISOString();
          if (column === 'details') return JSON.stringify(row.details ?? {});
          return neutralizeFormula(row[column] ?? '');
        }),
      ),
    );
    if (rows.length < CSV_PAGE) return;
  }
}
