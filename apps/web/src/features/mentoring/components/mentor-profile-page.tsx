import {
  MAX_MENTEES,
  MAX_MENTOR_INDUSTRIES,
  MAX_MENTOR_TOPICS,
  MENTORING_MESSAGES,
  MENTORING_TEXT,
  type MentorProfileAnswer,
} from '@alumnet/contract';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import {
  mentorProfileQuery,
  useSaveMentorProfile,
  type MentorProfileInput,
} from '../api/mentoring';
import { MentoringFrame } from './mentoring-frame';
import { failure } from './mentoring-text';
import { useTakenOver } from '../../../lib/use-taken-over';

/** `/mentoring/profile`: what members see of the member as a mentor, and whether they may ask. */
export function MentorProfilePage() {
  return (
    <MentoringFrame
      title="My mentor profile"
      description="Offer to mentor alumni of your college: what you help with, in which industries, and how many mentees you take at once."
    >
      <MentorProfile />
    </MentoringFrame>
  );
}

function MentorProfile() {
  const query = useQuery(mentorProfileQuery);
  if (query.isPending) {
    return <Skeleton h={480} radius="md" maw={720} aria-busy aria-label="Loading your profile" />;
  }
  if (query.isError) {
    return (
      <Alert color="red">{failure(query.error, 'Your mentor profile could not be loaded.')}</Alert>
    );
  }
  // A fresh form after each save, from what the server kept.
  return <MentorProfileForm key={JSON.stringify(query.data.profile)} answer={query.data} />;
}

function MentorProfileForm({ answer }: { answer: MentorProfileAnswer }) {
  const { profile, topics } = answer;
  const save = useSaveMentorProfile();
  const takenOver = useTakenOver();
  const [form, setForm] = useState<MentorProfileInput>(() => ({
    openToMentoring: profile.openToMentoring,
    topics: profile.topics,
    industries: profile.industries,
    // A member who never filled it in starts from two mentees.
    capacity: profile.capacity || 2,
    howIHelp: profile.howIHelp,
    takingRequests: profile.takingRequests,
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof MentorProfileInput>(key: K, value: MentorProfileInput[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    setProblem(null);
    save.mutate(form, {
      onSuccess: () => notify.success(MENTORING_MESSAGES.profileSaved),
      onError: (error) => setProblem(failure(error, 'Your mentor profile could not be saved.')),
    });
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720} component="section">
      <form onSubmit={submit} noValidate aria-label="Mentor profile">
        <Stack gap="md">
          <Switch
            label="Open to mentoring"
            description="The same switch as on your profile. Off, you are not suggested to anyone."
            checked={form.openToMentoring}
            onChange={(e) => set('openToMentoring', e.currentTarget.checked)}
          />
          <MultiSelect
            label="Topics"
            description={`What you can help with: up to ${MAX_MENTOR_TOPICS}.`}
            placeholder={form.topics.length ? undefined : 'Choose topics'}
            data={topics}
            value={form.topics}
            onChange={(value) => set('topics', value)}
            maxValues={MAX_MENTOR_TOPICS}
            searchable
            clearable
          />
          <TagsInput
            label="Industries"
            description={`Where you have worked, up to ${MAX_MENTOR_INDUSTRIES}: type one and press Enter.`}
            placeholder={
              form.industries.length < MAX_MENTOR_INDUSTRIES ? 'e.g. Software' : undefined
            }
            value={form.industries}
            onChange={(value) => set('industries', value)}
            maxTags={MAX_MENTOR_INDUSTRIES}
            maxLength={MENTORING_TEXT.industry}
            clearable
          />
          <NumberInput
            label="Mentees at once"
            description={
              profile.activeMentees > 0
                ? `You mentor ${profile.activeMentees} ${profile.activeMentees === 1 ? 'person' : 'people'} now.`
                : 'How many people you can mentor at the same time.'
            }
            min={1}
            max={MAX_MENTEES}
            allowDecimal={false}
            clampBehavior="strict"
            value={form.capacity}
            onChange={(value) => set('capacity', Number(value) || 1)}
            w={{ base: '100%', xs: 360 }}
          />
          <Textarea
            label="How I like to help"
            description={`${form.howIHelp.length}/${MENTORING_TEXT.howIHelp}`}
            placeholder="e.g. A call every two weeks; I review CVs and do mock interviews."
            autosize
            minRows={3}
            maxLength={MENTORING_TEXT.howIHelp}
            value={form.howIHelp}
            onChange={(e) => set('howIHelp', e.currentTarget.value)}
          />
          <Switch
            label="Taking requests now"
            description="Off, members still see you but cannot ask until you switch it back on."
            checked={form.takingRequests}
            onChange={(e) => set('takingRequests', e.currentTarget.checked)}
          />
          {!form.openToMentoring && (
            <Text size="sm" c="dimmed">
              You are not open to mentoring: what you fill in here is kept for when you are.
            </Text>
          )}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={!takenOver || save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
