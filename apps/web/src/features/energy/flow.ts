import type { SankeyInput } from '../../shared/charts';
import type { ChartOption } from '../../shared/charts';
import type { EnergyFlow } from './api';
import { nameOf } from './rows';
import type { Lang } from './rows';

/** Energisation colours of the flow (the single-line diagram's: dead grey, unknown amber). */
export const ENERGY_COLOR = { dead: '#5b6678', unknown: '#faad14' } as const;

export interface FlowStateRow {
  id: string;
  name: string;
  kind: string;
  /** 0 when dead (it carries nothing), else the reading (null: none fresh). */
  kw: number | null;
  state: 'live' | 'dead' | 'unknown';
}

export interface FlowLinkRow {
  key: string;
  source: string;
  target: string;
  kw: number;
  /** The link ends in the "losses" node. */
  loss: boolean;
}

/** The live flow answer as Sankey input (names in the page language) and the link table beside it. */
export function flowView(
  flow: EnergyFlow,
  lang: Lang,
): { sankey: SankeyInput; links: FlowLinkRow[]; stale: string[]; nodes: FlowStateRow[]; dead: string[]; unknown: string[]; allDead: boolean } {
  const names = new Map(flow.nodes.map((n) => [n.id, nameOf(n, lang)]));
  const kind = new Map(flow.nodes.map((n) => [n.id, n.kind]));
  const metered = flow.nodes.filter((n) => n.node_id !== null);
  const nodes: FlowStateRow[] = metered.map((n) => ({ id: n.id, name: nameOf(n, lang), kind: n.kind, kw: n.state === 'dead' ? 0 : n.kw, state: n.state }));
  const dead = nodes.filter((n) => n.state === 'dead');
  return {
    nodes,
    dead: dead.map((n) => n.name),
    unknown: nodes.filter((n) => n.state === 'unknown').map((n) => n.name),
    // Nothing flows and the tree is dead (not merely unread): a dead site, drawn as such instead of "no data".
    allDead: dead.length > 0 && !flow.links.some((l) => l.kw > 0) && nodes.every((n) => n.state !== 'live'),
    sankey: {
      // Colour by energisation: dead grey, unknown amber, live by the node's kind.
      nodes: flow.nodes.map((n) => ({ id: n.id, name: nameOf(n, lang), kind: n.kind, ...(n.state === 'live' ? {} : { color: ENERGY_COLOR[n.state] }) })),
      links: flow.links.map((l) => ({ source: l.source, target: l.target, value: l.kw })),
      unit: 'kW',
    },
    links: flow.links
      .filter((l) => l.kw > 0)
      .map((l) => ({
        key: `${l.source}>${l.target}`,
        source: names.get(l.source) ?? l.source,
        target: names.get(l.target) ?? l.target,
        kw: l.kw,
        loss: kind.get(l.target) === 'loss',
      })),
    // Metered nodes whose power reading is older than `stale_after_s` come back with kW null.
    stale: flow.nodes.filter((n) => n.node_id !== null && n.kw === null && n.state !== 'dead').map((n) => nameOf(n, lang)),
  };
}

/**
 * Links whose kW is not already written on one of their ends. ECharts labels a node with
 * max(Σ in, Σ out); a link that is its source's only outflow (or its target's only inflow) and equals that
 * node's value repeats the node's label, and on the short first-column links the two texts overlap. Every
 * other link gets its own label, so every flow's kW is readable on the diagram (and all are in the table).
 */
export function linksNeedingLabels(links: readonly { source: string; target: string; value: number }[]): Set<number> {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const outs = new Map<string, number[]>();
  const ins = new Map<string, number[]>();
  for (const l of links) {
    outs.set(l.source, [...(outs.get(l.source) ?? []), l.value]);
    ins.set(l.target, [...(ins.get(l.target) ?? []), l.value]);
  }
  const nodeValue = (id: string) => Math.max(sum(ins.get(id) ?? []), sum(outs.get(id) ?? []));
  const same = (a: number, b: number) => Math.abs(a - b) <= Math.max(1e-9, Math.abs(b) * 1e-6);
  const need = new Set<number>();
  links.forEach((l, i) => {
    const onSource = (outs.get(l.source)?.length ?? 0) === 1 && same(nodeValue(l.source), l.value);
    const onTarget = (ins.get(l.target)?.length ?? 0) === 1 && same(nodeValue(l.target), l.value);
    if (!onSource && !onTarget) need.add(i);
  });
  return need;
}

/**
 * The shared Sankey builder puts kW on the nodes and in the tooltip; the flow page also writes it on the links
 * that {@link linksNeedingLabels} picks (ECharts' per-link `edgeLabel`). Link values are already scaled by
 * the builder; `unit` is that scaled unit.
 */
export function withEdgeLabels(option: ChartOption, unit: string, format: (v: number) => string): ChartOption {
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  return {
    ...option,
    series: series.map((s) => {
      if (s.type !== 'sankey') return s;
      const links = (s.links ?? []) as { source: string; target: string; value: number }[];
      const need = linksNeedingLabels(links);
      return {
        ...s,
        // Room for the right-hand column's labels: English feeder names are long ("PV grid-connection feeder 4").
        right: 210,
        edgeLabel: {
          fontSize: 11,
          color: 'rgba(255, 255, 255, 0.9)',
          formatter: (p: { value?: unknown }) =>
            typeof p.value === 'number' ? `${format(p.value)}${unit ? ` ${unit}` : ''}` : '',
        },
        links: links.map((l, i) => ({ ...l, edgeLabel: { show: need.has(i) } })),
      };
    }),
  };
}
