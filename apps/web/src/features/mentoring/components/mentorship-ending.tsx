import type { MentorshipDetail } from '@alumnet/contract';
import { Alert, Button, Group, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { useEndMentorship } from '../api/mentoring';
import { day, failure } from './mentoring-text';
import classes from './mentoring.module.css';
import { useTakenOver } from '../../../lib/use-taken-over';

const SIDE = { mentor: 'The mentor', mentee: 'The mentee' } as const;

/**
 * How it ends: either side ends it with a rating (1-5) and a comment, the other adds theirs
 * afterwards. The endings given so far are shown to both.
 */
export function MentorshipEnding({ mentorship }: { mentorship: MentorshipDetail }) {
  const ended = mentorship.endedAt !== null;
  const { endings } = mentorship;
  if (!mentorship.mayRate && endings.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ending-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ending-title">
          {ended ? 'How it went' : 'End mentorship'}
        </Title>
        {endings.map((ending) => (
          <Stack key={ending.by} gap={2} data-testid={`ending-${ending.by}`}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {SIDE[ending.by]}
                {ending.by === mentorship.myRole && ' (you)'}
              </Text>
              <Rating
                value={ending.rating}
                readOnly
                size="sm"
                // Stars drawn, not a control: read aloud as one picture.
                role="img"
                aria-label={`Rated ${ending.rating} of 5`}
              />
            </Group>
            {ending.comment && (
              <Text size="sm" className={classes.prose}>
                {ending.comment}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {day(ending.at)}
            </Text>
          </Stack>
        ))}
        {mentorship.mayRate && <EndForm mentorship={mentorship} />}
      </Stack>
    </Paper>
  );
}

function EndForm({ mentorship }: { mentorship: MentorshipDetail }) {
  const end = useEndMentorship(mentorship.id);
  const takenOver = useTakenOver();
  const ended = mentorship.endedAt !== null;
  // Ending is final: the form opens from a button; adding a rating afterwards is not.
  const [open, setOpen] = useState(ended);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (end.isPending) return;
    if (rating < 1) return setProblem('Rate from 1 to 5.');
    setProblem(null);
    end.mutate(
      { rating, comment: comment.trim() },
      {
        onSuccess: () => notify.success(ended ? 'Thank you for your rating.' : 'Mentorship ended.'),
        onError: (error) => setProblem(failure(error)),
      },
    );
  }

  if (!open) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Reached the goal, or time to stop? Either of you can end it; the mentor’s place frees up
          for someone else.
        </Text>
        <Button variant="default" color="red" w="fit-content" onClick={() => setOpen(true)}>
          End mentorship
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={ended ? 'Add your rating' : 'End mentorship'}>
      <Stack gap="sm">
        {ended && (
          <Text size="sm" c="dimmed">
            This mentorship was ended. Add your rating and a word on how it went.
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="rating-label">
            Your rating
          </Text>
          <Rating
            value={rating}
            onChange={setRating}
            size="lg"
            aria-labelledby="rating-label"
            getSymbolLabel={(n) => `${n} of 5`}
          />
        </Stack>
        <Textarea
          label="Comment"
          placeholder="What helped, what you would change"
          autosize
          minRows={2}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            type="submit"
            color={ended ? undefined : 'red.8'}
            loading={!takenOver || end.isPending}
          >
            {ended ? 'Add your rating' : 'End mentorship'}
          </Button>
          {!ended && (
            <Button variant="subtle" color="gray" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
