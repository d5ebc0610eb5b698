import type { AdminUserRow, College, OutboxMessage } from '@alumnet/contract';
import type { AlumniRow, outboxPage } from './repository';

export function presentAdminUserRow(row: AlumniRow): AdminUserRow {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    fullName: row.fullName,
    degreeId: row.degreeId,
    degreeName: row.degreeName,
    batchId: row.batchId,
    batchName: row.batchName,
    branchId: row.branchId,
    branchName: row.branchName,
    email: row.email,
    phone: row.phone ? [row.phoneCountryCode, row.phone].filter(Boolean).join(' ') : null,
    isApproved: row.isApproved,
    isRegistered: row.isRegistered,
    communicationStatus: {
      email: row.emailStatus,
      sms: row.smsStatus,
      whatsapp: row.whatsappStatus,
    },
    isInvited: row.isInvited,
    invitedBy:
      row.invitedById && row.invitedByName
        ? { _id: row.invitedById, fullName: row.invitedByName }
        : null,
    locationCountry: row.countryName,
    locationCity: row.cityName,
    companyName: row.companyName,
    newCollegeData: row.newCollegeData ? 'yes' : 'no',
    newDegreeRequestName: row.newDegreeRequestName,
    newBatchRequestName: row.newBatchRequestName,
    newBranchRequestName: row.newBranchRequestName,
  };
}

export const presentCollege = (c: { id: string; name: string }): College => ({
  _id: c.id,
  name: c.name,
});

type OutboxRow = Awaited<ReturnType<typeof outboxPage>>['rows'][number];
export const presentOutboxMessage = (m: OutboxRow): OutboxMessage => ({
  _id: m.id,
  createdAt: m.createdAt.toISOString(),
  channel: m.channel,
  recipient: m.recipient,
  subject: m.subject,
  body: m.body,
  html: m.html,
});
