import { Stack, Text, Title } from '@mantine/core';

type SectionHeadingProps = { id: string; eyebrow: string; title: string; description: string };

export function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <Stack gap={8} align="center" ta="center" maw={640} mx="auto">
      <Text c="blue.8" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
        {eyebrow}
      </Text>
      <Title id={id} order={2} fz={{ base: 30, md: 38 }}>
        {title}
      </Title>
      <Text c="gray.7" size="lg">
        {description}
      </Text>
    </Stack>
  );
}
