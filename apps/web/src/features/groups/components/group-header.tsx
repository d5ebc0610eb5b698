import { GROUP_MESSAGES, type GroupDetail } from '@alumnet/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconLink, IconRefresh } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useJoinGroup, useLeaveGroup, useNewInvite } from '../api/groups';
import { GroupCover } from './group-cover';
import { KIND_COLORS, KIND_LABELS, groupAction, memberCount, ruleSentence } from './group-kind';
import classes from './groups.module.css';

const failed = (fallback: string) => (error: Error) =>
  notify.error(error instanceof ApiRequestError && error.status > 0 ? error.message : fallback);

/** The group's cover, name, kind, size and description, and where the member stands in it. */
export function GroupHeader({ group, invite }: { group: GroupDetail; invite: string }) {
  return (
    <Card withBorder radius="lg" padding={0}>
      <GroupCover picture={group.coverPicture} name={group.name} height={180} />
      <Stack gap="sm" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} miw={0} style={{ flex: '1 1 240px' }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light" color={KIND_COLORS[group.kind]}>
                {KIND_LABELS[group.kind]}
              </Badge>
              {group.archived && (
                <Badge variant="light" color="gray">
                  Archived
                </Badge>
              )}
              {group.myRole === 'organiser' && (
                <Badge variant="light" color="orange">
                  Organiser
                </Badge>
              )}
              <Text size="sm" c="dimmed" data-testid="member-count">
                {memberCount(group.memberCount)}
              </Text>
            </Group>
            {group.rule && (
              <Text size="sm" c="dimmed">
                {ruleSentence(group)}
              </Text>
            )}
          </Stack>
          <MembershipAction group={group} invite={invite} />
        </Group>
        {group.description && (
          <Text size="sm" className={classes.description}>
            {group.description}
          </Text>
        )}
        {group.mayModerate && group.kind === 'hidden' && <InviteLink group={group} />}
      </Stack>
    </Card>
  );
}

function MembershipAction({ group, invite }: { group: GroupDetail; invite: string }) {
  const join = useJoinGroup();
  const leave = useLeaveGroup(group.id);
  const [confirming, confirm] = useDisclosure(false);
  const action = groupAction(group.kind, group.myStatus);
  if (group.archived) return null;

  if (action === 'member') {
    return (
      <Stack gap={4} className={classes.memberAction}>
        {group.kind === 'automatic' && (
          <Text size="xs" c="dimmed">
            {GROUP_MESSAGES.automaticJoin}
          </Text>
        )}
        <Button variant="default" onClick={confirm.open}>
          Leave
        </Button>
        <Modal opened={confirming} onClose={confirm.close} title={`Leave ${group.name}?`} centered>
          <Stack gap="md">
            <Text size="sm">
              {group.kind === 'automatic'
                ? 'You will not be added back by your profile. You can ask an organiser to add you again.'
                : 'You will no longer see its members-only posts or its chat.'}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={confirm.close}>
                Stay
              </Button>
              <Button
                color="red"
                loading={leave.isPending}
                onClick={() =>
                  leave.mutate(undefined, {
                    onSuccess: () => {
                      confirm.close();
                      notify.success(GROUP_MESSAGES.left);
                    },
                    onError: failed('Could not leave the group.'),
                  })
                }
              >
                Leave group
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
    );
  }
  if (action === 'pending') {
    return (
      <Button variant="light" color="yellow" disabled>
        Pending
      </Button>
    );
  }
  if (action === 'automatic') {
    return (
      <Text size="sm" c="dimmed" maw={260}>
        {GROUP_MESSAGES.automaticJoin}
      </Text>
    );
  }
  return (
    <Button
      loading={join.isPending}
      onClick={() =>
        join.mutate(
          { groupId: group.id, invite: invite || undefined },
          {
            onSuccess: ({ message }) => notify.success(message),
            onError: failed('Could not send the request.'),
          },
        )
      }
    >
      {action === 'request' ? 'Request to join' : 'Join'}
    </Button>
  );
}

/** Hidden groups: the invitation link its organisers share, and a new one when it leaked. */
function InviteLink({ group }: { group: GroupDetail }) {
  const renew = useNewInvite(group.id);
  const link = group.invitePath ? new URL(group.invitePath, window.location.origin).href : '';
  return (
    <Group gap="xs" align="flex-end">
      <TextInput
        label="Invitation link"
        description="Whoever has it can see this group and join it."
        value={link}
        readOnly
        leftSection={<IconLink size={16} />}
        style={{ flex: '1 1 220px' }}
        miw={0}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
            <ActionIcon
              variant="light"
              size="lg"
              onClick={copy}
              aria-label="Copy invitation link"
              disabled={!link}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        loading={renew.isPending}
        onClick={() =>
          renew.mutate(undefined, {
            onSuccess: () => notify.success('A new link is ready; the old one no longer works.'),
            onError: failed('Could not make a new link.'),
          })
        }
      >
        New link
      </Button>
    </Group>
  );
}
