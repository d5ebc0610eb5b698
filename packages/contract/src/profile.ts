import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PASSWORDS_DO_NOT_MATCH_MESSAGE } from './auth';
import { idSchema } from './common';

/**
 * PUT /api/users/update: only these fields may change (member-portal.md §5). Any other field
 * (names, college, batch, branch, e-mail...) is refused by name, never silently ignored.
 */
export const profileUpdateBody = z
  .strictObject(
    {
      /** Accepted for compatibility; the profile changed is always the signed-in member's. */
      userId: idSchema.optional(),
      /** A country id (ISO code); '' or null clears country and city. */
      locationCountry: z.string().trim().max(10).nullish(),
      /** A city id of that country; '' or null clears it. */
      locationCity: z.string().trim().regex(/^\d*$/, 'Invalid city').nullish(),
      companyName: z
        .string()
        .trim()
        .max(200, 'Company Name can have at most 200 characters.')
        .nullish(),
      /** A stored image name from PUT /v1/{filename}; null removes the picture. */
      profilePic: z.string().max(300).nullish(),
      /** '' or absent keeps the password. */
      newpwd: z
        .string()
        .max(200)
        .refine((v) => v === '' || v.length >= MIN_PASSWORD_LENGTH, {
          message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
        })
        .optional(),
      /** Improvement: the server checks the confirmation too. */
      confirmPassword: z.string().max(200).optional(),
      isEntrepreneur: z.boolean().optional(),
      openToMentoring: z.boolean().optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${issue.keys.join(', ')} cannot be changed from the profile`
          : undefined,
    },
  )
  .refine((body) => !body.newpwd || body.newpwd === body.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
