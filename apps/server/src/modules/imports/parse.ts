import { CSV_REQUIRED_COLUMNS, MAX_IMPORT_ROWS } from '@alumnet/contract';
import { parse } from 'csv-parse';
import type { Readable } from 'node:stream';

/** A CSV row as staged: read, trimmed and checked; `reason` set when it cannot be imported. */
export interface StagedRow {
  rowNumber: number;
  fullName: string;
  email: string;
  phoneCountryCode: string | null;
  phone: string | null;
  degreeName: string | null;
  batchName: string | null;
  branchName: string | null;
  newCollegeRequestName: string | null;
  reason: string | null;
}

export class CsvProblem extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blankToNull = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : text;
};

/** Why a row cannot become a user, or null. The server decides (admin-area.md §5). */
function problemOf(row: Omit<StagedRow, 'reason' | 'rowNumber'>) {
  if (!row.fullName) return 'fullName is empty';
  if (!row.email) return 'email is empty';
  if (!EMAIL.test(row.email)) return 'email is not a valid address';
  if (row.phone !== null && (row.phone.length < 7 || row.phone.length > 15))
    return 'phoneValue must have 7 to 15 digits';
  return null;
}

/**
 * Streams a CSV (header row first) into staged rows, `batchSize` at a time. A malformed row is
 * staged with its reason and the rest go on; a file without the header's required columns, or
 * that is not CSV at all, is refused whole.
 */
export async function* stagedRows(input: Readable, batchSize: number): AsyncGenerator<StagedRow[]> {
  const parser = input.pipe(
    parse({
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim());
        const missing = CSV_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
        if (missing.length)
          throw new CsvProblem(
            `The header row must name the columns ${CSV_REQUIRED_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`,
          );
        return names;
      },
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    }),
  );
  let batch: StagedRow[] = [];
  let rowNumber = 1;
  try {
    for await (const record of parser as AsyncIterable<Record<string, unknown>>) {
      rowNumber += 1;
      if (rowNumber - 1 > MAX_IMPORT_ROWS)
        throw new CsvProblem(`A file may hold at most ${MAX_IMPORT_ROWS} rows.`);
      const row = {
        fullName: blankToNull(record.fullName)?.replace(/\s+/g, ' ') ?? '',
        email: blankToNull(record.email)?.toLowerCase() ?? '',
        phoneCountryCode: blankToNull(record.phoneCountryCode),
        phone: blankToNull(record.phoneValue)?.replace(/\D/g, '') || null,
        degreeName: blankToNull(record.degreeName),
        batchName: blankToNull(record.batchName),
        branchName: blankToNull(record.branchName),
        newCollegeRequestName: blankToNull(record.newCollegeRequestName),
      };
      batch.push({ rowNumber, ...row, reason: problemOf(row) });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvProblem) throw error;
    // csv-parse's own errors (an unclosed quote...) say where; the spec's text leads.
    throw new CsvProblem((error as Error).message);
  }
  if (batch.length) yield batch;
  if (rowNumber === 1) throw new CsvProblem('The file has a header row but no users.');
}
