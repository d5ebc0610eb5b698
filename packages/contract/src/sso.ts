import { z } from 'zod';
import { idSchema } from './common';

// Issue 30: single sign-on per college (OpenID Connect); the calls are API.sso in routes.ts.

/** A college's OpenID Connect provider, as the super admin sets it in /admin46478. */
export const collegeSsoBody = z.object({
  issuer: z.url({ message: 'The issuer must be an https:// address' }).max(500),
  clientId: z
    .string({ error: 'Client id is required' })
    .trim()
    .min(1, 'Client id is required')
    .max(300),
  /** Empty on an update keeps the secret already stored. */
  clientSecret: z.string().max(500).default(''),
  allowedDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'Write each domain like college.edu'),
    )
    .min(1, 'At least one allowed e-mail domain is required')
    .max(20),
  enabled: z.boolean().default(true),
});
export type CollegeSsoBody = z.input<typeof collegeSsoBody>;
export const collegeSsoView = z.object({
  collegeId: idSchema,
  collegeName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Never sent back: only whether one is stored. */
  hasSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  enabled: z.boolean(),
});
export type CollegeSsoView = z.infer<typeof collegeSsoView>;
export const collegeParams = z.object({ collegeId: idSchema });
/** GET /api/auth/oidc/providers: the colleges whose "Sign in with <college>" the login shows. */
export const ssoProvidersAnswer = z.object({
  providers: z.array(z.object({ collegeId: idSchema, collegeName: z.string() })),
});
export type SsoProvidersAnswer = z.infer<typeof ssoProvidersAnswer>;
/** The callback sends the browser to /login?sso=<reason> when it refuses; these are the texts. */
export const SSO_ERRORS = {
  failed: 'Single sign-on did not complete. Please try again.',
  domain: 'Your e-mail address is not one this college signs in with.',
  unverified: 'Your college has not verified your e-mail address, so we cannot sign you in.',
  pending:
    'Thank you: your sign-up is waiting for your college to approve it. You will be told by e-mail.',
  rejected: 'Your registration was not approved. Please contact your college for details.',
} as const;
export type SsoError = keyof typeof SSO_ERRORS;
