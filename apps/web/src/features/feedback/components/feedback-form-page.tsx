import { feedbackBody, type FeedbackType } from '@alumnet/contract';
import { Button, Paper, Radio, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MemberLayout } from '../../../components/member-layout';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { sendFeedback } from '../api/feedback';

const TYPES: { value: FeedbackType; label: string }[] = [
  { value: 'bug', label: 'Bug' },
  { value: 'feature', label: 'Feature request' },
  { value: 'suggestion', label: 'Suggestion' },
  { value: 'other', label: 'Other' },
];

/** `/feedback`: a member tells the team about a bug, a wish or anything else. */
export function FeedbackFormPage() {
  return (
    <MemberLayout>
      <FeedbackForm />
    </MemberLayout>
  );
}

function FeedbackForm() {
  const [radioOption, setRadioOption] = useState<FeedbackType>('suggestion');
  const [input, setInput] = useState('');
  const [error, setError] = useState('');
  const send = useMutation({
    mutationFn: sendFeedback,
    onSuccess: ({ message }) => {
      notify.success(message);
      setInput('');
    },
    onError: (e) =>
      notify.error(e instanceof ApiRequestError ? e.message : 'Could not send your feedback.'),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = feedbackBody.safeParse({ radioOption, input });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Message is required');
      return;
    }
    setError('');
    send.mutate(parsed.data);
  };

  return (
    <Stack gap="md" maw={640} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Feedback
        </Title>
        <Text c="dimmed" size="sm">
          Found a bug or have an idea? Tell us.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
        <Stack gap="md">
          <Radio.Group
            label="Feedback type"
            value={radioOption}
            onChange={(v) => setRadioOption(v as FeedbackType)}
          >
            <Group mt="xs" gap="md">
              {TYPES.map((t) => (
                <Radio key={t.value} value={t.value} label={t.label} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label="Message"
            placeholder="Your feedback"
            autosize
            minRows={4}
            maxLength={2000}
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            error={error || undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send feedback
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
