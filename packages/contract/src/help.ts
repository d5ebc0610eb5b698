import { z } from 'zod';
import { requiredText } from './common';

/** The landing page's Contact Us form and the support page both file a help request. */
export const helpRequestBody = z.object({
  fullName: requiredText('Name is required', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, 'Invalid email format'),
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^\+?[\d\s-]*$/, 'Phone must be a number')
    .optional(),
  query: requiredText('Message is required', 2000),
});
export type HelpRequestBody = z.infer<typeof helpRequestBody>;
