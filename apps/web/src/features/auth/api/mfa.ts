import {
  API,
  factorsAnswer,
  mfaPassedAnswer,
  okSchema,
  totpEnrolAnswer,
  webauthnJson,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQuery, rememberUser } from '../../../lib/session';

// The second step's calls (issue 30), apart from auth.ts: the login page does not carry them.

/** Once the second step passed: who is signed in now, asked again (it is the whole user). */
async function refreshMe(queryClient: ReturnType<typeof useQueryClient>) {
  const answer = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
  rememberUser(queryClient, answer.user, answer.mfa);
}

export function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => refreshMe(queryClient);
}

/**
 * POST a TOTP code or a recovery code: confirms an enrolment or the sign-in's second step.
 * `refresh: false` while recovery codes are still to be shown: the signed-in pages would take
 * over as soon as the session is known to have passed.
 */
export function useVerifyCode({ refresh = true }: { refresh?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post(API.mfa.totpVerify, mfaPassedAnswer, { code }),
    onSuccess: () => (refresh ? refreshMe(queryClient) : undefined),
  });
}

/** A new authenticator secret and its QR code; kept only once a code confirms it. */
export function useEnrolTotp() {
  return useMutation({ mutationFn: () => api.post(API.mfa.totpEnrol, totpEnrolAnswer) });
}

/** The browser's passkey answers the server's challenge (@simplewebauthn/browser). */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const options = await api.post(API.mfa.passkeyAuthenticateOptions, webauthnJson);
      const response = await startAuthentication({
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
      return api.post(API.mfa.passkeyAuthenticate, mfaPassedAnswer, { response });
    },
    onSuccess: () => refreshMe(queryClient),
  });
}

/** GET /api/me/factors: the account's authenticator app, passkeys and recovery codes left. */
export const factorsQuery = queryOptions({
  queryKey: ['me', 'factors'],
  queryFn: () => api.get(API.me.factors, factorsAnswer),
});

/** Every change asks for the factors again: the list is small and the server decides. */
function useFactorsMutation<T, A = void>(call: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsQuery.queryKey }),
  });
}

export const useRemoveTotp = () => useFactorsMutation(() => api.delete(API.me.totp, okSchema));

export const useRemovePasskey = () =>
  useFactorsMutation((id: string) => api.delete(API.me.passkey(id), okSchema));

export const useNewRecoveryCodes = () =>
  useFactorsMutation(() => api.post(API.me.recoveryCodes, mfaPassedAnswer));

/** The browser makes a passkey for the server's challenge (@simplewebauthn/browser). */
export const useAddPasskey = () =>
  useFactorsMutation(async (name: string) => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const options = await api.post(API.mfa.passkeyRegisterOptions, webauthnJson);
    const response = await startRegistration({
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
    return api.post(API.mfa.passkeyRegister, mfaPassedAnswer, { name, response });
  });

/** After the authenticator app was confirmed in settings. */
export function useFactorsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: factorsQuery.queryKey });
}
