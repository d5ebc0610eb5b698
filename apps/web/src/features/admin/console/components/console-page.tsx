import {
  Alert,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MemberLayout } from '../../../../components/member-layout';
import { NotAuthorized } from '../../../../components/not-authorized';
import { meQuery } from '../../../../lib/session';
import { adminNotify } from '../../shared/notify';
import { consoleCollegesQuery, useCreateCollege } from '../api/console';
import { CollegeCard } from './college-card';
import { ConsoleDialogs, type ConsoleDialog } from './console-dialogs';
import { SsoSection } from './sso-section';

/** `/admin46478` (admin-area.md §2, PRODUCT.md): the super admins' console; nobody else sees it. */
export function ConsolePage() {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{data.user?.isSuperAdmin ? <Console /> : <NotAuthorized />}</MemberLayout>;
}

function Console() {
  const colleges = useQuery(consoleCollegesQuery);
  const create = useCreateCollege();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [dialog, setDialog] = useState<ConsoleDialog>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      adminNotify.success((await create.mutateAsync(name)).message);
      setName('');
      setProblem('');
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Super Admin Console
        </Title>
        <Text c="dimmed" size="sm">
          The colleges on this portal and who administers each.
        </Text>
      </div>
      <form onSubmit={submit} noValidate aria-label="Create a college">
        <Group align="flex-start" wrap="wrap">
          <TextInput
            aria-label="New college name"
            placeholder="New college name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={problem || undefined}
            style={{ flex: '1 1 260px' }}
          />
          <Button
            type="submit"
            leftSection={<IconBuildingPlus size={16} />}
            loading={create.isPending}
          >
            Create college
          </Button>
        </Group>
      </form>
      {colleges.isPending && <Loader />}
      {colleges.isError && <Alert color="red">{colleges.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(colleges.data ?? []).map((college) => (
          <CollegeCard
            key={college._id}
            college={college}
            onRename={() => setDialog({ kind: 'rename', college })}
            onAddAdmin={() => setDialog({ kind: 'add-admin', college })}
            onRemoveAdmin={(admin) => setDialog({ kind: 'remove-admin', admin })}
            onResetSecondFactor={(admin) => setDialog({ kind: 'reset-mfa', admin })}
          />
        ))}
      </SimpleGrid>
      <SsoSection colleges={colleges.data ?? []} />
      <ConsoleDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
