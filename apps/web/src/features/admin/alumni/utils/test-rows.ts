import type { AdminUserRow } from '@alumnet/contract';

let next = 0;

/** A table row for tests: a registered, approved member unless told otherwise. */
export function adminRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    _id: id,
    createdAt: '2025-06-03T09:05:00.000Z',
    fullName: `Alumnus ${next}`,
    degreeId: null,
    degreeName: 'B.Tech',
    batchId: null,
    batchName: '2016-2020',
    branchId: null,
    branchName: 'Computer Science',
    email: `alumnus${next}@example.com`,
    phone: '9876543210',
    isApproved: true,
    isRegistered: true,
    communicationStatus: { email: 'not_sent', sms: 'not_sent', whatsapp: 'not_sent' },
    isInvited: false,
    invitedBy: null,
    locationCountry: 'India',
    locationCity: 'Pune',
    companyName: 'Acme',
    newCollegeData: 'no',
    newDegreeRequestName: null,
    newBatchRequestName: null,
    newBranchRequestName: null,
    ...overrides,
  };
}
