import { createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { readServerState } from '../lib/server-state';
import { createRoutes } from './route-table';

// A page the server drew (src/ssr.tsx) carries its loaders' answers: the router starts from
// them instead of running those loaders again.
export const router = createBrowserRouter(createRoutes(queryClient), {
  hydrationData: readServerState()?.router,
});
