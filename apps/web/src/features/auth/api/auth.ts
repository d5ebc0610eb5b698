import {
  API,
  loginAnswer,
  passwordResetRequestAnswer,
  passwordResetStatus,
  signedInUser,
  signupAnswer,
  type LoginBody,
  type PasswordResetBody,
  type PasswordResetRequestBody,
  type SetPasswordBody,
  type SignupBody,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { rememberUser } from '../../../lib/session';
import { rememberTimeZone } from '../../../lib/time-zone';

/** The first message the contract gives for a body, or null when it is valid. */
export function firstProblem(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check the form');
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => {
      const answer = api.post(API.auth.login, loginAnswer, body);
      // While the answer is on its way: the pages the server draws from now on show the dates
      // where this browser is (lib/time-zone.ts).
      rememberTimeZone();
      return answer;
    },
    onSuccess: ({ mfa, ...user }) => rememberUser(queryClient, user, mfa),
  });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPasswordBody) => {
      const answer = api.post(API.auth.setPassword, signedInUser, body);
      rememberTimeZone();
      return answer;
    },
    onSuccess: (user) => rememberUser(queryClient, user),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupBody) => api.post(API.auth.signup, signupAnswer, body),
  });
}

/** "Forgot password?": asks for a reset link; the answer is the same for any address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      api.post(API.auth.passwordReset, passwordResetRequestAnswer, body),
  });
}

/** GET /api/auth/password-reset/{token}: whether the link can still set a password. */
export const passwordResetQuery = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token],
    queryFn: () => api.get(API.auth.passwordResetToken(token), passwordResetStatus),
    // A link may be used up in another tab: asked again when the page is opened again.
    staleTime: 0,
    retry: false,
  });

/** Sets the new password through the link and opens this browser's session. */
export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetBody) => {
      const answer = api.post(API.auth.passwordResetToken(token), loginAnswer, body);
      rememberTimeZone();
      return answer;
    },
    // A new password is not a second factor: an account with one still confirms it.
    onSuccess: ({ mfa, ...user }) => rememberUser(queryClient, user, mfa),
  });
}
