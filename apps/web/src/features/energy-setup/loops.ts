import type { EnergyLoop, MeterNode, MeterNodeType } from '@gridops/contract';

/** The five classes of a "source-grid-load-storage-charging" (源网荷储充) loop. */
export const LOOP_CLASSES = ['source', 'grid', 'load', 'storage', 'charging'] as const;
export type LoopClass = (typeof LOOP_CLASSES)[number];

export const CLASS_OF: Record<MeterNodeType, LoopClass> = {
  pv: 'source',
  wind: 'source',
  grid: 'grid',
  grid_export: 'grid',
  load: 'load',
  virtual: 'load',
  storage_charge: 'storage',
  storage_discharge: 'storage',
  ev_charging: 'charging',
};

/**
 * A loop's members grouped by class, for the loop table. Ids the tree no longer has (a node deleted after the
 * loop was saved) are counted in `missing` rather than silently dropped.
 */
export function loopMembers(
  loop: EnergyLoop,
  nodes: readonly MeterNode[],
): { byClass: Record<LoopClass, MeterNode[]>; missing: number } {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const byClass: Record<LoopClass, MeterNode[]> = {
    source: [],
    grid: [],
    load: [],
    storage: [],
    charging: [],
  };
  let missing = 0;
  for (const id of loop.node_ids) {
    const n = byId.get(id);
    if (n) byClass[CLASS_OF[n.node_type]].push(n);
    else missing++;
  }
  return { byClass, missing };
}
