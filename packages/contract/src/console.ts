import { z } from 'zod';
import { idSchema, requiredText } from './common';

// ---------------------------------------------------------------- super-admin console (/admin46478)

export const consoleAdmin = z.object({ _id: idSchema, fullName: z.string(), email: z.string() });
export const consoleCollege = z.object({
  _id: idSchema,
  name: z.string(),
  memberCount: z.number().int(),
  admins: z.array(consoleAdmin),
});
export type ConsoleCollege = z.infer<typeof consoleCollege>;
export const consoleCollegeList = z.array(consoleCollege);

export const collegeNameBody = z.object({ name: requiredText('College name is required', 150) });
export const collegeIdParams = z.object({ collegeId: idSchema });
export const adminIdParams = z.object({ userId: idSchema });

export const addCollegeAdminBody = z.object({
  fullName: requiredText('Full name is required', 120),
  email: z
    .email({ error: 'Enter a valid e-mail address' })
    .trim()
    .max(200)
    .transform((e) => e.toLowerCase()),
});
export type AddCollegeAdminBody = z.input<typeof addCollegeAdminBody>;

export const consoleMessage = z.object({ message: z.string() });
