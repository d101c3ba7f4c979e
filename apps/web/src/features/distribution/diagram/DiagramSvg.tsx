import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/useFormat';
import { palette } from '../../../shared/theme/palette';
import { BREAKER_COLOR } from '../points';
import { fitLabel } from './model';
import { BUS_COLOR, DEAD, ENERGY_UNKNOWN, SYMBOL_BOX, SymbolGlyph } from './symbols';
import type { DiagramModel, ElementModel } from './model';
import type { Energisation } from '@gridops/contract';

/** SCADA colouring: live in the voltage level's colour, dead grey and dashed, unknown amber and dashed. */
export function energyStroke(state: Energisation, hv: boolean): { stroke: string; dash?: string } {
  if (state === 'live') return { stroke: BUS_COLOR[hv ? 'hv' : 'lv'] };
  if (state === 'dead') return { stroke: DEAD, dash: '6 4' };
  return { stroke: ENERGY_UNKNOWN, dash: '6 4' };
}

const TEXT = palette.textSecondary;
const VALUE = '#ffffff';

/**
 * The values a bound symbol shows beside it: P, I, U (whichever the device has). U follows the contract's
 * `voltageReading`: HV as line voltage in kV, LV as phase voltage in V, each labelled which it is.
 */
function useValues(el: ElementModel) {
  const f = useFormat();
  const { t } = useTranslation();
  const live = el.live;
  const fmt = (v: number | null | undefined, unit: string, label: string, precision = 1) =>
    v !== null && v !== undefined ? `${label} ${f.unit(v, unit, { precision }).text}` : null;
  const v = el.voltage;
  const u = v ? fmt(v.value, v.unit, t(`distribution.diagram.voltage.${v.kind}`), v.unit === 'kV' ? 2 : 1) : null;
  return { p: fmt(live?.p_kw, 'kW', 'P'), i: fmt(live?.i_a, 'A', 'I'), u };
}

