import { seriesColors, palette } from '../../theme/palette';
import { unitScaleFor } from '../../format/units';
import { asParams, escapeHtml, toolbox, valueText } from './common';
import type { ChartLocale, ChartOption } from './common';
import { nodeTypeColor } from '../../theme/nodeTypes';

export interface FlowNodeInput {
  id: string;
  name: string;
  /** Node kind (contract `flowNode.kind`: grid, pv, wind, storage_*, load, loss, …) picks the colour. */
  kind?: string;
  color?: string;
}
export interface FlowLinkInput {
  source: string;
  target: string;
  /** Power in the chart's unit (kW). */
  value: number;
}
export interface SankeyInput {
  nodes: readonly FlowNodeInput[];
  links: readonly FlowLinkInput[];
  unit?: string;
  precision?: number;
  orient?: 'horizontal' | 'vertical';
}


/**
 * Keeps only links ECharts can draw: both ends known, positive value, and no cycle (ECharts' sankey refuses
 * a graph that is not a DAG). A link that would close a cycle is dropped; earlier links win.
 */
export function drawableLinks(
  nodes: readonly FlowNodeInput[],
  links: readonly FlowLinkInput[],
): FlowLinkInput[] {
  const ids = new Set(nodes.map((n) => n.id));
  const out = new Map<string, Set<string>>();
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const n = stack.pop() as string;
      if (n === to) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(out.get(n) ?? []));
    }
    return false;
  };
  const kept: FlowLinkInput[] = [];
  for (const l of links) {
    if (!ids.has(l.source) || !ids.has(l.target) || l.source === l.target) continue;
    if (!(Number.isFinite(l.value) && l.value > 0)) continue;
    if (reaches(l.target, l.source)) continue;
    kept.push(l);
    out.set(l.source, (out.get(l.source) ?? new Set()).add(l.target));
  }
  return kept;
}

/** Rough width in px of a 12 px label: CJK characters are square, Latin ones about half as wide. */
export function labelWidthPx(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 12 : 7;
  return w;
}
/** The labels of the last column sit right of the diagram: room for them, within bounds (longer ones end in …, the tooltip has them whole). */
const LABEL_ROOM = { min: 90, max: 320, pad: 12 } as const;

/** Energy-flow diagram: nodes labelled with their name and power, links with their power in the tooltip. */
export function buildSankeyOption(input: SankeyInput, locale: ChartLocale): ChartOption {
  const { lang } = locale;
  const precision = input.precision ?? 1;
  const links = drawableLinks(input.nodes, input.links);
  const used = new Set(links.flatMap((l) => [l.source, l.target]));
  const nodes = input.nodes.filter((n) => used.has(n.id));
  const scale = unitScaleFor(
    links.map((l) => l.value),
    input.unit ?? 'kW',
    { lang },
  );
  const nameOf = new Map(input.nodes.map((n) => [n.id, n.name]));
  // ECharts identifies sankey nodes by `name`, which must be unique; ids are, display names may not be.
  const label = (id: string) => nameOf.get(id) ?? id;
  const nodeText = (id: string, value: number) => `${label(id)}  ${valueText(value, scale.unit, precision, lang)}`;
  // Sinks (no outgoing link) end up in the last column; their labels need the right margin.
  const sources = new Set(links.map((l) => l.source));
  const inflow = new Map<string, number>();
  for (const l of links) inflow.set(l.target, (inflow.get(l.target) ?? 0) + l.value / scale.divisor);
  const widest = Math.max(0, ...nodes.filter((n) => !sources.has(n.id)).map((n) => labelWidthPx(nodeText(n.id, inflow.get(n.id) ?? 0))));
  const labelRoom = Math.min(LABEL_ROOM.max, Math.max(LABEL_ROOM.min, widest + LABEL_ROOM.pad));
  return {
    toolbox: toolbox(locale),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const [x] = asParams(p);
        if (!x) return '';
        const v = valueText(x.value as number, scale.unit, precision, lang);
        if (x.dataType === 'edge') {
          const d = x.data as { source: string; target: string };
          return `${escapeHtml(label(d.source))} → ${escapeHtml(label(d.target))}: <b>${v}</b>`;
        }
        return `${escapeHtml(label(x.name ?? ''))}: <b>${v}</b>`;
      },
    },
    series: [
      {
        type: 'sankey',
        id: 'flow',
        orient: input.orient ?? 'horizontal',
        left: 16,
        right: labelRoom,
        top: 24,
        bottom: 16,
        nodeGap: 14,
        nodeWidth: 14,
        draggable: false,
        // No entry animation: ECharts' sankey reveals itself through a clip growing from the left over a second,
        // so the first frames showed a diagram squashed into its left ~180 px with cut labels (issue 26 item 10);
        // and the page's 5 s refresh (notMerge) replayed it. Drawn whole at once, every time.
        animation: false,
        emphasis: { focus: 'adjacency' },
        lineStyle: { color: 'gradient', opacity: 0.35, curveness: 0.5 },
        label: {
          color: palette.text,
          // Never past the chart's edge: a label longer than the room is shortened.
          width: labelRoom - LABEL_ROOM.pad / 2,
          overflow: 'truncate',
          formatter: (p: unknown) => {
            const [x] = asParams(p);
            return x ? nodeText(x.name ?? '', x.value as number) : '';
          },
        },
        data: nodes.map((n, i) => ({
          name: n.id,
          itemStyle: { color: n.color ?? nodeTypeColor(n.kind ?? '') ?? seriesColors[i % seriesColors.length] },
        })),
        links: links.map((l) => ({ source: l.source, target: l.target, value: l.value / scale.divisor })),
      },
    ],
  };
}
