import { Stack, Text } from '@mantine/core';

/** One figure of a game or challenge, label above value (the e-mail step, the challenge's card). */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center" ta="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}
