import { z } from 'zod';
import { idSchema, requiredText } from './common';

// ---------------------------------------------------------------- college setup (/dashboard/setup)

export const SETUP_KINDS = ['degrees', 'courses', 'branches', 'batches'] as const;
export type SetupKind = (typeof SETUP_KINDS)[number];

/** admin-area.md §8, College setup. */
export const SETUP_MESSAGES = {
  degrees: {
    added: 'Degree added successfully!',
    failed: 'Failed to fetch degrees',
    error: 'Error fetching degrees',
  },
  courses: {
    added: 'Course added successfully!',
    failed: 'Failed to fetch courses',
    error: 'Error fetching courses',
  },
  branches: {
    added: 'Branch added successfully!',
    failed: 'Failed to fetch branches',
    error: 'Error fetching branches',
  },
  batches: {
    added: 'Batch added successfully!',
    failed: 'Failed to fetch batches',
    error: 'Error fetching batches',
  },
} as const satisfies Record<SetupKind, { added: string; failed: string; error: string }>;

/** A super admin names the college; a college admin's is their own whatever this says. */
const collegeChoice = { collegeId: idSchema.optional() };

export const addDegreeBody = z.object({
  ...collegeChoice,
  degreeName: requiredText('Degree name is required', 100),
  degreeDescription: requiredText('Degree description is required', 500),
});
export const addCourseBody = z.object({
  ...collegeChoice,
  courseName: requiredText('Course name is required', 100),
  courseDescription: requiredText('Course description is required', 500),
});
/** Improvement (PRODUCT.md): a batch belongs to a degree, so its form picks one. */
export const addBatchBody = z.object({
  ...collegeChoice,
  degreeId: z
    .string({ error: 'Choose the degree of this batch' })
    .min(1, 'Choose the degree of this batch')
    .pipe(idSchema),
  batchName: requiredText('Batch name is required', 100),
  batchDescription: requiredText('Batch description is required', 500),
});
/** Improvement (PRODUCT.md): a branch belongs to a batch, so its form picks one. */
export const addBranchBody = z.object({
  ...collegeChoice,
  batchId: z
    .string({ error: 'Choose the batch of this branch' })
    .min(1, 'Choose the batch of this branch')
    .pipe(idSchema),
  branchName: requiredText('Branch name is required', 100),
  branchDescription: requiredText('Branch description is required', 500),
});
export type AddDegreeBody = z.input<typeof addDegreeBody>;
export type AddCourseBody = z.input<typeof addCourseBody>;
export type AddBatchBody = z.input<typeof addBatchBody>;
export type AddBranchBody = z.input<typeof addBranchBody>;

export const setupListQuery = z.object(collegeChoice);

/** One row of a setup column: its name and description, and its parent's name for batches and branches. */
export const setupItem = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  parentId: idSchema.nullable(),
  parentName: z.string().nullable(),
});
export type SetupItem = z.infer<typeof setupItem>;
export const setupList = z.array(setupItem);
export const setupAddAnswer = z.object({ message: z.string(), item: setupItem });

// ---------------------------------------------------------------- ids by name (the CSV upload's per-row calls)

export const degreeIdBody = z.object({
  ...collegeChoice,
  degreeName: requiredText('degreeName is required'),
});
export const batchIdBody = z.object({
  ...collegeChoice,
  degreeId: idSchema,
  batchName: requiredText('batchName is required'),
});
export const branchIdBody = z.object({
  ...collegeChoice,
  batchId: idSchema,
  branchName: requiredText('branchName is required'),
});
export const degreeIdAnswer = z.object({ degreeId: idSchema.nullable() });
export const batchIdAnswer = z.object({ batchId: idSchema.nullable() });
export const branchIdAnswer = z.object({ branchId: idSchema.nullable() });
