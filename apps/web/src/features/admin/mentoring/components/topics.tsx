import type { ProgrammeAnswer } from '@alumnet/contract';
import { Alert, Badge, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { useAddTopic } from '../api/programme';

/** The topics mentors choose from: every college's defaults and the ones its admins added. */
export function Topics({
  topics,
  collegeId,
  isSuperAdmin,
}: {
  topics: ProgrammeAnswer['topics'];
  collegeId: string;
  isSuperAdmin: boolean;
}) {
  const add = useAddTopic(collegeId, isSuperAdmin);
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: (answer) => {
        adminNotify.success(answer.message);
        setName('');
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mentoring-topics">
      <Title order={2} size="h4" id="mentoring-topics" mb="sm">
        Topics
      </Title>
      <Group gap={6} mb="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {topics.map((t) => (
          <Badge
            key={t.name}
            component="li"
            variant={t.custom ? 'light' : 'outline'}
            color={t.custom ? 'violet' : 'gray'}
            tt="none"
            size="lg"
            fw={500}
          >
            {t.name}
            {t.custom && (
              <Text span size="xs" c="dimmed" ml={6}>
                added
              </Text>
            )}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed" mt="md" mb="xs">
        {topics.some((t) => t.custom)
          ? 'Every college has the outlined topics; the ones marked “added” are your college’s own.'
          : 'Every college starts with these topics. Add your college’s own for mentors to choose.'}
      </Text>
      <form onSubmit={submit} aria-label="Add a topic">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label="New topic"
            placeholder="e.g. Public sector careers"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              if (add.isError) add.reset();
            }}
            maxLength={60}
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            loading={add.isPending}
            disabled={!name.trim() || !collegeId}
          >
            Add topic
          </Button>
        </Group>
        {add.isError && (
          <Alert color="red" mt="sm" role="alert">
            {serverMessage(add.error, 'The topic could not be added. Please try again.')}
          </Alert>
        )}
      </form>
    </Paper>
  );
}
