import { describe, expect, it } from 'vitest';
import type { StatNode } from '../statistics/compute.js';
import { flowEnergisation, flowGraph, type DeviceSignals } from './live.js';

const node = (id: number, parent_id: number | null, node_type: StatNode['node_type'], device_id: number | null): StatNode =>
  ({ id, parent_id, node_type, device_id, name: `n${id}`, name_en: `n${id}`, power_point_id: id, point_id: id, layout_x: null, layout_y: null }) as unknown as StatNode;

// Grid incomer (device 1, breaker + voltage) → transformer (2) → feeder A (3, breaker) and feeder B (4, breaker); PV (5) on the transformer.
const nodes = [node(1, null, 'grid', 1), node(2, 1, 'load', 2), node(3, 2, 'load', 3), node(4, 2, 'load', 4), node(5, 2, 'pv', 5)];
const now = new Date('2026-11-29T04:00:00Z');
const at = new Date(now.getTime() - 10_000);
const sig = (over: Record<number, DeviceSignals> = {}) =>
  new Map<number, DeviceSignals>(
    Object.entries({
      1: { breaker: { value: 1, ts: at }, voltage: { value: 5681.5, ts: at } },
      3: { breaker: { value: 1, ts: at } },
      4: { breaker: { value: 0, ts: at } },
      5: { status: { value: 0, ts: at } },
      ...over,
    }).map(([k, v]) => [Number(k), v]),
  );
const kw = new Map<number, number | null>([
  [1, 300],
  [2, 295],
  [3, 295],
  [4, null],
  [5, 0],
]);

describe('energisation of the power tree (contract energise)', () => {
  it('live through closed breakers; below an open feeder breaker dead, shown as 0 kW', () => {
    const e = flowEnergisation(nodes, kw, sig(), now);
    expect(Object.fromEntries(e)).toEqual({ 1: 'live', 2: 'live', 3: 'live', 4: 'dead', 5: 'live' });
    const g = flowGraph(nodes, kw, e);
    expect(g.nodes.find((n) => n.node_id === 4)).toMatchObject({ kw: 0, state: 'dead' });
    expect(g.nodes.find((n) => n.id === 'grid')?.state).toBe('live');
  });

  it('incomer open: the whole tree is dead (PV is not running)', () => {
    const e = flowEnergisation(nodes, new Map([...kw].map(([k]) => [k, 0])), sig({ 1: { breaker: { value: 0, ts: at }, voltage: { value: 5681.5, ts: at } } }), now);
    expect([...e.values()]).toEqual(['dead', 'dead', 'dead', 'dead', 'dead']);
  });

  it('a stale incomer breaker makes the tree unknown', () => {
    const old = new Date(now.getTime() - 3600_000);
    const e = flowEnergisation(nodes, kw, sig({ 1: { breaker: { value: 1, ts: old }, voltage: { value: 5681.5, ts: at } } }), now);
    expect(e.get(1)).toBe('unknown');
    expect(e.get(3)).toBe('unknown');
    expect(e.get(4)).toBe('dead');
  });

  it('no voltage on the grid side: dead even with the breaker closed', () => {
    const e = flowEnergisation(nodes, kw, sig({ 1: { breaker: { value: 1, ts: at }, voltage: { value: 0, ts: at } } }), now);
    expect(e.get(3)).toBe('dead');
  });
});