/** Symbol of one element; values are drawn beside it, so they stay readable at any zoom. */
function Symbol({ el, onClick }: { el: ElementModel; onClick?: (el: ElementModel) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const live = el.live;
  const { p, i, u } = useValues(el);
  const faded = live && live.quality !== 'fresh' ? 0.55 : 1;
  const common = {
    'data-testid': `sld-${el.id}`,
    'data-type': el.type,
    'data-device': el.deviceId ?? '',
    'data-energisation': el.energisation,
    style: { cursor: el.clickable ? 'pointer' : 'default', opacity: faded },
    onClick: el.clickable && onClick ? () => onClick(el) : undefined,
  };
  const energy = t(`distribution.diagram.energisation.${el.energisation}`);
  const title = <title>{`${el.label} · ${energy}`}</title>;

  if (el.type === 'busbar') {
    const hv = (el.voltageKv ?? 0) >= 1;
    const s = energyStroke(el.energisation, hv);
    return (
      <g {...common}>
        {title}
        <line x1={el.x} y1={el.y} x2={el.x2} y2={el.y2} stroke={s.stroke} strokeWidth={6} strokeLinecap={s.dash ? 'butt' : 'round'} strokeDasharray={s.dash ? '14 6' : undefined} />
        <text x={el.x} y={el.y - 10} fill={TEXT} fontSize={12}>
          {el.label}
          {el.energisation !== 'live' && (
            <tspan fill={s.stroke} dx={8} data-testid={`sld-energy-${el.id}`}>
              {energy}
            </tspan>
          )}
        </text>
      </g>
    );
  }
  if (el.type === 'label') {
    return (
      <text x={el.x} y={el.y} fill={TEXT} fontSize={12} data-testid={`sld-${el.id}`}>
        {el.label}
      </text>
    );
  }
  const glyph = (
    <g transform={`translate(${el.x} ${el.y})`}>
      <SymbolGlyph kind={el.type} state={el.breaker ?? 'unknown'} />
    </g>
  );
  if (el.type === 'feeder') {
    return (
      <g {...common}>
        {title}
        {glyph}
        <text x={el.x} y={el.y + 24} fill={TEXT} fontSize={11} textAnchor="middle">
          {fitLabel(el.label, 16)}
        </text>
        <text x={el.x} y={el.y + 40} fill={VALUE} fontSize={11} textAnchor="middle" className="sld-p" data-testid={`sld-p-${el.id}`}>
          {el.energisation === 'dead' ? `${p ?? `P ${f.unit(0, 'kW', { precision: 1 }).text}`} · ${energy}` : (p ?? '-')}
        </text>
        <text x={el.x} y={el.y + 55} fill={VALUE} fontSize={11} textAnchor="middle">
          {i ?? ''}
        </text>
      </g>
    );
  }
  // Everything else: label and values in a column to the right of the symbol.
  const x = el.x + SYMBOL_BOX[el.type].w / 2 + 6;
  const switching = el.breaker !== undefined;
  const lines: { text: string; colour: string; testid?: string; cls?: string }[] = [];
  if (switching) lines.push({ text: t(`distribution.diagram.breaker.${el.breaker ?? 'unknown'}`), colour: BREAKER_COLOR[el.breaker ?? 'unknown'], testid: `sld-state-${el.id}` });
  if (el.ratio) lines.push({ text: el.ratio, colour: TEXT });
  if (el.type === 'transformer' && live?.load_rate !== null && live?.load_rate !== undefined) lines.push({ text: `${t('distribution.diagram.loadRate')} ${f.number(live.load_rate, 1)}%`, colour: VALUE });
  if (!switching || el.type !== 'breaker') {
    if (p) lines.push({ text: el.type === 'source' && i ? `${p}  ${i}` : p, colour: VALUE, cls: 'sld-p', testid: `sld-p-${el.id}` });
    if (i && el.type !== 'source') lines.push({ text: i, colour: VALUE });
    if (u) lines.push({ text: u, colour: VALUE, testid: `sld-u-${el.id}` });
  }
  if (el.type !== 'source' && el.energisation !== 'live' && !switching) lines.push({ text: energy, colour: energyStroke(el.energisation, false).stroke, testid: `sld-energy-${el.id}` });
  const top = el.y - 4 - (lines.length * 14) / 2;
  return (
    <g {...common} data-state={switching ? el.breaker : undefined}>
      {title}
      {glyph}
      <text x={x} y={top} fill={TEXT} fontSize={11}>
        {fitLabel(el.label, 16)}
      </text>
      {lines.map((l, k) => (
        <text key={k} x={x} y={top + 14 * (k + 1)} fill={l.colour} fontSize={11} className={l.cls} data-testid={l.testid}>
          {l.text}
        </text>
      ))}
    </g>
  );
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
      {model.wires.map((w) => {
        const s = energyStroke(w.state, w.hv);
        return <polyline key={w.id} points={w.points.map((p) => p.join(',')).join(' ')} fill="none" stroke={s.stroke} strokeWidth={2} strokeDasharray={s.dash} data-energisation={w.state} />;
      })}
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
      {item(<line x1={1} y1={9} x2={21} y2={9} stroke={BUS_COLOR.hv} strokeWidth={5} />, `${t('distribution.diagram.legendHv')} · ${t('distribution.diagram.legendLive')}`)}
      {item(<line x1={1} y1={9} x2={21} y2={9} stroke={BUS_COLOR.lv} strokeWidth={5} />, `${t('distribution.diagram.legendLv')} · ${t('distribution.diagram.legendLive')}`)}
      {item(<line x1={1} y1={9} x2={21} y2={9} stroke={DEAD} strokeWidth={3} strokeDasharray="4 3" />, t('distribution.diagram.legendDead'))}
      {item(<line x1={1} y1={9} x2={21} y2={9} stroke={ENERGY_UNKNOWN} strokeWidth={3} strokeDasharray="4 3" />, t('distribution.diagram.legendEnergyUnknown'))}
      <span style={{ opacity: 0.8 }}>{t('distribution.diagram.legendClick')}</span>
    </div>
  );
}
