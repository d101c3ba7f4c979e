import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import type { BalanceEnd, BalanceView } from './balance';
import { nodeTypeColor } from '../../shared/theme/nodeTypes';

const W = 820;
const H = 420;
const BUS = { x: W / 2, y: H / 2 };
const BOX = { w: 170, h: 64 };
/** Supply on the left, consumers on the right, storage below the bus (it goes both ways). */
const AT: Record<BalanceEnd, { x: number; y: number }> = {
  source: { x: 110, y: 90 },
  grid: { x: 110, y: 330 },
  load: { x: W - 110, y: 90 },
  charging: { x: W - 110, y: 330 },
  storage: { x: BUS.x, y: H - 42 },
};
/** Each end wears the colour of the node type it gathers (shared/theme/nodeTypes.ts). */
const COLOR: Record<BalanceEnd, string> = {
  source: nodeTypeColor('pv') ?? '',
  grid: nodeTypeColor('grid') ?? '',
  storage: nodeTypeColor('storage_discharge') ?? '',
  load: nodeTypeColor('load') ?? '',
  charging: nodeTypeColor('ev_charging') ?? '',
};

/**
 * The live balance as a bus diagram: every end is linked to the bus with its kW on the link; a moving dash
 * shows the direction (into the bus or out of it), an idle link is grey. Values scale per spec §9 (kW → MW).
 */
export function BalanceDiagram({ view, soc }: { view: BalanceView; soc: number | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const ends = Object.keys(AT) as BalanceEnd[];
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      style={{ width: '100%', display: 'block' }}
      role="img"
      aria-label={t('microgrid.diagram')}
      data-testid="balance-diagram"
    >
      <defs>
        <marker
          id="mg-arrow"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill="rgba(255,255,255,0.75)" />
        </marker>
      </defs>
      {ends.map((end) => {
        const l = view.links[end];
        const p = AT[end];
        const [a, b] = l.direction === 'fromBus' ? [BUS, p] : [p, BUS];
        const idle = l.direction === 'idle';
        const mx = (p.x + BUS.x) / 2;
        const my = (p.y + BUS.y) / 2;
        return (
          <g key={end} data-testid={`balance-link-${end}`} data-direction={l.direction} data-kw={l.kw}>
            <line
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              stroke={idle ? 'rgba(255,255,255,0.18)' : COLOR[end]}
              strokeWidth={idle ? 2 : 3}
              strokeDasharray="10 8"
              markerEnd={idle ? undefined : 'url(#mg-arrow)'}
            >
              {!idle && (
                <animate
                  attributeName="stroke-dashoffset"
                  from="36"
                  to="0"
                  dur="1.2s"
                  repeatCount="indefinite"
                />
              )}
            </line>
            <rect
              x={mx - 58}
              y={my - 13}
              width={116}
              height={26}
              rx={13}
              fill="#0b1626"
              stroke="rgba(255,255,255,0.15)"
            />
            <text
              x={mx}
              y={my + 5}
              textAnchor="middle"
              fontSize={13}
              fontWeight={600}
              fill={idle ? 'rgba(255,255,255,0.45)' : '#fff'}
              data-testid={`balance-kw-${end}`}
            >
              {f.unit(l.kw, 'kW', { precision: 1 }).text}
            </text>
          </g>
        );
      })}
      <circle cx={BUS.x} cy={BUS.y} r={44} fill="#10233d" stroke="#1677ff" strokeWidth={2} />
      <text x={BUS.x} y={BUS.y - 4} textAnchor="middle" fontSize={13} fill="#fff">
        {t('microgrid.bus')}
      </text>
      <text x={BUS.x} y={BUS.y + 14} textAnchor="middle" fontSize={11} fill="rgba(255,255,255,0.6)">
        {f.unit(view.supply, 'kW', { precision: 1 }).text}
      </text>
      {ends.map((end) => {
        const p = AT[end];
        const l = view.links[end];
        return (
          <g key={`box-${end}`} transform={`translate(${p.x - BOX.w / 2}, ${p.y - BOX.h / 2})`}>
            <rect width={BOX.w} height={BOX.h} rx={8} fill="#0f1b2d" stroke={COLOR[end]} strokeWidth={1.5} />
            <text x={BOX.w / 2} y={26} textAnchor="middle" fontSize={14} fill="#fff">
              {t(`microgrid.end.${end}`)}
            </text>
            <text x={BOX.w / 2} y={47} textAnchor="middle" fontSize={12} fill="rgba(255,255,255,0.65)">
              {t(`microgrid.state.${l.state}`)}
              {end === 'storage' && soc !== null ? ` · SOC ${f.number(soc, 0)}%` : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
