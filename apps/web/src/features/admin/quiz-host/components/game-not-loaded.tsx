import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { ApiRequestError } from '../../../../lib/api-client';
import { serverMessage } from '../../shared/utils/errors';

/** A game's console or report that could not be read: no such code, or why, and the way back. */
export function GameNotLoaded({
  code,
  error,
  fallback,
}: {
  code: string;
  error: unknown;
  /** What failed, when the server gave no message. */
  fallback: string;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {error instanceof ApiRequestError && error.status === 404
            ? `No game has the code ${code}.`
            : serverMessage(error, fallback)}
        </Text>
        <Button size="xs" variant="light" component={Link} to={paths.quizHost}>
          Back to the quizzes
        </Button>
      </Stack>
    </Alert>
  );
}
