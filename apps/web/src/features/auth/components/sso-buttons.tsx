import { API, SSO_ERRORS, ssoProvidersAnswer, type SsoError } from '@alumnet/contract';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { useTakenOver } from '../../../lib/use-taken-over';

export const ssoProvidersQuery = queryOptions({
  queryKey: ['auth', 'sso', 'providers'] as const,
  queryFn: () => api.get(API.sso.providers, ssoProvidersAnswer),
  staleTime: 5 * 60_000,
});

const isSsoError = (value: string | null): value is SsoError =>
  value !== null && Object.hasOwn(SSO_ERRORS, value);

/**
 * "Sign in with <college>" for each college with single sign-on: plain links to the server's
 * start call (they work before the app's scripts run). The callback sends a refused sign-in back
 * to /login?sso=<reason>, told here.
 */
export function SsoButtons() {
  const providers = useQuery(ssoProvidersQuery);
  const [params] = useSearchParams();
  // The prerendered page knows no query string: the alert waits for the app, or hydration differs.
  const takenOver = useTakenOver();
  const reason = params.get('sso');
  const list = providers.data?.providers ?? [];

  return (
    <>
      {takenOver && isSsoError(reason) && (
        <Alert color={reason === 'pending' ? 'blue' : 'red'} role="alert">
          {SSO_ERRORS[reason]}
        </Alert>
      )}
      {list.length > 0 && (
        <Stack gap="sm">
          <Divider label="or" labelPosition="center" />
          {list.map((provider) => (
            <Button
              key={provider.collegeId}
              component="a"
              href={API.sso.start(provider.collegeId)}
              variant="default"
              fullWidth
              size="md"
              leftSection={<IconBuildingBank size={18} />}
            >
              Sign in with {provider.collegeName}
            </Button>
          ))}
        </Stack>
      )}
    </>
  );
}
