import type { IeCategoryBreakdown } from '@gridops/contract';
import { localName } from '../../shared/ui/localName';

export interface CategoryRow {
  key: string;
  name: string;
  value: number;
  share_pct: number | null;
  unassigned: boolean;
}

const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1', '#fa8c16', '#2f54eb'];
/** Grey for the rest: meters without a category and losses are not a use. */
export const UNASSIGNED_COLOR = '#8c8c8c';

/** Rows of the by-category table and pie: names in the console's language, the rest last and grey. */
export function categoryRows(list: readonly IeCategoryBreakdown[] | undefined, lang: string): (CategoryRow & { color: string })[] {
  return (list ?? []).map((c, i) => ({
    key: c.key,
    name: localName(c, lang),
    value: c.value,
    share_pct: c.share_pct,
    unassigned: c.category_id === null,
    color: c.category_id === null ? UNASSIGNED_COLOR : PALETTE[i % PALETTE.length]!,
  }));
}
