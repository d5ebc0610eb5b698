import { SETUP_MESSAGES, type SetupItem, type SetupKind } from '@alumnet/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../../lib/api-client';
import { adminNotify } from '../../shared/notify';
import { setupListQuery, useAddSetupItem, type AddBody } from '../api/setup';

const TITLES: Record<
  SetupKind,
  { title: string; one: string; parent?: { kind: SetupKind; label: string } }
> = {
  degrees: { title: 'Degrees', one: 'Degree' },
  courses: { title: 'Courses', one: 'Course' },
  batches: { title: 'Batches', one: 'Batch', parent: { kind: 'degrees', label: 'Degree' } },
  branches: { title: 'Branches', one: 'Branch', parent: { kind: 'batches', label: 'Batch' } },
};

/** The body of an add call: `{degreeName, degreeDescription}` and so on, with the parent's id. */
function addBody(
  kind: SetupKind,
  collegeId: string,
  name: string,
  description: string,
  parentId: string,
) {
  const one = TITLES[kind].one.toLowerCase();
  const body: Record<string, string> = {
    collegeId,
    [`${one}Name`]: name,
    [`${one}Description`]: description,
  };
  if (kind === 'batches') body.degreeId = parentId;
  if (kind === 'branches') body.batchId = parentId;
  return body as AddBody[typeof kind];
}

/** One column of the setup page: what the college has, and the form that adds one more. */
export function SetupColumn({ kind, collegeId }: { kind: SetupKind; collegeId: string }) {
  const { title, one, parent } = TITLES[kind];
  const list = useQuery(setupListQuery(kind, collegeId));
  const parents = useQuery({
    ...setupListQuery(parent?.kind ?? 'degrees', collegeId),
    enabled: Boolean(parent && collegeId),
  });
  const add = useAddSetupItem(kind);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [parentId, setParentId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // admin-area.md §8: a failed list load says so; the message depends on whether it answered.
  const loadError = list.error
    ? list.error instanceof ApiRequestError && list.error.status > 0
      ? SETUP_MESSAGES[kind].failed
      : SETUP_MESSAGES[kind].error
    : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // admin-area.md §5: name and description are both required.
    if (!name.trim() || !description.trim() || (parent && !parentId)) {
      setProblem(
        `${parent && !parentId ? `Choose a ${parent.label.toLowerCase()}, then ` : ''}fill in the name and description.`,
      );
      return;
    }
    setProblem(null);
    try {
      const answer = await add.mutateAsync(
        addBody(kind, collegeId, name, description, parentId ?? ''),
      );
      adminNotify.success(answer.message);
      setName('');
      setDescription('');
    } catch (error) {
      // admin-area.md §8: add failures show no message in the spec; ours says why (e.g. a duplicate).
      setProblem((error as Error).message);
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Badge variant="light">{list.data?.length ?? 0}</Badge>
        </Group>
        <form onSubmit={submit} noValidate aria-label={`Add ${one}`}>
          <Stack gap="xs">
            {parent && (
              <Select
                label={parent.label}
                placeholder={`Select ${parent.label}`}
                data={(parents.data ?? []).map((p: SetupItem) => ({
                  value: p._id,
                  label: p.parentName ? `${p.name} (${p.parentName})` : p.name,
                }))}
                value={parentId}
                onChange={setParentId}
                searchable
              />
            )}
            <TextInput
              label={`${one} Name`}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Textarea
              label={`${one} Description`}
              autosize
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            {problem && (
              <Text c="red" size="sm" role="alert">
                {problem}
              </Text>
            )}
            <Button type="submit" loading={add.isPending}>
              Add {one}
            </Button>
          </Stack>
        </form>
        {loadError && (
          <Alert color="red" variant="light">
            {loadError}
          </Alert>
        )}
        {list.isPending && collegeId ? (
          <Loader size="sm" />
        ) : (
          <ScrollArea.Autosize
            mah={360}
            type="auto"
            // A list that scrolls must be reachable by keyboard to be scrolled with the arrows.
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': title }}
          >
            <Stack gap={6}>
              {(list.data ?? []).map((item) => (
                <div key={item._id}>
                  <Text size="sm" fw={600}>
                    {item.name}
                    {item.parentName && (
                      <Text span size="xs" c="dimmed" fw={400}>
                        {' '}
                        · {item.parentName}
                      </Text>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {item.description || '—'}
                  </Text>
                </div>
              ))}
              {list.data?.length === 0 && (
                <Text size="sm" c="dimmed">
                  No {title.toLowerCase()} yet.
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
