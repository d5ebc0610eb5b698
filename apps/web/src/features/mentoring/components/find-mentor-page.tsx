import { MENTORING_PAGE_SIZE } from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { lookups } from '../../../lib/lookups';
import { mentorProfileQuery, suggestionsQuery, type MentorFilters } from '../api/mentoring';
import { MentorCard } from './mentor-card';
import { MentoringFrame } from './mentoring-frame';

/** `/mentoring` (issue 29): mentors suggested for the member, ranked, each with the reasons. */
export function FindMentorPage() {
  return (
    <MentoringFrame
      title="Mentoring"
      description="Alumni of your college who offer to mentor, the best matches for you first: why each is suggested is under their name."
    >
      <FindMentor />
    </MentoringFrame>
  );
}

function FindMentor() {
  // The filters live in the address: a filtered list can be shared and survives going back.
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const filters: MentorFilters = {
    topic: search.get('topic') || undefined,
    industry: search.get('industry') || undefined,
    country: search.get('country') || undefined,
    taking: search.get('taking') === 'true',
    page,
  };
  const suggestions = useQuery(suggestionsQuery(filters));
  const topics = useQuery({ ...mentorProfileQuery, select: (answer) => answer.topics });
  const countries = useQuery(lookups.countries());
  const [industry, setIndustry] = useState(filters.industry ?? '');

  const change = (key: string, value: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        // A new filter starts from the first page.
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );
  // Typed industry goes into the address once the member pauses, not at every key.
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(typing.current), []);
  const typeIndustry = (value: string) => {
    setIndustry(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => change('industry', value.trim() || null), 400);
  };

  const mentors = suggestions.data?.mentors ?? [];
  const total = suggestions.data?.total ?? 0;
  const pages = Math.ceil(total / MENTORING_PAGE_SIZE);
  const filtered = Boolean(filters.topic || filters.industry || filters.country || filters.taking);

  return (
    <Stack gap="md">
      {/* Two a row on a phone, four on a wide screen: the list starts within the first screen. */}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <Select
          label="Topic"
          name="topic"
          placeholder="Any topic"
          data={topics.data ?? []}
          value={filters.topic ?? null}
          onChange={(value) => change('topic', value)}
          clearable
        />
        <TextInput
          label="Industry"
          name="industry"
          placeholder="e.g. Software"
          value={industry}
          onChange={(e) => typeIndustry(e.currentTarget.value)}
        />
        <Select
          label="Country"
          name="country"
          placeholder="Any country"
          data={(countries.data ?? []).map((c) => ({ value: c._id, label: c.countryName }))}
          value={filters.country ?? null}
          onChange={(value) => change('country', value)}
          searchable
          clearable
          limit={100}
        />
        <Switch
          label="Taking requests"
          description="With room for you"
          checked={filters.taking}
          onChange={(e) => change('taking', e.currentTarget.checked ? 'true' : null)}
          style={{ alignSelf: 'end' }}
          mb={4}
        />
      </SimpleGrid>

      {suggestions.isError && (
        <Alert color="red">The mentors could not be loaded. Please try again.</Alert>
      )}
      {suggestions.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy aria-label="Loading mentors">
          <Skeleton h={320} radius="md" />
          <Skeleton h={320} radius="md" />
          <Skeleton h={320} radius="md" />
        </SimpleGrid>
      ) : suggestions.isSuccess && mentors.length === 0 ? (
        <Stack gap={4}>
          <Text c="dimmed">
            {filtered
              ? 'No mentors match these filters.'
              : 'Nobody in your college offers mentoring yet.'}
          </Text>
          <Text size="sm" c="dimmed">
            Could you help someone?{' '}
            <Anchor component={Link} to={paths.mentorProfile}>
              Become a mentor
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 1 ? '1 mentor' : `${total} mentors`}
          </Text>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            aria-label="Suggested mentors"
            style={{ opacity: suggestions.isPlaceholderData ? 0.6 : 1 }}
          >
            {mentors.map((mentor) => (
              <MentorCard key={mentor.id} mentor={mentor} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => {
                  change('page', next > 1 ? String(next) : null);
                  window.scrollTo({ top: 0 });
                }}
                size="sm"
                siblings={1}
                getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
