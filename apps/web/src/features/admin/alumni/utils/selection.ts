import type { AdminUserRow } from '@alumnet/contract';

/** The table's choice: rows ticked by id, plus the select-all-matching switch. */
export interface Selection {
  rows: Readonly<Record<string, AdminUserRow>>;
  selectAll: boolean;
}

export const emptySelection: Selection = { rows: {}, selectAll: false };

export const selectedRows = (selection: Selection) => Object.values(selection.rows);

export const isRowSelected = (selection: Selection, id: string) =>
  selection.selectAll || id in selection.rows;

/** The header checkbox's look for the rows on screen. */
export function pageState(selection: Selection, page: readonly AdminUserRow[]) {
  const ticked = page.filter((row) => isRowSelected(selection, row._id)).length;
  return {
    checked: page.length > 0 && ticked === page.length,
    indeterminate: ticked > 0 && ticked < page.length,
  };
}

/**
 * admin-area.md §2: the header checkbox selects every row of the page and switches on
 * select-all-matching; pressed again (everything on the page ticked) it clears both.
 */
export function togglePage(selection: Selection, page: readonly AdminUserRow[]): Selection {
  if (pageState(selection, page).checked) {
    const rows = { ...selection.rows };
    for (const row of page) delete rows[row._id];
    return { rows, selectAll: false };
  }
  const rows = { ...selection.rows };
  for (const row of page) rows[row._id] = row;
  return { rows, selectAll: true };
}

/**
 * One row's checkbox. Unticking a row leaves select-all (which cannot leave a gap); the rest of
 * the page stays ticked, as it looked.
 */
export function toggleRow(
  selection: Selection,
  row: AdminUserRow,
  page: readonly AdminUserRow[],
): Selection {
  const rows = { ...selection.rows };
  if (isRowSelected(selection, row._id)) {
    if (selection.selectAll) for (const other of page) rows[other._id] = other;
    delete rows[row._id];
    return { rows, selectAll: false };
  }
  rows[row._id] = row;
  return { rows, selectAll: selection.selectAll };
}
