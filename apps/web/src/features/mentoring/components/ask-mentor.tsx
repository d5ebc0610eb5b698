import { MENTORING_MESSAGES, MENTORING_TEXT, type MentorSuggestion } from '@alumnet/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { useAskMentor } from '../api/mentoring';
import { failure } from './mentoring-text';

/** The request's form, in a dialog over the list: the goal in a line, and a message. */
export function AskMentor({
  mentor,
  opened,
  onClose,
}: {
  mentor: MentorSuggestion;
  opened: boolean;
  onClose: () => void;
}) {
  const ask = useAskMentor();
  const [goal, setGoal] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (ask.isPending) return;
    if (!goal.trim() || !message.trim()) {
      setProblem(!goal.trim() ? 'Goal is required' : 'Message is required');
      return;
    }
    setProblem(null);
    ask.mutate(
      { mentorId: mentor.id, goal: goal.trim(), message: message.trim() },
      {
        onSuccess: () => {
          notify.success(MENTORING_MESSAGES.requestSent);
          setGoal('');
          setMessage('');
          onClose();
        },
        onError: (error) => setProblem(failure(error, 'The request could not be sent.')),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Ask ${mentor.fullName} for mentoring`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Say what you would like to reach and a little about yourself. {mentor.fullName} has 14
            days to answer.
          </Text>
          <Textarea
            label="Your goal"
            description="One line: what you want to reach with this mentor's help."
            placeholder="e.g. Move from testing into product management within a year"
            required
            autosize
            minRows={2}
            maxLength={MENTORING_TEXT.goal}
            value={goal}
            onChange={(e) => setGoal(e.currentTarget.value)}
          />
          <Textarea
            label="Message"
            placeholder="Where you are now, what you have tried, how you would like to meet"
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={MENTORING_TEXT.message}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={ask.isPending}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
