import { z } from 'zod';
import { idSchema } from './common';

// ---------------------------------------------------------------- Upload Users CSV (/dashboard/upload-users)

/** admin-area.md "Upload Users CSV" and §5. */
export const UPLOAD_MESSAGES = {
  selectFile: 'Please select a file first.',
  processing: 'Processing...',
  unreadable: 'Error processing CSV file',
} as const;
export const uploadConfirmText = (rows: number, fileName: string) =>
  `Are you sure you want to add ${rows} user(s) from ${fileName}?`;
export const uploadCompleteText = (added: number, failed: number) =>
  `Upload complete. ${added} users added successfully, ${failed} failed.`;

/** admin-area.md §3 "CSV user row": the header names these columns (newCollegeRequestName optional). */
export const CSV_USER_COLUMNS = [
  'fullName',
  'email',
  'phoneCountryCode',
  'phoneValue',
  'degreeName',
  'batchName',
  'branchName',
  'newCollegeRequestName',
] as const;
export const CSV_REQUIRED_COLUMNS = ['fullName', 'email'] as const;
export const MAX_IMPORT_ROWS = 2_000_000;

/** POST {API.imports.upload}?fileName=&collegeId= with the file as the text/csv body. */
export const uploadQuery = z.object({
  fileName: z.string().trim().min(1).max(200).default('upload.csv'),
  collegeId: idSchema.optional(),
});

export const importJob = z.object({
  _id: idSchema,
  fileName: z.string(),
  status: z.enum(['running', 'done']),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  added: z.number().int(),
  failed: z.number().int(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;
export const importAnswer = z.object({ message: z.string(), job: importJob });
export const importIdParams = z.object({ importId: idSchema });

/** One chunk of an import: the rows with from <= rowNumber < to. */
export const importChunk = z.object({
  importId: idSchema,
  from: z.number().int().min(0),
  to: z.number().int().min(1),
});
export type ImportChunk = z.infer<typeof importChunk>;
