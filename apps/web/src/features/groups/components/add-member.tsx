import { GROUP_MESSAGES } from '@alumnet/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { memberSearchQuery, useAddMember } from '../api/groups';

/** Organisers: find a member of the college by name (the chat's search) and add them. */
export function AddMember({
  groupId,
  userId,
  onAdded,
}: {
  groupId: string;
  userId: string;
  onAdded: () => void;
}) {
  const [opened, modal] = useDisclosure(false);
  const [text, setText] = useState('');
  const [searchText] = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    ...memberSearchQuery(userId, searchText),
    enabled: opened && searchText.length >= 3,
  });
  const add = useAddMember(groupId);
  const [added, setAdded] = useState<string[]>([]);
  const error =
    add.error instanceof ApiRequestError && add.error.status > 0
      ? add.error.message
      : add.error
        ? 'Could not add the member.'
        : null;

  return (
    <>
      <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={modal.open}>
        Add member
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Add a member" centered>
        <Stack gap="sm">
          <TextInput
            label="Member's name"
            description="At least 3 letters."
            name="searchText"
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          {searchText.length >= 3 && found.data?.users.length === 0 && (
            <Text size="sm" c="dimmed">
              Nobody in your college by that name.
            </Text>
          )}
          {(found.data?.users ?? []).map((member) => (
            <Group key={member._id} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {member.fullName}
              </Text>
              {added.includes(member._id) ? (
                <Text size="sm" c="green">
                  {GROUP_MESSAGES.memberAdded}
                </Text>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  loading={add.isPending && add.variables === member._id}
                  aria-label={`Add ${member.fullName}`}
                  onClick={() =>
                    add.mutate(member._id, {
                      onSuccess: () => {
                        setAdded((ids) => [...ids, member._id]);
                        onAdded();
                      },
                    })
                  }
                >
                  Add
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
