import type { MeterNode } from '@gridops/contract';
import { flatToTree } from './treeEdit';
import type { EditorNode } from './treeEdit';

/**
 * Coordinates of the energy-flow layout: pixels of a 1000 × 600 canvas, node centres, origin top left,
 * supply on the left and loads to the right (docs/energy-model.md, "Flow diagram layout").
 */
export const CANVAS = { width: 1000, height: 600, margin: 60, grid: 10 } as const;

export interface Position {
  x: number;
  y: number;
}

export const snap = (v: number): number => Math.round(v / CANVAS.grid) * CANVAS.grid;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps a dragged or typed position on the canvas and on the grid. */
export function clampPosition(p: Position): Position {
  return {
    x: clamp(snap(p.x), CANVAS.margin / 2, CANVAS.width - CANVAS.margin / 2),
    y: clamp(snap(p.y), CANVAS.margin / 2, CANVAS.height - CANVAS.margin / 2),
  };
}

/**
 * A tidy default: one column per tree level, leaves spread evenly down the canvas and each parent centred on
 * its children. Used for nodes that have no saved position yet.
 */
export function autoLayout(nodes: readonly MeterNode[]): Map<number, Position> {
  const roots = flatToTree(nodes);
  let depthMax = 0;
  let leaves = 0;
  const scan = (list: EditorNode[]) => {
    for (const e of list) {
      depthMax = Math.max(depthMax, e.depth);
      if (e.children.length === 0) leaves++;
      scan(e.children);
    }
  };
  scan(roots);
  const colW = depthMax === 0 ? 0 : (CANVAS.width - 2 * CANVAS.margin) / depthMax;
  const rowH = leaves <= 1 ? 0 : (CANVAS.height - 2 * CANVAS.margin) / (leaves - 1);
  const out = new Map<number, Position>();
  let leaf = 0;
  const place = (e: EditorNode): number => {
    let y: number;
    if (e.children.length === 0) y = leaves <= 1 ? CANVAS.height / 2 : CANVAS.margin + rowH * leaf++;
    else {
      const ys = e.children.map(place);
      y = (Math.min(...ys) + Math.max(...ys)) / 2;
    }
    // Snapped like a dragged node, so the table shows round numbers.
    out.set(e.node.id, { x: snap(CANVAS.margin + colW * e.depth), y: snap(y) });
    return y;
  };
  roots.forEach(place);
  return out;
}

/** Saved positions where present, the automatic layout for the rest. */
export function initialPositions(nodes: readonly MeterNode[]): Map<number, Position> {
  const auto = autoLayout(nodes);
  const out = new Map<number, Position>();
  for (const n of nodes) {
    const saved = n.layout_x !== null && n.layout_y !== null ? { x: n.layout_x, y: n.layout_y } : null;
    out.set(n.id, saved ?? auto.get(n.id) ?? { x: CANVAS.margin, y: CANVAS.margin });
  }
  return out;
}

/**
 * The positions to send: nodes moved away from where the editor opened them (their saved position, or the
 * automatic one the flow page also draws when none is saved). Opening the editor is never a change.
 */
export function changedPositions(
  nodes: readonly MeterNode[],
  current: ReadonlyMap<number, Position>,
): { node_id: number; x: number; y: number }[] {
  const opened = initialPositions(nodes);
  const out: { node_id: number; x: number; y: number }[] = [];
  for (const n of nodes) {
    const p = current.get(n.id);
    const start = opened.get(n.id);
    if (!p) continue;
    if (start && start.x === p.x && start.y === p.y) continue;
    out.push({ node_id: n.id, x: p.x, y: p.y });
  }
  return out;
}
