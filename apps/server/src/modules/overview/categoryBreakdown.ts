import type { IeCategoryBreakdown } from '@gridops/contract';
import type { IeAssignmentRow, IeCategoryRow } from '../metering/ieRepository.js';
import { addSeries, type Series } from '../statistics/compute.js';
import { round } from '../statistics/counterEnergy.js';

/** What is not in any category: meters without one, and the losses between the main meter and the sub-meters. */
const UNASSIGNED = { key: 'unassigned', name: '未分项（含损耗）', name_en: 'Not sub-metered (incl. losses)' };

/**
 * One energy type's consumption by use category (/RunSetup/Ie*Set). A category's energy is the sum of its
 * meters' (a virtual node's is the sum of the metered nodes below it); the rest of the type's total is one
 * `unassigned` row, so the rows always add up to the total. Nothing when no meter of the type is assigned.
 */
export function categoryBreakdown(
  nodes: readonly { id: number; parent_id: number | null; point_id: number | null }[],
  categories: readonly IeCategoryRow[],
  assignments: readonly IeAssignmentRow[],
  series: Series,
  total: number[],
): { categories?: IeCategoryBreakdown[] } {
  const ids = new Set(categories.map((c) => c.id));
  const used = assignments.filter((a) => ids.has(a.category_id));
  if (used.length === 0) return {};
  const len = total.length;
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parent_id !== null) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.id]);
  const metered = new Set(nodes.filter((n) => n.point_id !== null).map((n) => n.id));
  const nodeSeries = (id: number, depth = 0): number[] => {
    if (metered.has(id)) return series.byNode.get(id) ?? new Array<number>(len).fill(0);
    if (depth > nodes.length) return new Array<number>(len).fill(0);
    return addSeries(len, (children.get(id) ?? []).map((c) => nodeSeries(c, depth + 1)));
  };
  const grand = total.reduce((a, v) => a + v, 0);
  const share = (v: number) => (grand > 0 ? round((v / grand) * 100, 1) : null);
  const rows: IeCategoryBreakdown[] = categories
    .filter((c) => used.some((a) => a.category_id === c.id))
    .map((c) => {
      const s = addSeries(len, used.filter((a) => a.category_id === c.id).map((a) => nodeSeries(a.node_id)));
      const value = s.reduce((a, v) => a + v, 0);
      return { category_id: c.id, key: c.key, name: c.name, name_en: c.name_en, value: round(value), share_pct: share(value), series: s.map((v) => round(v)) };
    });
  const rest = total.map((v, i) => v - rows.reduce((a, r) => a + r.series[i]!, 0));
  const restValue = rest.reduce((a, v) => a + v, 0);
  rows.push({ category_id: null, ...UNASSIGNED, value: round(restValue), share_pct: share(restValue), series: rest.map((v) => round(v)) });
  return { categories: rows };
}
