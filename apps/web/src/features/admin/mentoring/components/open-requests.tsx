import { MENTORING_REQUEST_DAYS, type ProgrammeAnswer } from '@alumnet/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { daysLabel } from '../utils/format';

/** Days before expiry from which a waiting request is flagged. */
const NEAR_EXPIRY_DAYS = 3;

/** The requests still waiting for their mentor, oldest first (the server's order). */
export function OpenRequests({ requests }: { requests: ProgrammeAnswer['openRequests'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mentoring-open">
      <Title order={2} size="h4" id="mentoring-open" mb="sm">
        Waiting for an answer
      </Title>
      {requests.length === 0 ? (
        <Text c="dimmed">No requests are waiting.</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {requests.map((r) => {
            const left = Math.max(0, Math.ceil(MENTORING_REQUEST_DAYS - r.ageDays));
            return (
              <Group
                key={r.id}
                component="li"
                data-request-id={r.id}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {r.mentee} asked {r.mentor}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {r.goal}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {daysLabel(r.ageDays)}
                  </Text>
                  {left <= NEAR_EXPIRY_DAYS && (
                    <Badge color="orange" variant="light" size="sm" tt="none">
                      {left === 0
                        ? 'Expires today'
                        : `Expires in ${left === 1 ? '1 day' : `${left} days`}`}
                    </Badge>
                  )}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
