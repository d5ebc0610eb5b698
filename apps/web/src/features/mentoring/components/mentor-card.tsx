import { imageUrl, type MentorSuggestion } from '@alumnet/contract';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { AskMentor } from './ask-mentor';
import { batchLine, capacityLine } from './mentoring-text';
import classes from './mentoring.module.css';

/** Why the member cannot ask this mentor, or null when they can. */
function askBlocked(mentor: MentorSuggestion) {
  if (mentor.requested) return 'You have asked; the answer is on its way.';
  const capacity = capacityLine(mentor);
  if (!capacity.open) {
    return mentor.takingRequests
      ? 'At capacity: they have as many mentees as they can take right now.'
      : 'Not taking requests right now.';
  }
  return null;
}

/** One suggested mentor: who, where, what they help with, room for mentees, and why suggested. */
export function MentorCard({ mentor }: { mentor: MentorSuggestion }) {
  const [asking, setAsking] = useState(false);
  const titleId = `mentor-${mentor.id}-name`;
  const capacity = capacityLine(mentor);
  const blocked = askBlocked(mentor);
  const place = [mentor.city, mentor.country].filter(Boolean).join(', ');
  const batch = batchLine(mentor);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-mentor-id={mentor.id}
    >
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar
            src={mentor.profilePicture ? imageUrl(mentor.profilePicture, 'thumb') : null}
            alt=""
            radius="xl"
            size={56}
            color="blue"
          >
            {mentor.fullName[0]}
          </Avatar>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text component="h3" fw={700} size="lg" lh={1.3} m={0} id={titleId}>
              {mentor.fullName}
            </Text>
            {batch && (
              <Text size="sm" c="dimmed">
                {batch}
              </Text>
            )}
            {mentor.companyName && (
              <Group gap={6} wrap="nowrap" c="dimmed">
                <IconBriefcase size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" lineClamp={1}>
                  {mentor.companyName}
                </Text>
              </Group>
            )}
            {place && (
              <Group gap={6} wrap="nowrap" c="dimmed">
                <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" lineClamp={1}>
                  {place}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>

        {mentor.topics.length > 0 && (
          <Group gap={6} aria-label="Topics">
            {mentor.topics.map((topic) => (
              <Badge key={topic} variant="light" radius="sm" tt="none">
                {topic}
              </Badge>
            ))}
          </Group>
        )}
        {mentor.industries.length > 0 && (
          <Text size="xs" c="dimmed">
            Industries: {mentor.industries.join(', ')}
          </Text>
        )}
        {mentor.howIHelp && (
          <Text size="sm" fs="italic" className={classes.prose}>
            “{mentor.howIHelp}”
          </Text>
        )}

        {mentor.reasons.length > 0 && (
          <Stack gap={4} style={{ flex: 1 }}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              Why suggested
            </Text>
            {/* Plain bullets, not ticks: a reason may also lower the rank ("Your own batch"). */}
            <ul className={classes.reasons} aria-label={`Why ${mentor.fullName} is suggested`}>
              {mentor.reasons.map((reason) => (
                <Text key={reason} component="li" size="sm">
                  {reason}
                </Text>
              ))}
            </ul>
          </Stack>
        )}

        <Stack gap={4} mt="auto">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Badge
              variant="dot"
              color={capacity.open ? 'green' : 'gray'}
              tt="none"
              data-testid="mentor-capacity"
            >
              {capacity.text}
            </Badge>
            <Button size="sm" disabled={blocked !== null} onClick={() => setAsking(true)}>
              {mentor.requested ? 'Requested' : 'Ask for mentoring'}
            </Button>
          </Group>
          {blocked && (
            <Text size="xs" c="dimmed" ta="right" data-testid="ask-blocked">
              {blocked}
            </Text>
          )}
        </Stack>
      </Stack>
      {asking && <AskMentor mentor={mentor} opened={asking} onClose={() => setAsking(false)} />}
    </Card>
  );
}
