/**
 * The number of users a CSV holds, for the confirmation (admin-area.md: "Upload reads the file,
 * counts the rows"): its records after the header, blank lines not counted, a line break inside a
 * quoted cell not taken for a new record. null: no header row, so not a CSV we can use.
 */
export function countCsvRows(text: string): number | null {
  let records = 0;
  let inQuotes = false;
  let lineHasContent = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    if ((c === '\n' || c === '\r') && !inQuotes) {
      if (lineHasContent) records++;
      lineHasContent = false;
      if (c === '\r' && text[i + 1] === '\n') i++;
      continue;
    }
    if (c !== ' ' && c !== '\t' && c !== '\uFEFF') lineHasContent = true;
  }
  if (lineHasContent) records++;
  return records === 0 ? null : records - 1;
}
