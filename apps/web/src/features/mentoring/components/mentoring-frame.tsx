import { Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { requestsQuery } from '../api/mentoring';
import classes from './mentoring.module.css';

const SECTIONS = [
  { to: paths.mentoring, label: 'Find a mentor' },
  { to: paths.mentoringRequests, label: 'Requests' },
  { to: paths.mentorships, label: 'Mentorships' },
  { to: paths.mentorProfile, label: 'My mentor profile' },
] as const;

/** The sub-navigation the member screens of mentoring share; Requests shows what waits on me. */
function MentoringNav() {
  const { pathname } = useLocation();
  const requests = useQuery(requestsQuery);
  const waiting = requests.data?.incoming.filter((r) => r.status === 'open').length ?? 0;
  const current = (to: string) =>
    to === paths.mentorships ? pathname.startsWith(to) : pathname === to;
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the current screen's link is brought into it.
  useEffect(() => {
    const link = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav.current || !link) return;
    const { offsetLeft, offsetWidth } = link;
    if (offsetLeft + offsetWidth > nav.current.clientWidth) nav.current.scrollLeft = offsetLeft;
  }, [pathname]);
  return (
    <nav aria-label="Mentoring" className={classes.subnav} ref={nav}>
      {SECTIONS.map((s) => (
        <Link
          key={s.to}
          to={s.to}
          className={classes.subnavLink}
          aria-current={current(s.to) ? 'page' : undefined}
        >
          {s.label}
          {s.to === paths.mentoringRequests && waiting > 0 && (
            <Badge size="sm" circle aria-label={`${waiting} waiting for your answer`}>
              {waiting}
            </Badge>
          )}
        </Link>
      ))}
    </nav>
  );
}

/** A member screen of mentoring: the member layout, the title, the sub-navigation. */
export function MentoringFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <MemberLayout>
      <Stack gap="lg" maw={1100} mx="auto">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        <MentoringNav />
        {children}
      </Stack>
    </MemberLayout>
  );
}
