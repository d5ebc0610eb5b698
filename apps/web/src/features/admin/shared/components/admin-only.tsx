import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemberLayout } from '../../../../components/member-layout';
import { NotAuthorized } from '../../../../components/not-authorized';
import { isAdmin, meQuery } from '../../../../lib/session';

/**
 * The frame of every admin screen: the route's loader has made sure someone is signed in; a
 * member who opens an admin address sees the not-authorized screen (admin-area.md §6).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{isAdmin(data.user) ? children : <NotAuthorized />}</MemberLayout>;
}
