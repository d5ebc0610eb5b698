import type { Alumnus } from '@alumnet/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  EmptyState,
  Grid,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState } from 'react';
import { MemberLayout } from '../../../components/member-layout';
import { meQuery } from '../../../lib/session';
import { useFromBreakpoint } from '../../../lib/use-from-breakpoint';
import { useStagedList } from '../../../lib/use-staged-list';
import { alumniSearchQuery } from '../api/alumni';
import {
  activeFilterCount,
  noFilters,
  pager,
  searchBody,
  withFilter,
  type AlumniFilters,
} from '../utils/filters';
import { AlumniFiltersForm, NameSearch } from './alumni-filters';
import { AlumniTable } from './alumni-table';
import { MemberCardModal } from '../../../components/member-card-modal';

/** The directory's first page, for the route's loader (app/route-prefetch.ts). */
export const prefetchFirstPage = (client: QueryClient, collegeId: string | null | undefined) =>
  client.prefetchQuery(alumniSearchQuery(searchBody(noFilters, 1, collegeId)));

/** The alumni directory of member-portal.md §2 "Alumni search screen" (route /alumzone). */
export function AlumniPage() {
  const { data: session } = useSuspenseQuery(meQuery);
  const [filters, setFilters] = useState<AlumniFilters>(noFilters);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Alumnus | null>(null);
  const [drawerOpened, drawer] = useDisclosure(false);
  // From a laptop up the filters sit beside the results; on a phone only in the drawer.
  const wide = useFromBreakpoint('md');
  const [searchText] = useDebouncedValue(filters.searchText, 300);
  const results = useRef<HTMLDivElement>(null);

  const search = useQuery(
    alumniSearchQuery(searchBody({ ...filters, searchText }, page, session.user?.collegeId)),
  );

  // Every filter change starts again from the first page.
  const change = (key: keyof AlumniFilters, value: string) => {
    setFilters((current) => withFilter(current, key, value));
    setPage(1);
  };
  const clear = () => {
    setFilters(noFilters);
    setPage(1);
  };

  // The buttons sit under the table: bring the new page's first rows into view.
  const turnPage = (step: 1 | -1) => {
    setPage((p) => p + step);
    results.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  // A page of results is drawn in a background render React can slice, rather than in the one
  // the answer's arrival starts, which cannot be interrupted.
  const shownUsers = useDeferredValue(search.data?.users);
  // About what a phone's screen shows under the filters first, the rest right after.
  const [drawnUsers, allDrawn] = useStagedList(shownUsers, 5);
  const total = search.data?.totalResults ?? 0;
  const { hasNext, hasPrevious, pageCount } = pager(total, page);
  const filterCount = activeFilterCount(filters);

  return (
    <MemberLayout>
      <Stack gap="md">
        <div>
          <Title order={2}>Alum Zone</Title>
          <Text c="dimmed" size="sm">
            Find alumni of {session.user?.collegeName ?? 'your college'} by name, batch, company or
            place.
          </Text>
        </div>

        {/* Phone: the name search stays in view; the other filters open in a drawer. */}
        <Group hiddenFrom="md" align="flex-end" wrap="nowrap" gap="xs">
          <Box style={{ flex: 1 }}>
            <NameSearch value={filters.searchText} onChange={change} />
          </Box>
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              filterCount > 0 ? (
                <Badge size="sm" circle>
                  {filterCount}
                </Badge>
              ) : null
            }
            onClick={drawer.open}
          >
            Filters
          </Button>
        </Group>
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          title="Filters"
          position="bottom"
          size="85%"
          hiddenFrom="md"
        >
          <AlumniFiltersForm
            filters={filters}
            onChange={change}
            onClear={clear}
            withSearch={false}
          />
          <Button fullWidth mt="md" onClick={drawer.close}>
            Show {total} {total === 1 ? 'result' : 'results'}
          </Button>
        </Drawer>

        <Grid gap="md">
          {wide && (
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Paper withBorder radius="lg" p="md" component="section" aria-label="Filters">
                <AlumniFiltersForm filters={filters} onChange={change} onClear={clear} />
              </Paper>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Paper
              ref={results}
              withBorder
              radius="lg"
              p={{ base: 'sm', sm: 'md' }}
              pos="relative"
              component="section"
              aria-label="Results"
              style={{ scrollMarginTop: 76 }}
            >
              <Group justify="space-between" mb="xs">
                <Text fw={600} aria-live="polite">
                  Total Results: {search.data ? total : '…'}
                </Text>
                {search.data && total > 0 && (
                  <Text size="sm" c="dimmed">
                    Page {page} of {pageCount}
                  </Text>
                )}
              </Group>

              {search.isError && !search.data ? (
                <Alert
                  color="red"
                  icon={<IconAlertCircle size={18} />}
                  title="Could not load alumni"
                  role="alert"
                >
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{search.error.message}</Text>
                    <Button size="xs" variant="light" color="red" onClick={() => search.refetch()}>
                      Try again
                    </Button>
                  </Stack>
                </Alert>
              ) : search.data && search.data.users.length === 0 ? (
                <EmptyState
                  icon={<IconUsers size={28} />}
                  withIndicatorBackground
                  title="No alumni match these filters."
                  description="Try another name or clear some filters."
                  py="xl"
                >
                  {filterCount > 0 && (
                    <EmptyState.Actions>
                      <Button variant="light" onClick={clear}>
                        Clear filters
                      </Button>
                    </EmptyState.Actions>
                  )}
                </EmptyState>
              ) : (
                <Box pos="relative">
                  <LoadingOverlay
                    visible={search.isPlaceholderData}
                    overlayProps={{ blur: 1, backgroundOpacity: 0.4 }}
                    loaderProps={{ size: 'sm' }}
                  />
                  <AlumniTable users={drawnUsers} onOpen={setSelected} />
                </Box>
              )}

              {allDrawn && (hasPrevious || hasNext) && (
                <Group justify="flex-end" mt="md" gap="xs">
                  {hasPrevious && (
                    <Button
                      variant="default"
                      leftSection={<IconChevronLeft size={16} />}
                      onClick={() => turnPage(-1)}
                    >
                      Previous
                    </Button>
                  )}
                  {hasNext && (
                    <Button
                      variant="default"
                      rightSection={<IconChevronRight size={16} />}
                      onClick={() => turnPage(1)}
                    >
                      Next
                    </Button>
                  )}
                </Group>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
      <MemberCardModal member={selected} onClose={() => setSelected(null)} />
    </MemberLayout>
  );
}
