import { describe, expect, it } from 'vitest';
import { actionRules } from './actions';
import { adminRow } from './test-rows';

const plain = adminRow();
const other = adminRow();
const newData = adminRow({ newCollegeData: 'yes' });

describe('actionRules (admin-area.md §2 "Action bar", §5)', () => {
  it('hides the bar until a row or select-all is chosen', () => {
    expect(actionRules({ rows: [], selectAll: false, processing: false }).visible).toBe(false);
    expect(actionRules({ rows: [], selectAll: true, processing: false }).visible).toBe(true);
    expect(actionRules({ rows: [plain], selectAll: false, processing: false }).visible).toBe(true);
  });

  it('enables every bulk action for plain rows', () => {
    const rules = actionRules({ rows: [plain, other], selectAll: false, processing: false });
    expect([rules.approve, rules.email, rules.whatsapp, rules.sms]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('disables all but SMS while processing', () => {
    const rules = actionRules({ rows: [plain], selectAll: false, processing: true });
    expect([rules.approve, rules.email, rules.whatsapp, rules.sms]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('blocks approve, email and WhatsApp (not SMS) when a row has new college data', () => {
    const rules = actionRules({ rows: [plain, newData], selectAll: false, processing: false });
    expect(rules.hasNewCollegeData).toBe(true);
    expect([rules.approve, rules.email, rules.whatsapp, rules.sms]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('disables SMS in select-all mode', () => {
    expect(actionRules({ rows: [plain], selectAll: true, processing: false }).sms).toBe(true);
  });

  it('allows reject and delete for exactly one row, never in select-all', () => {
    const one = actionRules({ rows: [plain], selectAll: false, processing: false });
    expect([one.reject, one.delete, one.single]).toEqual([false, false, plain]);
    const two = actionRules({ rows: [plain, other], selectAll: false, processing: false });
    expect([two.reject, two.delete, two.single]).toEqual([true, true, null]);
    const all = actionRules({ rows: [plain], selectAll: true, processing: false });
    expect([all.reject, all.delete]).toEqual([true, true]);
  });

  it('shows Update Meta Data only for one row with new college data', () => {
    const show = (rows = [newData], selectAll = false) =>
      actionRules({ rows, selectAll, processing: false }).showUpdateMetadata;
    expect(show()).toBe(true);
    expect(show([plain])).toBe(false);
    expect(show([newData, plain])).toBe(false);
    expect(show([newData], true)).toBe(false);
  });
});
