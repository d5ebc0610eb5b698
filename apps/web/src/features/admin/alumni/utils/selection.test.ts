import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  isRowSelected,
  pageState,
  selectedRows,
  togglePage,
  toggleRow,
} from './selection';
import { adminRow } from './test-rows';

const a = adminRow();
const b = adminRow();
const c = adminRow();
const page = [a, b, c];

describe('table selection', () => {
  it('header checkbox selects the page and switches on select-all, then clears both', () => {
    const all = togglePage(emptySelection, page);
    expect(all.selectAll).toBe(true);
    expect(selectedRows(all)).toHaveLength(3);
    expect(pageState(all, page)).toEqual({ checked: true, indeterminate: false });
    // On another page every row reads as chosen too.
    expect(isRowSelected(all, adminRow()._id)).toBe(true);

    const none = togglePage(all, page);
    expect(none).toEqual(emptySelection);
  });

  it('ticks rows one by one and shows the header half-ticked', () => {
    const one = toggleRow(emptySelection, a, page);
    expect(selectedRows(one)).toEqual([a]);
    expect(one.selectAll).toBe(false);
    expect(pageState(one, page)).toEqual({ checked: false, indeterminate: true });
    expect(toggleRow(one, a, page)).toEqual(emptySelection);
  });

  it('leaves select-all when a row is unticked, keeping the rest of the page', () => {
    const all = togglePage(toggleRow(emptySelection, b, page), page);
    const gap = toggleRow(all, b, page);
    expect(gap.selectAll).toBe(false);
    expect(selectedRows(gap).map((row) => row._id)).toEqual([a._id, c._id]);
  });
});
