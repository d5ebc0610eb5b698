import { MAX_GROUP_ORGANISERS, type ManagedGroupRow } from '@alumnet/contract';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTakenOver } from '../../../../lib/use-taken-over';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { collegeMemberSearch, useSaveOrganisers } from '../api/groups';

/** The group's organisers, chosen among the college's members (the whole list is saved). */
export function OrganisersModal({
  group,
  collegeId,
  onClose,
}: {
  group: ManagedGroupRow;
  collegeId: string;
  onClose: () => void;
}) {
  const takenOver = useTakenOver();
  const save = useSaveOrganisers();
  const [chosen, setChosen] = useState(group.organisers.map((o) => o._id));
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search.trim(), 300);
  const found = useQuery(collegeMemberSearch(collegeId, searchText));
  const [names, setNames] = useState(
    () => new Map(group.organisers.map((o) => [o._id, o.fullName])),
  );
  const [error, setError] = useState<string | null>(null);

  // The chosen ones stay listed whatever the search shows.
  const options = new Map(names);
  for (const user of found.data?.users ?? []) {
    options.set(user._id, `${user.fullName}${user.batchName ? ` (${user.batchName})` : ''}`);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      { id: group.id, userIds: chosen },
      {
        onSuccess: () => {
          adminNotify.success('Organisers saved.');
          onClose();
        },
        onError: (caught) => setError(serverMessage(caught, 'Could not save the organisers.')),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Organisers of ${group.name}`} size="md">
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            Organisers approve requests, add and remove members, and moderate posts and the chat.
          </Text>
          <MultiSelect
            label="Organisers"
            name="userIds"
            placeholder="Type a member's name"
            data={[...options].map(([value, label]) => ({ value, label }))}
            value={chosen}
            onChange={(ids) => {
              setChosen(ids);
              setNames((known) => {
                const next = new Map(known);
                for (const id of ids) if (!next.has(id)) next.set(id, options.get(id) ?? id);
                return next;
              });
            }}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            maxValues={MAX_GROUP_ORGANISERS}
            nothingFoundMessage={
              searchText.length < 2 ? 'Type at least 2 letters' : 'Nobody by that name'
            }
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={!takenOver || save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
