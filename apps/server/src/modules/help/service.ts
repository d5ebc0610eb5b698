import { COMMUNITY_MESSAGES, HELP_PAGE_SIZE, type HelpStatus } from '@alumnet/contract';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { presentHelpRequest, totalPages } from './presenter';
import { helpRequestPage, setHelpRequestStatus } from './repository';

/** Need Help Requests (admin-area.md §3): the super admin reads, closes and reopens them. */
export function createHelpService(db: Executor) {
  return {
    async page(page: number) {
      const { rows, total } = await helpRequestPage(db, page, HELP_PAGE_SIZE);
      return {
        helpRequests: rows.map(presentHelpRequest),
        totalPages: totalPages(total, HELP_PAGE_SIZE),
        totalRequests: total,
      };
    },

    async setStatus(id: string, status: HelpStatus) {
      const row = await setHelpRequestStatus(db, id, status);
      if (!row) throw notFound(COMMUNITY_MESSAGES.helpNotFound);
      return {
        message:
          status === 'closed' ? COMMUNITY_MESSAGES.helpClosed : COMMUNITY_MESSAGES.helpReopened,
        helpRequest: presentHelpRequest(row),
      };
    },
  };
}
