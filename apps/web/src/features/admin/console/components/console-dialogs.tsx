import type { ConsoleCollege } from '@alumnet/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { adminNotify } from '../../shared/notify';
import {
  useAddCollegeAdmin,
  useRemoveAdmin,
  useRenameCollege,
  useResetSecondFactor,
} from '../api/console';

export type ConsoleDialog =
  | null
  | { kind: 'rename'; college: ConsoleCollege }
  | { kind: 'add-admin'; college: ConsoleCollege }
  | { kind: 'remove-admin'; admin: ConsoleCollege['admins'][number] }
  | { kind: 'reset-mfa'; admin: ConsoleCollege['admins'][number] };

/** Runs a console change: a toast with the server's words, the dialog closed on success. */
async function run(
  call: () => Promise<{ message: string }>,
  setProblem: (p: string) => void,
  close: () => void,
) {
  try {
    adminNotify.success((await call()).message);
    close();
  } catch (error) {
    setProblem((error as Error).message);
  }
}

export function ConsoleDialogs({
  dialog,
  onClose,
}: {
  dialog: ConsoleDialog;
  onClose: () => void;
}) {
  return (
    <>
      <Modal opened={dialog?.kind === 'rename'} onClose={onClose} title="Rename college" centered>
        {dialog?.kind === 'rename' && <RenameForm college={dialog.college} onClose={onClose} />}
      </Modal>
      <Modal opened={dialog?.kind === 'add-admin'} onClose={onClose} title="Add an admin" centered>
        {dialog?.kind === 'add-admin' && (
          <AddAdminForm college={dialog.college} onClose={onClose} />
        )}
      </Modal>
      <Modal
        opened={dialog?.kind === 'remove-admin'}
        onClose={onClose}
        title="Remove admin"
        centered
      >
        {dialog?.kind === 'remove-admin' && <RemoveAdmin admin={dialog.admin} onClose={onClose} />}
      </Modal>
      <Modal
        opened={dialog?.kind === 'reset-mfa'}
        onClose={onClose}
        title="Reset second factor"
        centered
      >
        {dialog?.kind === 'reset-mfa' && (
          <ResetSecondFactor admin={dialog.admin} onClose={onClose} />
        )}
      </Modal>
    </>
  );
}

function RenameForm({ college, onClose }: { college: ConsoleCollege; onClose: () => void }) {
  const rename = useRenameCollege();
  const [name, setName] = useState(college.name);
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => rename.mutateAsync({ collegeId: college._id, name }), setProblem, onClose);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="College name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem || undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddAdminForm({ college, onClose }: { college: ConsoleCollege; onClose: () => void }) {
  const add = useAddCollegeAdmin();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => add.mutateAsync({ collegeId: college._id, fullName, email }),
      setProblem,
      onClose,
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          An admin of {college.name}. A new account gets a one-time password by e-mail; a member of
          this college with this e-mail becomes an admin.
        </Text>
        <TextInput
          label="Full name"
          value={fullName}
          onChange={(e) => setFullName(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add admin
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Admin = ConsoleCollege['admins'][number];

function RemoveAdmin({ admin, onClose }: { admin: Admin; onClose: () => void }) {
  const remove = useRemoveAdmin();
  return (
    <ConfirmAdminAction
      admin={admin}
      onClose={onClose}
      mutation={remove}
      action="Remove"
      text={`${admin.fullName} (${admin.email}) will stay a member of the college but lose the admin area, and is signed out.`}
    />
  );
}

function ResetSecondFactor({ admin, onClose }: { admin: Admin; onClose: () => void }) {
  const reset = useResetSecondFactor();
  return (
    <ConfirmAdminAction
      admin={admin}
      onClose={onClose}
      mutation={reset}
      action="Reset"
      text={`${admin.fullName} (${admin.email}) loses every second factor (authenticator app, passkeys, recovery codes) and is signed out; they set up a new one at their next sign-in. Do this only once you are sure it is them asking. It is written in the audit log.`}
    />
  );
}

/** An action on one admin, confirmed first: what it does, then Cancel or the red button. */
function ConfirmAdminAction({
  admin,
  onClose,
  mutation,
  action,
  text,
}: {
  admin: Admin;
  onClose: () => void;
  mutation: { isPending: boolean; mutateAsync: (userId: string) => Promise<{ message: string }> };
  action: string;
  text: string;
}) {
  const [problem, setProblem] = useState('');
  return (
    <Stack>
      <Text size="sm">{text}</Text>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={mutation.isPending}
          onClick={() => void run(() => mutation.mutateAsync(admin._id), setProblem, onClose)}
        >
          {action}
        </Button>
      </Group>
    </Stack>
  );
}
