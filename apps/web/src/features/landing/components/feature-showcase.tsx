import {
  Box,
  Container,
  List,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBriefcase, IconCheck, IconPhoto, IconSearch, IconUsers } from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AlumZonePreview, ConnectPreview, JobsPreview, MemoriesPreview } from './feature-previews';
import { SectionHeading } from './section-heading';

type Feature = {
  value: string;
  label: string;
  icon: TablerIcon;
  heading: string;
  description: string;
  points: string[];
  preview: ReactNode;
};

const features: Feature[] = [
  {
    value: 'connect',
    label: 'Connect',
    icon: IconUsers,
    heading: 'Stay close to the people you studied with',
    description:
      'Share news with your whole college, your batch or just your branch. Like and comment on posts, and chat one to one with classmates.',
    points: [
      'Posts for your college, batch or branch',
      'Likes and comments',
      'One-to-one chat that shows who is online',
    ],
    preview: <ConnectPreview />,
  },
  {
    value: 'jobs',
    label: 'Jobs Board',
    icon: IconBriefcase,
    heading: 'Openings shared by alumni, for alumni',
    description:
      'Browse roles posted by fellow graduates for your college, batch or branch, and post openings from your own team.',
    points: [
      'Jobs from people you can trust',
      'Categories from IT & Systems to Finance',
      'Post an opening in a minute',
    ],
    preview: <JobsPreview />,
  },
  {
    value: 'memories',
    label: 'Memories',
    icon: IconPhoto,
    heading: 'Relive your campus days',
    description:
      'Photos shared in posts come together in one gallery, from fest nights to convocation and every reunion since.',
    points: [
      'One gallery for your college',
      'See the photos your batch shares',
      'Add your own with any post',
    ],
    preview: <MemoriesPreview />,
  },
  {
    value: 'alumzone',
    label: 'Alum Zone',
    icon: IconSearch,
    heading: 'Find anyone from your college',
    description:
      'Search the alumni directory by name and narrow it by batch, branch, company and city, or look for alumni who are open to mentoring.',
    points: [
      'Filters for batch, branch, company and city',
      'Find mentors and entrepreneurs',
      'See who lives near you',
    ],
    preview: <AlumZonePreview />,
  },
];

export function FeatureShowcase() {
  return (
    <Box
      component="section"
      aria-labelledby="features-title"
      pt={{ base: 40, md: 64 }}
      pb={{ base: 56, md: 96 }}
    >
      <Container size="lg">
        <SectionHeading
          id="features-title"
          eyebrow="What you can do"
          title="Everything your alumni network needs"
          description="One place to keep in touch, find opportunities and look back on the years you shared."
        />
        <Tabs defaultValue="connect" variant="pills" radius="xl" mt={{ base: 32, md: 48 }}>
          <Tabs.List justify="center" style={{ gap: 8 }}>
            {features.map((feature) => (
              <Tabs.Tab
                key={feature.value}
                value={feature.value}
                leftSection={<feature.icon size={16} />}
                fw={500}
              >
                {feature.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {features.map((feature) => (
            <Tabs.Panel key={feature.value} value={feature.value} pt={{ base: 32, md: 48 }}>
              <SimpleGrid
                cols={{ base: 1, md: 2 }}
                spacing={{ base: 32, md: 64 }}
                style={{ alignItems: 'center' }}
              >
                <Stack gap="md">
                  <Title order={3} fz={{ base: 24, md: 30 }}>
                    {feature.heading}
                  </Title>
                  <Text c="gray.7" size="lg">
                    {feature.description}
                  </Text>
                  <List
                    spacing="sm"
                    icon={
                      <ThemeIcon size={22} radius="xl" variant="light">
                        <IconCheck size={14} />
                      </ThemeIcon>
                    }
                  >
                    {feature.points.map((point) => (
                      <List.Item key={point}>{point}</List.Item>
                    ))}
                  </List>
                </Stack>
                <Box maw={480} w="100%" mx="auto">
                  {feature.preview}
                </Box>
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </Box>
  );
}
