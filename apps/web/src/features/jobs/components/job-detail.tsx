import {
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { Job } from '@alumnet/contract';
import { useMemo } from 'react';
import { useDeleteJob, useToggleJobLike } from '../api/jobs';
import { classOf } from '../../../components/author-avatar';
import { ReactionsBar } from '../../../components/reactions-bar';
import { ACCESS_LEVEL_LABELS } from '../../../lib/access-levels';
import { safeHtml } from '../../../lib/safe-html';
import { useTimeZone } from '../../../lib/time-zone';
import { JOB_TYPE_LABELS, postedOn } from '../utils/format';
import { JobComments } from './job-comments';
import classes from './jobs.module.css';

/** The right pane: the selected job, its likes and comments, and Delete Job when allowed. */
export function JobDetail({ job, onDeleted }: { job: Job; onDeleted: (jobId: string) => void }) {
  const toggleLike = useToggleJobLike();
  const timeZone = useTimeZone();
  const deleteJob = useDeleteJob();
  const [confirming, confirm] = useDisclosure(false);
  const html = useMemo(() => safeHtml(job.jobContent), [job.jobContent]);
  const comments = job.commentsCount;

  function remove() {
    deleteJob.mutate(job.id, {
      onSuccess: () => {
        confirm.close();
        onDeleted(job.id);
      },
      onError: confirm.close,
    });
  }

  return (
    <Paper
      component="article"
      aria-labelledby="job-detail-title"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-job-id={job.id}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        {/* At least 16rem for the title: on a phone Delete Job moves below it. */}
        <Box miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h3" id="job-detail-title" className={classes.jobTitle}>
            {job.jobTitle}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Posted by {job.postedBy.fullName}
            {classOf(job.postedBy) && ` · ${classOf(job.postedBy)}`} ·{' '}
            <time dateTime={job.postedDate}>{postedOn(job.postedDate, timeZone)}</time>
          </Text>
        </Box>
        {job.canEdit === 'yes' && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} />}
            onClick={confirm.open}
          >
            Delete Job
          </Button>
        )}
      </Group>

      <Group gap="xs" mt="sm">
        <Badge variant="light">{job.jobCategory}</Badge>
        <Badge variant="light" color={job.jobType === 'internship' ? 'orange' : 'teal'}>
          {JOB_TYPE_LABELS[job.jobType]}
        </Badge>
        <Badge variant="light" color="grape">
          Shared with {ACCESS_LEVEL_LABELS[job.accessLevel]}
        </Badge>
      </Group>

      <Divider my="md" />
      <Typography className={classes.jobContent}>
        {/* Sanitized on the server before it was stored and again here (safeHtml). */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>

      <Divider my="md" />
      <ReactionsBar
        mb="sm"
        likesCount={job.likesCount}
        likedByMe={job.likedByMe}
        commentsCount={comments}
        onToggleLike={() => toggleLike.mutate(job.id)}
      />
      <JobComments job={job} />

      <Modal opened={confirming} onClose={confirm.close} title="Confirm" centered>
        <Text>This will delete the job. Are you sure?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close} disabled={deleteJob.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={remove} loading={deleteJob.isPending}>
            Yes
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
