import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/useFormat';
import { palette } from '../../../shared/theme/palette';
import { BREAKER_COLOR } from '../points';
import { fitLabel } from './model';
import type { DiagramModel, ElementModel } from './model';

const WIRE = '#4fa3ff';
const DEAD = '#3a4a63';
const BUS_COLOR: Record<string, string> = { hv: '#ffd666', lv: '#36cfc9' };
const TEXT = palette.textSecondary;
const VALUE = '#ffffff';

/** Symbol of one element; values are drawn beside it, so they stay readable at any zoom. */
function Symbol({ el, onClick }: { el: ElementModel; onClick?: (el: ElementModel) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const live = el.live;
  const faded = live && live.quality !== 'fresh' ? 0.55 : 1;
  const p = live?.p_kw !== null && live?.p_kw !== undefined ? `P ${f.unit(live.p_kw, 'kW', { precision: 1 }).text}` : null;
  const i = live?.i_a !== null && live?.i_a !== undefined ? `I ${f.unit(live.i_a, 'A', { precision: 1 }).text}` : null;
  const common = {
    'data-testid': `sld-${el.id}`,
    'data-type': el.type,
    'data-device': el.deviceId ?? '',
    style: { cursor: el.clickable ? 'pointer' : 'default', opacity: faded },
    onClick: el.clickable && onClick ? () => onClick(el) : undefined,
  };
  const title = <title>{el.label}</title>;

  switch (el.type) {
    case 'busbar': {
      const hv = (el.voltageKv ?? 0) >= 1;
      return (
        <g {...common}>
          {title}
          <line x1={el.x} y1={el.y} x2={el.x2} y2={el.y2} stroke={BUS_COLOR[hv ? 'hv' : 'lv']} strokeWidth={6} strokeLinecap="round" />
          <text x={el.x} y={el.y - 10} fill={TEXT} fontSize={12}>
            {el.label}
          </text>
        </g>
      );
    }
    case 'breaker': {
      const state = el.breaker ?? 'unknown';
      const colour = BREAKER_COLOR[state];
      return (
        <g {...common} data-state={state}>
          {title}
          {/* Closed: filled red; open: hollow green (the Chinese convention); unknown: grey dashed. */}
          <rect
            x={el.x - 10}
            y={el.y - 15}
            width={20}
            height={30}
            rx={2}
            fill={state === 'closed' ? colour : palette.bgContainer}
            stroke={colour}
            strokeWidth={2.5}
            strokeDasharray={state === 'unknown' ? '4 3' : undefined}
          />
          <text x={el.x + 16} y={el.y - 3} fill={TEXT} fontSize={11}>
            {fitLabel(el.label, 14)}
          </text>
          <text x={el.x + 16} y={el.y + 12} fill={colour} fontSize={11} data-testid={`sld-state-${el.id}`}>
            {t(`distribution.diagram.breaker.${state}`)}
          </text>
        </g>
      );
    }
    case 'transformer':
      return (
        <g {...common}>
          {title}
          <circle cx={el.x} cy={el.y - 13} r={18} fill={palette.bgContainer} stroke={BUS_COLOR.hv} strokeWidth={2} />
          <circle cx={el.x} cy={el.y + 13} r={18} fill="none" stroke={BUS_COLOR.lv} strokeWidth={2} />
          <text x={el.x + 26} y={el.y - 22} fill={TEXT} fontSize={12}>
            {fitLabel(el.label, 18)}
          </text>
          <text x={el.x + 26} y={el.y - 7} fill={TEXT} fontSize={10}>
            {el.ratio}
          </text>
          {live?.load_rate !== null && live?.load_rate !== undefined && (
            <text x={el.x + 26} y={el.y + 9} fill={VALUE} fontSize={11}>
              {t('distribution.diagram.loadRate')} {f.number(live.load_rate, 1)}%
            </text>
          )}
          {p && (
            <text x={el.x + 26} y={el.y + 24} fill={VALUE} fontSize={11} className="sld-p">
              {p}
            </text>
          )}
        </g>
      );
    case 'source':
      return (
        <g {...common}>
          {title}
          <circle cx={el.x} cy={el.y} r={14} fill={palette.bgContainer} stroke={BUS_COLOR.hv} strokeWidth={2} />
          <path d={`M ${el.x - 8} ${el.y} q 4 -8 8 0 t 8 0`} fill="none" stroke={BUS_COLOR.hv} strokeWidth={2} />
          <text x={el.x + 22} y={el.y - 4} fill={TEXT} fontSize={12}>
            {fitLabel(el.label, 18)}
          </text>
          {p && (
            <text x={el.x + 22} y={el.y + 12} fill={VALUE} fontSize={11} className="sld-p">
              {p}
              {i ? `  ${i}` : ''}
            </text>
          )}
        </g>
      );
    case 'feeder':
      return (
        <g {...common}>
          {title}
          <path d={`M ${el.x - 9} ${el.y - 10} L ${el.x + 9} ${el.y - 10} L ${el.x} ${el.y + 6} Z`} fill={WIRE} />
          <text x={el.x} y={el.y + 24} fill={TEXT} fontSize={11} textAnchor="middle">
            {fitLabel(el.label, 16)}
          </text>
          <text x={el.x} y={el.y + 40} fill={VALUE} fontSize={11} textAnchor="middle" className="sld-p" data-testid={`sld-p-${el.id}`}>
            {p ?? '-'}
          </text>
          <text x={el.x} y={el.y + 55} fill={VALUE} fontSize={11} textAnchor="middle">
            {i ?? ''}
          </text>
        </g>
      );
    case 'label':
      return (
        <text x={el.x} y={el.y} fill={TEXT} fontSize={12} data-testid={`sld-${el.id}`}>
          {el.label}
        </text>
      );
  }
}

/** The room's single-line diagram as SVG; scales to its container, the document's own units inside. */
export function DiagramSvg({ model, onSelect }: { model: DiagramModel; onSelect?: (el: ElementModel) => void }) {
  const { t } = useTranslation();
  // Room for feeder labels below the last row and breaker labels to the right of the last column.
  const pad = { right: 90, bottom: 20 };
  return (
    <svg
      data-testid="sld"
      viewBox={`0 0 ${model.width + pad.right} ${model.height + pad.bottom}`}
      style={{ width: '100%', maxHeight: 720, background: palette.bgContainer, borderRadius: 6 }}
      role="img"
      aria-label={t('distribution.diagram.title')}
    >
      {model.wires.map((w) => (
        <polyline
          key={w.id}
          points={w.points.map((p) => p.join(',')).join(' ')}
          fill="none"
          stroke={w.energised ? WIRE : DEAD}
          strokeWidth={2}
          strokeDasharray={w.energised ? undefined : '6 4'}
        />
      ))}
      {model.elements.map((el) => (
        <Symbol key={el.id} el={el} onClick={onSelect} />
      ))}
    </svg>
  );
}

/** What the colours mean, on screen (operators from other traditions read red/green the other way round). */
export function DiagramLegend() {
  const { t } = useTranslation();
  const item = (svg: React.ReactNode, text: string) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginRight: 18 }}>
      <svg width={22} height={18} aria-hidden>
        {svg}
      </svg>
      {text}
    </span>
  );
  return (
    <div data-testid="sld-legend" style={{ color: TEXT, fontSize: 12, marginBottom: 8, display: 'flex', flexWrap: 'wrap', rowGap: 4 }}>
      {item(<rect x={6} y={1} width={10} height={16} fill={BREAKER_COLOR.closed} stroke={BREAKER_COLOR.closed} strokeWidth={2} />, t('distribution.diagram.legendClosed'))}
      {item(<rect x={6} y={1} width={10} height={16} fill="none" stroke={BREAKER_COLOR.open} strokeWidth={2} />, t('distribution.diagram.legendOpen'))}
      {item(<rect x={6} y={1} width={10} height={16} fill="none" stroke={BREAKER_COLOR.unknown} strokeWidth={2} strokeDasharray="3 2" />, t('distribution.diagram.legendUnknown'))}
      {item(<line x1={1} y1={9} x2={21} y2={9} stroke={BUS_COLOR.hv} strokeWidth={5} />, t('distribution.diagram.legendHv'))}
      {item(<line x1={1} y1={9} x2={21} y2={9} stroke={BUS_COLOR.lv} strokeWidth={5} />, t('distribution.diagram.legendLv'))}
      {item(<line x1={1} y1={9} x2={21} y2={9} stroke={DEAD} strokeWidth={2} strokeDasharray="4 3" />, t('distribution.diagram.legendDead'))}
      <span style={{ opacity: 0.8 }}>{t('distribution.diagram.legendClick')}</span>
    </div>
  );
}
