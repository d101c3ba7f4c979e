import type { WallResponse, WallStation } from '@gridops/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format/useFormat';
import { useEventText } from '../../shared/i18n/eventText';
import type { TickerRow } from './liveTicker';
import { LEVEL_COLORS } from './wallOptions';

const LEVELS = [1, 2, 3, 4] as const;
const levelKey = (l: number) => `wall.legend.${l}`;

/** One big figure: its label, value and unit (scaled: kW → MW, 元 → 万元), and the raw value for tests. */
function Tile({ id, label, value, unit, precision = 1 }: { id: string; label: string; value: number | null | undefined; unit: string; precision?: number }) {
  const f = useFormat();
  const r = f.unit(value ?? null, unit, { precision });
  return (
    <div className="wall-panel wall-tile" data-testid={`wall-${id}`} data-value={value ?? ''}>
      <div className="wall-tile-label">{label}</div>
      <div className="wall-tile-value">
        {r.value === null ? '-' : f.number(r.value, precision)}
        <span className="wall-tile-unit">{r.unit}</span>
      </div>
    </div>
  );
}

/** The portfolio's figures (left column): each one is the number of the page named in docs/wall.md. */
export function PortfolioTiles({ d }: { d: WallResponse | undefined }) {
  const { t } = useTranslation();
  const ev = d?.events;
  return (
    <>
      <div className="wall-tiles">
        <Tile id="load" label={t('wall.totalLoad')} value={d?.kpi.load_kw} unit="kW" />
        <Tile id="energy" label={t('wall.energyToday')} value={d?.kpi.energy_today_kwh} unit="kWh" />
        <Tile id="cost" label={t('wall.costToday')} value={d?.kpi.cost_today} unit="元" />
        <Tile id="generation" label={t('wall.genToday')} value={d?.kpi.generation_today_kwh} unit="kWh" />
        <Tile id="soc" label={t('wall.soc')} value={d?.storage.soc_pct} unit="%" />
        <Tile id="carbon" label={t('wall.carbonToday')} value={d?.kpi.carbon_today_kg} unit="kg" />
        <Tile id="pending" label={t('wall.pending')} value={ev?.pending} unit="" precision={0} />
        <Tile id="overdue" label={t('wall.overdue')} value={d?.overdue_orders} unit="" precision={0} />
      </div>
      <div className="wall-panel" data-testid="wall-events" data-active={ev?.active ?? ''} data-pending={ev?.pending ?? ''}>
        <div className="wall-panel-title">{t('wall.openEvents')}</div>
        <div className="wall-levels">
          {LEVELS.map((l) => (
            <div key={l} className="wall-level" style={{ border: `2px solid ${LEVEL_COLORS[l]}` }} data-testid={`wall-level-${l}`} data-value={ev?.active_by_level[l] ?? ''}>
              <b style={{ color: LEVEL_COLORS[l] }}>{ev?.active_by_level[l] ?? '-'}</b>
              {t(levelKey(l))}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

const barColor = (pct: number) => (pct >= 100 ? '#ff4d4f' : pct >= 80 ? '#faad14' : pct >= 40 ? '#52c41a' : '#597ef7');

/** The five most loaded transformers of the portfolio, with their site. */
export function TopTransformers({ rows }: { rows: WallResponse['transformers'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="wall-panel" data-testid="wall-transformers">
      <div className="wall-panel-title">{t('wall.topTransformers')}</div>
      {rows.length === 0 && <div className="wall-tile-label">{t('wall.none')}</div>}
      {rows.map((r) => (
        <div key={r.device_id} className="wall-tr" data-testid={`wall-tr-${r.device_id}`} data-value={r.load_pct}>
          <span className="wall-tr-name" title={`${r.site_name} · ${r.name}`}>
            <b>{r.name}</b>
            <small>{r.site_name}</small>
          </span>
          <span className="wall-bar">
            <i style={{ width: `${Math.min(100, Math.max(0, r.load_pct))}%`, background: barColor(r.load_pct) }} />
          </span>
          <span className="wall-tr-pct">{f.number(r.load_pct, 1)}%</span>
        </div>
      ))}
    </div>
  );
}

/** The latest alarms and faults, pushed ones first as they arrive; times on each site's clock. */
export function AlarmTicker({ rows, newest }: { rows: TickerRow[]; newest: string | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const text = useEventText();
  return (
    <div className="wall-panel wall-ticker" data-testid="wall-ticker">
      <div className="wall-panel-title">{t('wall.ticker')}</div>
      {rows.length === 0 && <div className="wall-tile-label">{t('wall.noAlarms')}</div>}
      <ul className="wall-ticker-list">
        {rows.map((r) => (
          <li key={r.key} className={`wall-ticker-row${r.key === newest ? ' fresh' : ''}`} data-testid="wall-ticker-row" data-event={r.eventId ?? ''} data-project={r.projectId}>
            <span className="wall-ticker-time">{f.siteTime(r.at, r.projectId, 'HH:mm:ss')}</span>
            <span className="wall-tag" style={{ background: LEVEL_COLORS[r.level] ?? LEVEL_COLORS[1] }}>
              {t(`wall.tag.${r.level}`)}
            </span>
            <span className="wall-ticker-site">{text.lang === 'en' ? r.site.en : r.site.zh}</span>
            <span className="wall-ticker-text" title={text.message(r)}>
              {text.message(r)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The card of the station under the pointer (or of the auto-tour): its live state and its open events. */
export function StationCard({ s }: { s: WallStation | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = (v: number | null, unit: string, p = 1) => f.unit(v, unit, { precision: p }).text;
  if (!s) return <div className="wall-card" />;
  const active = s.active_by_level[1] + s.active_by_level[2] + s.active_by_level[3] + s.active_by_level[4];
  return (
    <div className="wall-card" data-testid="wall-card" data-project={s.project_id}>
      <div className="wall-card-name">{s.name}</div>
      <div className="wall-card-row">
        <span>{s.city}</span>
        <span>
          {t('wall.capacity')} {f.quantity(s.capacity_kva, 'kVA').text}
        </span>
      </div>
      <div className="wall-card-row">
        <span>{t('wall.loadNow')}</span>
        <span data-testid="wall-card-load">{q(s.load_kw, 'kW')}</span>
      </div>
      <div className="wall-card-row">
        <span>{t('wall.energyToday')}</span>
        <span>{q(s.energy_today_kwh, 'kWh')}</span>
      </div>
      {s.pv_capacity_kw > 0 && (
        <div className="wall-card-row">
          <span>{t('wall.pv')}</span>
          <span>
            {q(s.pv_now_kw, 'kW')} · {q(s.pv_today_kwh, 'kWh')}
          </span>
        </div>
      )}
      {s.storage_capacity_kwh > 0 && (
        <div className="wall-card-row">
          <span>{t('wall.storage')}</span>
          <span>
            SOC {s.soc_pct === null ? '-' : `${f.number(s.soc_pct, 1)}%`} · {f.quantity(s.storage_capacity_kwh, 'kWh').text}
          </span>
        </div>
      )}
      <div className="wall-card-row">
        <span>{t('wall.events')}</span>
        <span style={{ color: LEVEL_COLORS[s.worst_level] }}>
          {t('wall.activeN', { n: active })} · {t('wall.pendingN', { n: s.pending_events })}
        </span>
      </div>
      <div className="wall-card-row">
        <span>{t('wall.overdue')}</span>
        <span>{s.overdue_orders}</span>
      </div>
    </div>
  );
}
