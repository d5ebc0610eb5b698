import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBriefcase,
  IconMapPin,
  IconSchool,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function Hero() {
  return (
    <Box
      component="section"
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-white) 100%)',
      }}
    >
      <Container size="lg" py={{ base: 48, md: 96 }}>
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={{ base: 48, md: 64 }}
          style={{ alignItems: 'center' }}
        >
          <Stack gap="lg" align="flex-start">
            <Badge variant="light" size="lg" radius="xl" leftSection={<IconSchool size={14} />}>
              For alumni and students
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 48, md: 56 }} lh={1.1} fw={800}>
              Networking portal for college alumni
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="gray.7" maw={520}>
              Reconnect with your batchmates, find mentors and job openings, and keep your college
              community close, all in one place.
            </Text>
            <Group gap="md">
              <Button
                component={Link}
                to={paths.signup}
                size="lg"
                rightSection={<IconArrowRight size={18} />}
              >
                Sign up
              </Button>
              <Button component={Link} to={paths.login} size="lg" variant="default">
                Log in
              </Button>
            </Group>
          </Stack>
          <HeroPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function HeroPreview() {
  const counts = [
    { label: 'Alumni near me', value: 25, icon: IconMapPin },
    { label: 'Batch mates', value: 10, icon: IconUsers },
    { label: 'Branch mates', value: 5, icon: IconSchool },
  ];
  return (
    <Stack gap="md" maw={480} w="100%" mx="auto">
      <Card withBorder shadow="md" radius="lg" padding="lg">
        <Group gap="sm" wrap="nowrap">
          <Avatar color="blue" radius="xl" size="lg">
            AK
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text fw={600}>Ananya Kapoor</Text>
            <Text size="sm" c="dimmed">
              Electronics · Batch 2015
            </Text>
          </Box>
        </Group>
        <SimpleGrid cols={3} spacing="xs" mt="lg">
          {counts.map((count) => (
            <Paper key={count.label} bg="blue.0" radius="md" p="sm">
              <count.icon size={18} color="var(--mantine-color-blue-6)" aria-hidden />
              <Text fw={700} fz={22} lh={1.2} mt={4}>
                {count.value}
              </Text>
              <Text size="xs" c="gray.7" lh={1.3}>
                {count.label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder shadow="sm" radius="lg" padding="md" ml={{ base: 0, sm: 'xl' }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="teal" radius="xl" size="lg">
            <IconBriefcase size={18} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              New job from your batch
            </Text>
            <Text size="sm" c="dimmed">
              Product Analyst at a fintech start-up, shared by Rohan Mehta
            </Text>
          </Box>
        </Group>
      </Card>
    </Stack>
  );
}
