import { ratioPct, round } from './counterEnergy.js';
import { childrenOf, depthOf, nodeBalance, type TreeNode } from '../metering/tree.js';

/** Losses per metered node and per tree level (docs/energy-model.md, "Losses"). */
export interface LossRow {
  node_id: number;
  name: string;
  name_en: string;
  level: number;
  input: number;
  output: number;
  loss: number;
  loss_rate_pct: number | null;
  flagged: boolean;
  children: number;
}

/**
 * Loss of every metered node with children: input and output as nodeBalance counts them (own energy plus
 * what source children feed in, against what the other children draw); loss = input − output; rate = loss /
 * input. Flagged when the rate exceeds the threshold, or when loss is negative beyond it (a metering fault:
 * children report more than their parent).
 */
export function lossRows(nodes: TreeNode[], energy: Map<number, number>, thresholdPct: number): LossRow[] {
  const kids = childrenOf(nodes);
  const depth = depthOf(nodes);
  const rows: LossRow[] = [];
  for (const n of nodes) {
    const children = kids.get(n.id) ?? [];
    if (n.point_id === null || children.length === 0) continue;
    const { input, output } = nodeBalance(n, children, (x) => energy.get(x.id) ?? 0);
    const loss = input - output;
    const rate = ratioPct(loss, input);
    rows.push({
      node_id: n.id,
      name: n.name,
      name_en: n.name_en,
      level: depth.get(n.id) ?? 1,
      input: round(input),
      output: round(output),
      loss: round(loss),
      loss_rate_pct: rate,
      flagged: rate !== null && Math.abs(rate) > thresholdPct,
      children: children.length,
    });
  }
  return rows.sort((a, b) => a.level - b.level || a.node_id - b.node_id);
}

export function lossLevels(rows: LossRow[]) {
  const levels = new Map<number, { input: number; output: number }>();
  for (const r of rows) {
    const l = levels.get(r.level) ?? { input: 0, output: 0 };
    l.input += r.input;
    l.output += r.output;
    levels.set(r.level, l);
  }
  return [...levels.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([level, l]) => ({
      level,
      input: round(l.input),
      output: round(l.output),
      loss: round(l.input - l.output),
      loss_rate_pct: ratioPct(l.input - l.output, l.input),
    }));
}
