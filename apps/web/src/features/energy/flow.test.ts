import { describe, expect, it } from 'vitest';
import type { EnergyFlow } from './api';
import { flowView, linksNeedingLabels, withEdgeLabels } from './flow';
import { buildSankeyOption } from '../../shared/charts';

const flow: EnergyFlow = {
  project_id: 2,
  at: '2026-11-23T02:52:08.774Z',
  nodes: [
    { id: 'grid', node_id: null, name: '电网', name_en: 'Grid', kind: 'external', kw: null, x: null, y: null, state: 'live' },
    { id: 'n11', node_id: 11, name: '进线', name_en: 'Incomer', kind: 'grid', kw: 700, x: null, y: null, state: 'live' },
    { id: 'n18', node_id: 18, name: '光伏', name_en: 'PV', kind: 'pv', kw: 40, x: null, y: null, state: 'live' },
    { id: 'n12', node_id: 12, name: '变压器', name_en: 'T1', kind: 'load', kw: 720, x: null, y: null, state: 'live' },
    { id: 'n30', node_id: 30, name: '离线表', name_en: 'Offline', kind: 'load', kw: null, x: null, y: null, state: 'unknown' },
    { id: 'loss', node_id: null, name: '损耗', name_en: 'Losses', kind: 'loss', kw: 20, x: null, y: null, state: 'live' },
  ],
  links: [
    { source: 'grid', target: 'n11', kw: 700 },
    { source: 'n11', target: 'n12', kw: 680 },
    { source: 'n18', target: 'n12', kw: 40 },
    { source: 'n11', target: 'loss', kw: 20 },
    { source: 'n12', target: 'n30', kw: 0 },
  ],
  imbalance_kw: 0,
  stale_after_s: 300,
};

describe('flowView', () => {
  it('a dead site (incomer open) is 0 kW and de-energised, not "no data"; nodes coloured grey', () => {
    const dead: EnergyFlow = {
      ...flow,
      nodes: flow.nodes.map((n) => (n.node_id === null ? { ...n, state: 'dead' } : { ...n, kw: 0, state: 'dead' })),
      links: [],
    };
    const v = flowView(dead, 'en');
    expect(v.allDead).toBe(true);
    expect(v.nodes.every((n) => n.kw === 0 && n.state === 'dead')).toBe(true);
    expect(v.dead).toContain('Incomer');
    expect(v.sankey.nodes.find((n) => n.id === 'n12')?.color).toBe('#5b6678');
    expect(v.stale).toEqual([]);
    // The live flow is not dead, and unknown nodes are listed as such.
    const live = flowView(flow, 'en');
    expect(live.allDead).toBe(false);
    expect(live.unknown).toEqual(['Offline']);
    expect(live.sankey.nodes.find((n) => n.id === 'n30')?.color).toBe('#faad14');
  });

  it('names nodes in the language, lists positive links and marks the loss flow', () => {
    const v = flowView(flow, 'en');
    expect(v.sankey.nodes.map((n) => n.name)).toContain('Losses');
    expect(v.links).toHaveLength(4);
    expect(v.links.find((l) => l.loss)).toMatchObject({ source: 'Incomer', target: 'Losses', kw: 20 });
    expect(v.stale).toEqual(['Offline']);
  });
  it('adds kW labels on every link of the shared Sankey option', () => {
    const t = (k: string) => k;
    const option = withEdgeLabels(buildSankeyOption(flowView(flow, 'zh').sankey, { t, lang: 'zh' }), 'kW', (v) => v.toFixed(1));
    const series = (Array.isArray(option.series) ? option.series[0] : option.series) as { edgeLabel?: { show?: boolean; formatter?: (p: { value?: unknown }) => string } };
    expect(series.edgeLabel?.formatter?.({ value: 680 })).toBe('680.0 kW');
  });
  it('labels the links whose kW no end node already shows', () => {
    const links = [
      { source: 'grid', target: 'in', value: 700 }, // grid's only outflow: grid's label says 700
      { source: 'in', target: 't1', value: 400 },
      { source: 'in', target: 't2', value: 280 },
      { source: 'in', target: 'loss', value: 20 },
      { source: 'pv', target: 't2', value: 40 }, // pv's only outflow
      { source: 't1', target: 'f1', value: 150 },
      { source: 't1', target: 'f2', value: 250 },
      { source: 't1', target: 'loss', value: 0.5 },
    ];
    // in→t1 is t1's only inflow but t1's label shows its larger outflow (400.5), so the link keeps a label;
    // f1/f2 have one inflow each and show it themselves.
    expect([...linksNeedingLabels(links)].sort((a, b) => a - b)).toEqual([1, 2, 3, 7]);
  });
});
