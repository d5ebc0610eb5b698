import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { setPasswordBody, type SetPasswordBody } from '@alumnet/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTakenOver } from '../lib/use-taken-over';

interface NewPasswordFormProps {
  /** Saves the passwords once the contract's rules hold; what it throws is shown above them. */
  onSave: (body: SetPasswordBody) => Promise<void>;
  /** How a refusal reads, where the caller knows better than the server's own words. */
  explain?: (error: unknown) => string;
  submitLabel: string;
}

/**
 * New Password and Confirm New Password, checked by the contract's rules and then saved: Set New
 * Password after a one-time one, invitations and password reset links.
 */
export function NewPasswordForm({ onSave, explain, submitLabel }: NewPasswordFormProps) {
  const takenOver = useTakenOver();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Set at the press itself: a double click's second press comes before `pending` has rendered.
  const saving = useRef(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    const checked = setPasswordBody.safeParse({ newPassword, confirmPassword });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setProblem(null);
    saving.current = true;
    setPending(true);
    try {
      await onSave(checked.data);
    } catch (error) {
      setProblem(explain?.(error) ?? (error as Error).message);
    } finally {
      saving.current = false;
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={save} noValidate>
      <Stack gap="md">
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <PasswordInput
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.currentTarget.value)}
        />
        <Button type="submit" loading={!takenOver || pending} fullWidth size="md">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
