import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../../db/client';
import { recipientsForCsv } from './repository';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe: the CSVs hold names and addresses people typed themselves.
 */
export const neutralizeFormula = (value: string) =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

const INPUT_COLUMNS = [
  'fullName',
  'email',
  'phone',
  'degreeName',
  'batchName',
  'branchName',
] as const;
const OUTPUT_COLUMNS = [...INPUT_COLUMNS, 'result', 'processedAt'] as const;
const PAGE = 2_000;

/** A job's CSV, read and written a page at a time: a 100,000-row job never sits in memory whole. */
export async function* jobCsv(db: Executor, jobId: string, kind: 'input' | 'output') {
  const columns = kind === 'input' ? INPUT_COLUMNS : OUTPUT_COLUMNS;
  yield stringify([[...columns]]);
  let after = -1;
  for (;;) {
    const rows = await recipientsForCsv(db, jobId, after, PAGE);
    if (rows.length === 0) return;
    after = rows.at(-1)!.seq;
    yield stringify(
      rows.map((row) =>
        columns.map((column) => {
          const value = row[column];
          return value instanceof Date ? value.toISOString() : neutralizeFormula(value ?? '');
        }),
      ),
    );
  }
}
