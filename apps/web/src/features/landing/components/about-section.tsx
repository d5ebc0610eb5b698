import { Box, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconEye,
  IconHeartHandshake,
  IconMessages,
  IconTarget,
  IconTrendingUp,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { HEADER_OFFSET } from './landing-links';
import { SectionHeading } from './section-heading';

const values = [
  {
    title: 'Community',
    icon: IconUsersGroup,
    text: 'We bring together alumni and students of every batch and branch, wherever they live now.',
  },
  {
    title: 'Engagement',
    icon: IconMessages,
    text: 'Posts, comments, chat and live quizzes give members good reasons to come back and join in.',
  },
  {
    title: 'Growth',
    icon: IconTrendingUp,
    text: 'Mentoring and job openings from fellow alumni help every member take the next step.',
  },
  {
    title: 'Inclusivity',
    icon: IconHeartHandshake,
    text: 'Everyone from the college belongs here, whatever their batch, branch, city or path.',
  },
];

export function AboutSection() {
  return (
    <Box
      component="section"
      id="about"
      aria-labelledby="about-title"
      bg="gray.0"
      py={{ base: 56, md: 96 }}
      style={{ scrollMarginTop: HEADER_OFFSET }}
    >
      <Container size="lg">
        <SectionHeading
          id="about-title"
          eyebrow="Who we are"
          title="About Us"
          description="Alumnet helps colleges keep their graduates and students connected, long after the last exam."
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={{ base: 32, md: 48 }}>
          <StatementCard
            icon={IconTarget}
            title="Our mission"
            text="To keep every college's alumni and students connected, so that advice, opportunities and friendships keep flowing between generations of graduates."
          />
          <StatementCard
            icon={IconEye}
            title="Our vision"
            text="A lifelong home for every college community, where any graduate can find a batchmate, a mentor or their next role in a few clicks."
          />
        </SimpleGrid>
        <Title order={3} ta="center" mt={{ base: 48, md: 64 }} mb="lg">
          Our values
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {values.map((value) => (
            <Card key={value.title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light">
                <value.icon size={24} />
              </ThemeIcon>
              <Text fw={700} size="lg" mt="md">
                {value.title}
              </Text>
              <Text size="sm" c="gray.7" mt={6}>
                {value.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function StatementCard({
  icon: StatementIcon,
  title,
  text,
}: {
  icon: TablerIcon;
  title: string;
  text: string;
}) {
  return (
    <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <ThemeIcon size={48} radius="md" variant="gradient" gradient={{ from: 'blue', to: 'indigo' }}>
        <StatementIcon size={26} />
      </ThemeIcon>
      <Title order={3} fz={22} mt="md">
        {title}
      </Title>
      <Text c="gray.7" size="lg" mt={6}>
        {text}
      </Text>
    </Card>
  );
}
