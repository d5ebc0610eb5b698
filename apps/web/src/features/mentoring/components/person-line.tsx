import { imageUrl, type MentoringPerson } from '@alumnet/contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { batchLine } from './mentoring-text';

/** A picture, a name and the batch · branch under it. */
export function PersonLine({
  person,
  role,
  size = 40,
}: {
  person: MentoringPerson;
  /** "Mentor", "Mentee": said before the batch line. */
  role?: string;
  size?: number;
}) {
  const line = [role, batchLine(person)].filter(Boolean).join(' · ');
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar
        src={person.profilePicture ? imageUrl(person.profilePicture, 'thumb') : null}
        alt=""
        radius="xl"
        size={size}
        color="blue"
      >
        {person.fullName[0]}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text fw={600} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
          {person.fullName}
        </Text>
        {line && (
          <Text size="xs" c="dimmed">
            {line}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
