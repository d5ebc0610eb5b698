import { COMMUNITY_MESSAGES } from '@alumnet/contract';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { meQuery } from '../../../../lib/session';
import { AdminOnly } from './admin-only';

/** admin-area.md §3: screens for super admins; anyone else reads the access-denied text. */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  return (
    <AdminOnly>
      <SuperAdminCheck>{children}</SuperAdminCheck>
    </AdminOnly>
  );
}

function SuperAdminCheck({ children }: { children: ReactNode }) {
  const { data } = useSuspenseQuery(meQuery);
  if (data.user?.isSuperAdmin) return children;
  return (
    <Alert color="red" icon={<IconLock size={18} />} maw={600} mx="auto">
      {COMMUNITY_MESSAGES.accessDenied}
    </Alert>
  );
}
