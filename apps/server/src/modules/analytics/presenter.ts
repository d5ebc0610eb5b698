import {
  PIE_NAMED_SLICES,
  PIE_OTHERS,
  PIE_UNKNOWN,
  type DistributionItem,
} from '@alumnet/contract';

/**
 * admin-area.md §9: at most 9 named slices, largest first (ties by name); the rest and the
 * Unknown (no name) merge into one Others slice, last.
 */
export function pieSlices(rows: { name: string | null; value: number }[]): DistributionItem[] {
  const isUnknown = (name: string | null): name is null =>
    name === null ||
    name.trim() === '' ||
    [PIE_UNKNOWN, PIE_OTHERS, 'null'].some((n) => n.toLowerCase() === name.trim().toLowerCase());
  const named = rows
    .filter((r): r is { name: string; value: number } => !isUnknown(r.name) && r.value > 0)
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const kept = named.slice(0, PIE_NAMED_SLICES).map((r) => ({ name: r.name, value: r.value }));
  const others =
    named.slice(PIE_NAMED_SLICES).reduce((sum, r) => sum + r.value, 0) +
    rows.filter((r) => isUnknown(r.name)).reduce((sum, r) => sum + r.value, 0);
  return others > 0 ? [...kept, { name: PIE_OTHERS, value: others }] : kept;
}

export const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
