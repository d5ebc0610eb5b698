import type { HelpRequestRow } from '@alumnet/contract';
import type { HelpRequestRecord } from './repository';

export const presentHelpRequest = (row: HelpRequestRecord): HelpRequestRow => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
  query: row.query,
  status: row.status,
});

export const totalPages = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));
