import type { AdminUserRow } from '@alumnet/contract';

export interface ActionInput {
  /** The rows ticked one by one (in select-all mode: those of the pages seen). */
  rows: readonly AdminUserRow[];
  /** Select-all-matching mode: the job covers everyone the filter finds. */
  selectAll: boolean;
  /** A job or single-user action is running. */
  processing: boolean;
}

/**
 * admin-area.md §2 "Action bar" and §5, in one place: which buttons show and which are
 * disabled. `true` under a button's name means disabled.
 */
export function actionRules({ rows, selectAll, processing }: ActionInput) {
  const hasNewCollegeData = rows.some((row) => row.newCollegeData === 'yes');
  // Reject, Delete and Update Meta Data act on one person, never on a select-all set.
  const single = !selectAll && rows.length === 1 ? (rows[0] ?? null) : null;
  const blocked = processing || hasNewCollegeData;
  return {
    visible: selectAll || rows.length > 0,
    approve: blocked,
    email: blocked,
    whatsapp: blocked,
    // The spec's one exception: SMS ignores processing and new college data, not select-all.
    sms: selectAll,
    reject: single === null,
    delete: single === null,
    showUpdateMetadata: single?.newCollegeData === 'yes',
    /** Why Approve, Email and WhatsApp are off, to say so next to them. */
    hasNewCollegeData,
    single,
  };
}
export type ActionRules = ReturnType<typeof actionRules>;
