import {
  Button,
  Group,
  NavLink,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Job } from '@alumnet/contract';
import { classOf } from '../../../components/author-avatar';
import { useTimeZone } from '../../../lib/time-zone';
import { postedOn } from '../utils/format';
import classes from './jobs.module.css';

interface JobListProps {
  jobs: Job[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (job: Job) => void;
  onAdd: () => void;
  page: number;
  totalPages: number;
  totalResults: number;
  onPage: (page: number) => void;
}

/** The left pane of the jobs board: the postings of one page and the way to add one. */
export function JobList(props: JobListProps) {
  const { jobs, loading, selectedId, onSelect, onAdd, page, totalPages, totalResults, onPage } =
    props;
  const timeZone = useTimeZone();

  return (
    <Paper component="section" aria-label="Job postings" withBorder radius="lg" p="md">
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            Jobs Board
          </Title>
          {totalResults > 0 && (
            <Text size="sm" c="dimmed">
              {totalResults} {totalResults === 1 ? 'posting' : 'postings'}
            </Text>
          )}
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
          Add Job Posting
        </Button>
      </Group>

      {loading ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={76} radius="md" />
          ))}
        </Stack>
      ) : jobs.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No jobs available.
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {jobs.map((job) => (
            <li key={job.id}>
              <NavLink
                component="button"
                type="button"
                className={classes.jobItem}
                active={job.id === selectedId}
                aria-current={job.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(job)}
                data-job-id={job.id}
                label={
                  <Text component="span" fw={600} display="block" className={classes.jobTitle}>
                    {job.jobTitle}
                  </Text>
                }
                description={
                  <>
                    <Text component="span" size="sm" display="block" c="var(--mantine-color-text)">
                      Posted by {job.postedBy.fullName}
                    </Text>
                    {classOf(job.postedBy) && (
                      <Text component="span" size="xs" display="block">
                        {classOf(job.postedBy)}
                      </Text>
                    )}
                    <Text component="span" size="xs" display="block">
                      {job.jobCategory} ·{' '}
                      <time dateTime={job.postedDate}>{postedOn(job.postedDate, timeZone)}</time>
                    </Text>
                  </>
                }
              />
            </li>
          ))}
        </Stack>
      )}

      {totalPages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPage}
            size="sm"
            siblings={1}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </Group>
      )}
    </Paper>
  );
}
