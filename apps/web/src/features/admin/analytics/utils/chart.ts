import { PIE_OTHERS, type DistributionItem } from '@alumnet/contract';

/** admin-area.md §9: the pie chart's 10-colour palette (Mantine theme colours). */
export const PIE_PALETTE = [
  'blue.6',
  'teal.6',
  'yellow.5',
  'orange.6',
  'violet.6',
  'green.6',
  'pink.6',
  'cyan.6',
  'lime.6',
  'gray.5',
] as const;

/** The slices with their colours; Others always takes the palette's last, neutral colour. */
export function pieCells(distribution: DistributionItem[]) {
  return distribution.map((item, index) => ({
    name: item.name,
    value: item.value,
    color:
      item.name === PIE_OTHERS
        ? PIE_PALETTE[PIE_PALETTE.length - 1]!
        : PIE_PALETTE[index % (PIE_PALETTE.length - 1)]!,
  }));
}

/** A slice's share of all users, to two decimals ('0.00' when there are none). */
export const percentage = (value: number, total: number) =>
  (total > 0 ? (value / total) * 100 : 0).toFixed(2);
