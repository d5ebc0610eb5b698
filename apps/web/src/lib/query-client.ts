import { hydrate, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-request';
import { readServerState } from './server-state';

/** The app's query settings: the browser's one client below, and one per page the server draws. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network trouble might.
        retry: (count, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
          count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

export const queryClient = createQueryClient();

// A page the server drew starts with the answers it was drawn from (lib/server-state.ts).
const drawnWith = readServerState();
if (drawnWith) hydrate(queryClient, drawnWith.queries);
