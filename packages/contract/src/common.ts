import { z } from 'zod';

/** Every id the API hands out is a UUID string, sent as `_id` like the spec's records. */
export const idSchema = z.uuid({ message: 'Invalid id' });
export type Id = z.infer<typeof idSchema>;

/**
 * Every failed call answers with this body. The spec reads `error` in some screens (login, chat)
 * and `message` in others (posts, profile), so both carry the same readable text.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const okSchema = z.object({ ok: z.literal(true), message: z.string() });
export type Ok = z.infer<typeof okSchema>;

/** Trimmed text that must not be blank; `required` is the message a person reads. */
export const requiredText = (required: string, max = 200) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${required.replace(/ is required$/, '')} must be at most ${max} characters`);
