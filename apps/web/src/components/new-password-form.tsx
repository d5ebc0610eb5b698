import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTakenOver } from '../lib/use-taken-over';

interface NewPasswordFormProps {
  newPassword: string;
  confirmPassword: string;
  onNewPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  /** What went wrong last time, shown above the fields. */
  problem: string | null;
  pending: boolean;
  submitLabel: string;
}

/**
 * New Password and Confirm New Password: Set New Password after a one-time one, invitations and
 * password reset links.
 */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const takenOver = useTakenOver();
  return (
    <form method="post" onSubmit={props.onSubmit} noValidate>
      <Stack gap="md">
        {props.problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {props.problem}
          </Alert>
        )}
        <PasswordInput
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          value={props.newPassword}
          onChange={(e) => props.onNewPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={props.confirmPassword}
          onChange={(e) => props.onConfirmPassword(e.currentTarget.value)}
        />
        <Button type="submit" loading={!takenOver || props.pending} fullWidth size="md">
          {props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
