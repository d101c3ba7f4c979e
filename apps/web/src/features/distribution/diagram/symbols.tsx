import type { SldKind } from '@gridops/contract';
import { palette } from '../../../shared/theme/palette';
import { BREAKER_COLOR } from '../points';

export const WIRE = '#4fa3ff';
export const DEAD = '#5b6678';
/** Energisation unknown (stale telemetry, switch state unknown): amber. */
export const ENERGY_UNKNOWN = '#faad14';
export const BUS_COLOR = { hv: '#ffd666', lv: '#36cfc9' } as const;
const LINE = '#d6e4ff';
const BG = palette.bgContainer;

export type SwitchState = 'closed' | 'open' | 'unknown';
/** Kinds drawn as a switching device (state from the bound device's `breaker` point). */
export const SWITCHING_KINDS: readonly SldKind[] = ['breaker', 'switch', 'disconnector'];
/** Symbol kinds a user places from the palette, in palette order (busbar and label included). */
export const PALETTE_KINDS: readonly SldKind[] = ['source', 'busbar', 'breaker', 'switch', 'disconnector', 'transformer', 'ct', 'pt', 'feeder', 'meter', 'pv', 'storage', 'charger', 'generator', 'label'];

/** Size of each symbol's box, centred on the element's (x, y); wires end at its outline. */
export const SYMBOL_BOX: Record<Exclude<SldKind, 'busbar'>, { w: number; h: number }> = {
  source: { w: 32, h: 32 },
  breaker: { w: 22, h: 32 },
  switch: { w: 24, h: 36 },
  disconnector: { w: 24, h: 36 },
  transformer: { w: 40, h: 66 },
  ct: { w: 24, h: 32 },
  pt: { w: 24, h: 38 },
  feeder: { w: 22, h: 22 },
  meter: { w: 30, h: 30 },
  pv: { w: 34, h: 28 },
  storage: { w: 34, h: 28 },
  charger: { w: 34, h: 28 },
  generator: { w: 32, h: 32 },
  label: { w: 80, h: 20 },
};

/** Blade of a load switch or disconnector: vertical when closed, swung out when open (IEC 60617 07-01/07-13). */
function Blade({ state, bar }: { state: SwitchState; bar: boolean }) {
  const colour = BREAKER_COLOR[state];
  const tip = state === 'closed' ? [0, -9] : [-11, -12];
  return (
    <g stroke={colour} strokeWidth={2} fill="none" strokeDasharray={state === 'unknown' ? '3 2' : undefined}>
      <line x1={0} y1={-18} x2={0} y2={-9} />
      <line x1={0} y1={9} x2={0} y2={18} />
      <line x1={0} y1={9} x2={tip[0]} y2={tip[1]} />
      {bar ? <line x1={-6} y1={-9} x2={6} y2={-9} /> : <circle cx={0} cy={-9} r={2.5} fill={BG} />}
    </g>
  );
}

/**
 * One symbol drawn around the origin, the same in the editor's nodes and the live view (which translates it to
 * the element's position). Busbars and labels are drawn by their callers (their size depends on the element).
 */
export function SymbolGlyph({ kind, state = 'unknown', hv = false }: { kind: Exclude<SldKind, 'busbar' | 'label'>; state?: SwitchState; hv?: boolean }) {
  const box = SYMBOL_BOX[kind];
  const bg = <rect x={-box.w / 2} y={-box.h / 2} width={box.w} height={box.h} fill={BG} stroke="none" />;
  const tone = hv ? BUS_COLOR.hv : BUS_COLOR.lv;
  switch (kind) {
    case 'source':
      return (
        <g>
          <circle r={14} fill={BG} stroke={BUS_COLOR.hv} strokeWidth={2} />
          <path d="M -8 0 q 4 -8 8 0 t 8 0" fill="none" stroke={BUS_COLOR.hv} strokeWidth={2} />
        </g>
      );
    case 'breaker': {
      const colour = BREAKER_COLOR[state];
      // Closed: filled red; open: hollow green (the Chinese convention); unknown: grey dashed.
      return (
        <rect x={-10} y={-15} width={20} height={30} rx={2} fill={state === 'closed' ? colour : BG} stroke={colour} strokeWidth={2.5} strokeDasharray={state === 'unknown' ? '4 3' : undefined} />
      );
    }
    case 'switch':
    case 'disconnector':
      return (
        <g>
          {bg}
          <Blade state={state} bar={kind === 'disconnector'} />
        </g>
      );
    case 'transformer':
      return (
        <g>
          <circle cx={0} cy={-13} r={18} fill={BG} stroke={BUS_COLOR.hv} strokeWidth={2} />
          <circle cx={0} cy={13} r={18} fill="none" stroke={BUS_COLOR.lv} strokeWidth={2} />
        </g>
      );
    case 'ct':
      return (
        <g stroke={LINE} strokeWidth={2} fill="none">
          {bg}
          <line x1={0} y1={-16} x2={0} y2={16} />
          <circle r={8} fill={BG} />
          <line x1={0} y1={-8} x2={0} y2={8} />
        </g>
      );
    case 'pt':
      return (
        <g stroke={LINE} strokeWidth={2} fill="none">
          {bg}
          <line x1={0} y1={-19} x2={0} y2={-12} />
          <circle cx={0} cy={-4} r={8} fill={BG} />
          <circle cx={0} cy={7} r={8} />
          <line x1={-6} y1={17} x2={6} y2={17} />
        </g>
      );
    case 'feeder':
      return <path d="M -9 -10 L 9 -10 L 0 6 Z" fill={WIRE} />;
    case 'meter':
      return (
        <g>
          <circle r={13} fill={BG} stroke={LINE} strokeWidth={2} />
          <text y={4} fill={LINE} fontSize={9} textAnchor="middle">
            kWh
          </text>
        </g>
      );
    case 'pv':
      return (
        <g stroke={tone} strokeWidth={2} fill={BG}>
          <rect x={-15} y={-12} width={30} height={24} />
          <line x1={-15} y1={12} x2={15} y2={-12} />
          <path d="M -11 -6 l 5 0 M -11 -2 l 5 0 M 6 6 l 5 0" fill="none" />
        </g>
      );
    case 'storage':
      return (
        <g stroke={tone} strokeWidth={2} fill={BG}>
          <rect x={-15} y={-12} width={30} height={24} />
          <line x1={-4} y1={-7} x2={-4} y2={7} />
          <line x1={2} y1={-3} x2={2} y2={3} strokeWidth={3} />
          <line x1={6} y1={-7} x2={6} y2={7} />
          <line x1={12} y1={-3} x2={12} y2={3} strokeWidth={3} />
        </g>
      );
    case 'charger':
      return (
        <g>
          <rect x={-15} y={-12} width={30} height={24} rx={3} fill={BG} stroke={tone} strokeWidth={2} />
          <path d="M 2 -9 L -5 1 L 0 1 L -2 9 L 5 -1 L 0 -1 Z" fill={tone} />
        </g>
      );
    case 'generator':
      return (
        <g>
          <circle r={14} fill={BG} stroke={tone} strokeWidth={2} />
          <text y={2} fill={tone} fontSize={12} fontWeight={600} textAnchor="middle">
            G
          </text>
          <path d="M -5 8 q 2.5 -4 5 0 t 5 0" fill="none" stroke={tone} strokeWidth={1.5} />
        </g>
      );
  }
}
