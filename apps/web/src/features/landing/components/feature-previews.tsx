import {
  AspectRatio,
  Avatar,
  Badge,
  Box,
  Card,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconBriefcase,
  IconCamera,
  IconHeart,
  IconMessageCircle,
  IconPhoto,
  IconSchool,
  IconSearch,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

function PreviewCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder shadow="md" radius="lg" padding="lg" bg="white">
      {children}
    </Card>
  );
}

export function ConnectPreview() {
  return (
    <PreviewCard>
      <Group gap="sm" wrap="nowrap">
        <Avatar color="grape" radius="xl">
          PS
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            Priya Sharma
          </Text>
          <Text size="xs" c="dimmed">
            Computer Science · Batch 2016
          </Text>
        </Box>
        <Badge variant="light" size="sm" ml="auto">
          Batch
        </Badge>
      </Group>
      <Text size="sm" mt="md">
        Ten years since we graduated! The reunion is on campus on 14 December. Who is coming?
      </Text>
      <Group gap="lg" mt="md" c="gray.7">
        <Group gap={6}>
          <IconHeart size={18} color="var(--mantine-color-red-6)" aria-hidden />
          <Text size="sm">42</Text>
        </Group>
        <Group gap={6}>
          <IconMessageCircle size={18} aria-hidden />
          <Text size="sm">12 comments</Text>
        </Group>
      </Group>
      <Divider my="md" />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar color="orange" radius="xl" size="sm">
          VN
        </Avatar>
        <Paper bg="gray.0" radius="md" px="sm" py={6} style={{ minWidth: 0 }}>
          <Text size="xs" fw={600}>
            Vikram Nair
          </Text>
          <Text size="sm">Count me in, booking my tickets today.</Text>
        </Paper>
      </Group>
    </PreviewCard>
  );
}

export function JobsPreview() {
  const jobs = [
    { title: 'Senior Frontend Engineer', by: 'Rahul Verma · Batch 2014', category: 'IT & Systems' },
    { title: 'Financial Analyst', by: 'Neha Gupta · Batch 2017', category: 'Finance' },
    { title: 'Brand Manager', by: 'Arjun Rao · Batch 2012', category: 'Sales & Marketing' },
  ];
  return (
    <PreviewCard>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Latest openings</Text>
        <Badge variant="light" color="teal">
          3 new
        </Badge>
      </Group>
      <Stack gap={0}>
        {jobs.map((job, index) => (
          <Box key={job.title}>
            {index > 0 && <Divider />}
            <Group py="sm" gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="md" size="lg">
                <IconBriefcase size={18} />
              </ThemeIcon>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {job.title}
                </Text>
                <Text size="xs" c="dimmed">
                  Posted by {job.by}
                </Text>
                <Badge variant="outline" color="gray" size="xs" mt={6}>
                  {job.category}
                </Badge>
              </Box>
            </Group>
          </Box>
        ))}
      </Stack>
    </PreviewCard>
  );
}

export function MemoriesPreview() {
  const tiles = [
    { from: 'blue', to: 'cyan', icon: IconSchool },
    { from: 'grape', to: 'pink', icon: IconCamera },
    { from: 'orange', to: 'yellow', icon: IconPhoto },
    { from: 'teal', to: 'lime', icon: IconUsersGroup },
    { from: 'indigo', to: 'violet', icon: IconPhoto },
    { from: 'red', to: 'orange', icon: IconCamera },
  ];
  return (
    <PreviewCard>
      <Group justify="space-between" mb="md">
        <Box>
          <Text fw={600}>Convocation 2019</Text>
          <Text size="xs" c="dimmed">
            48 photos shared by your batch
          </Text>
        </Box>
        <IconPhoto size={22} color="var(--mantine-color-gray-5)" aria-hidden />
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        {tiles.map((tile, index) => (
          <AspectRatio key={index} ratio={1}>
            <Box
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: `linear-gradient(135deg, var(--mantine-color-${tile.from}-4), var(--mantine-color-${tile.to}-3))`,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <tile.icon size={28} color="white" stroke={1.5} aria-hidden />
            </Box>
          </AspectRatio>
        ))}
      </SimpleGrid>
    </PreviewCard>
  );
}

export function AlumZonePreview() {
  const people = [
    { initials: 'SK', color: 'blue', name: 'Sneha Kulkarni', line: 'Infosys · Bengaluru' },
    { initials: 'AM', color: 'teal', name: 'Aditya Menon', line: 'Founder, GreenLoop · Pune' },
    { initials: 'FK', color: 'grape', name: 'Farah Khan', line: 'Deloitte · Mumbai' },
  ];
  return (
    <PreviewCard>
      <Paper withBorder radius="md" px="sm" py={8}>
        <Group gap="xs" wrap="nowrap" c="gray.5">
          <IconSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" truncate>
            Search alumni by name
          </Text>
        </Group>
      </Paper>
      <Group gap={6} mt="sm">
        <Badge variant="light">Batch 2016</Badge>
        <Badge variant="light">Computer Science</Badge>
        <Badge variant="light">Bengaluru</Badge>
      </Group>
      <Stack gap="sm" mt="md">
        {people.map((person) => (
          <Group key={person.name} gap="sm" wrap="nowrap">
            <Avatar color={person.color} radius="xl">
              {person.initials}
            </Avatar>
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {person.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {person.line}
              </Text>
            </Box>
          </Group>
        ))}
      </Stack>
    </PreviewCard>
  );
}
