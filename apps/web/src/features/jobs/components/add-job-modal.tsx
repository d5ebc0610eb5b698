import {
  Alert,
  Button,
  Flex,
  Group,
  Input,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  ACCESS_LEVELS,
  JOB_CATEGORIES,
  JOB_TYPES,
  jobAddBody,
  type Job,
  type SignedInUser,
} from '@alumnet/contract';
import { useState, type FormEvent } from 'react';
import {
  RichTextField,
  richTextHtml,
  useRichTextEditor,
} from '../../../components/rich-text-field';
import { ACCESS_LEVEL_LABELS } from '../../../lib/access-levels';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddJob } from '../api/jobs';
import { JOB_TYPE_LABELS } from '../utils/format';

type JobType = (typeof JOB_TYPES)[number];

interface AddJobModalProps {
  user: SignedInUser;
  opened: boolean;
  onClose: () => void;
  onCreated: (job: Job) => void;
}

/** 'Add Job Posting' (member-portal.md §2, §5, §8). */
export function AddJobModal({ user, opened, onClose, onCreated }: AddJobModalProps) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const addJob = useAddJob(user);
  const [jobTitle, setJobTitle] = useState('');
  const [jobCategory, setJobCategory] = useState<string | null>(null);
  const [accessLevel, setAccessLevel] = useState('');
  const [jobType, setJobType] = useState<JobType>('fulltime');
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const editor = useRichTextEditor('Job Details');

  function reset() {
    setJobTitle('');
    setJobCategory(null);
    setAccessLevel('');
    setJobType('fulltime');
    setFailure(null);
    editor?.commands.clearContent();
  }

  function close() {
    if (addJob.isPending) return;
    reset();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (addJob.isPending) return;
    setFailure(null);
    const parsed = jobAddBody.safeParse({
      jobTitle,
      jobContent: richTextHtml(editor),
      jobCategory: jobCategory ?? undefined,
      jobType,
      accessLevel: accessLevel || undefined,
    });
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    try {
      const created = await addJob.mutateAsync(parsed.data);
      reset();
      onCreated(created);
      onClose();
    } catch (error) {
      // A refused call is a failed add; anything else (no network, a broken answer) was thrown.
      setFailure(
        error instanceof ApiRequestError && error.status > 0
          ? { title: 'Failed to add job. Please try again.', detail: error.message }
          : { title: 'An error occurred while adding the job.' },
      );
    }
  }

  const levelNames: Record<(typeof ACCESS_LEVELS)[number], string | null> = {
    college: user.collegeName,
    batch: user.batchName,
    branch: user.branchName,
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Job Posting"
      size="xl"
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Job Title"
            placeholder="e.g. Backend Engineer (Node.js)"
            value={jobTitle}
            onChange={(e) => setJobTitle(e.currentTarget.value)}
            maxLength={200}
            data-autofocus
          />
          <RichTextField editor={editor} label="Job Details" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Job Category"
              placeholder="Choose a category"
              data={[...JOB_CATEGORIES]}
              value={jobCategory}
              onChange={setJobCategory}
              allowDeselect={false}
            />
            <Input.Wrapper label="Job Type" labelElement="div">
              <div>
                <SegmentedControl
                  aria-label="Job Type"
                  value={jobType}
                  onChange={(value) => setJobType(value as JobType)}
                  data={JOB_TYPES.map((value) => ({ value, label: JOB_TYPE_LABELS[value] }))}
                  mt={4}
                />
              </div>
            </Input.Wrapper>
          </SimpleGrid>
          <Radio.Group label="Share with" value={accessLevel} onChange={setAccessLevel}>
            <Flex direction={narrow ? 'column' : 'row'} gap={narrow ? 'xs' : 'lg'} mt={6}>
              {ACCESS_LEVELS.map((level) => (
                <Radio
                  key={level}
                  value={level}
                  label={ACCESS_LEVEL_LABELS[level]}
                  description={levelNames[level] ?? undefined}
                  disabled={!levelNames[level]}
                />
              ))}
            </Flex>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            Only the members you share with see the posting. Links open in a new tab.
          </Text>
          {failure && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title={failure.title}
              role="alert"
              withCloseButton
              onClose={() => setFailure(null)}
            >
              {failure.detail}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={addJob.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={addJob.isPending}>
              {addJob.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
