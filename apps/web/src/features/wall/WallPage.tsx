import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../session/navigation';
import { useSession } from '../../session/store';
import { Chart, useChartLocale } from '../../shared/charts';
import { useFormat } from '../../shared/format/useFormat';
import { ageSeconds, STALE_AFTER_S } from './liveTicker';
import { PROVINCE_EN } from './provinces';
import { useNow } from '../../shared/ui/useNow';
import { useWall, useWallLive } from './api';
import { AlarmTicker, PortfolioTiles, StationCard, TopTransformers } from './WallPanels';
import { buildWallCurveOption, buildWallMapOption, LEVEL_COLORS, stationMarkers } from './wallOptions';
import './wall.css';

// The map (ECharts geo and the province outlines) is its own chunk, fetched when the wall opens.
const WallMap = lazy(() => import('./WallMap'));

/** Chinese province names as the outline has them. */
const NO_NAMES: Record<string, string> = {};

/** How long the auto-tour shows one station's card. */
const TOUR_MS = 8000;

/** A failed chunk load keeps the rest of the wall running. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The screen's size against the 1920×1080 design (the CSS --u in pixels), for the charts' CSS-pixel sizes. */
function useScale(): number {
  const read = () => Math.max(0.5, Math.min(window.innerWidth / 1920, window.innerHeight / 1080));
  const [scale, setScale] = useState(read);
  useEffect(() => {
    const on = () => setScale(read());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return scale;
}

/**
 * /CentreWall: the operations centre's wall screen (issue 30, docs/wall.md). Full screen over the shell, dark,
 * for 1920×1080 and 3840×2160 alike; every figure from GET /api/v6/wall, kept fresh by the live channel.
 */
export function WallPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const f = useFormat();
  const orgId = useSession((s) => s.organID);
  const q = useWall(orgId);
  const d = q.data;
  const now = useNow();
  const scale = useScale();
  const locale = useChartLocale();
  const { rows, pulsing, newest, last } = useWallLive(d?.ticker ?? [], now);
  const stations = useMemo(() => d?.stations ?? [], [d]);
  const markers = useMemo(() => stationMarkers(stations, pulsing), [stations, pulsing]);

  const [hovered, setHovered] = useState<number | null>(null);
  const [tour, setTour] = useState(0);
  useEffect(() => {
    if (hovered !== null || stations.length === 0) return;
    const id = setInterval(() => setTour((i) => i + 1), TOUR_MS);
    return () => clearInterval(id);
  }, [hovered, stations.length]);
  // A pushed alarm brings its station's card up at once, for two tour steps.
  const pinned = last && now - last.seenAt < 2 * TOUR_MS ? last.projectId : null;
  const focus = stations.find((s) => s.project_id === (hovered ?? pinned)) ?? (stations.length ? stations[tour % stations.length] : undefined);

  const nameMap = lang === 'en' ? PROVINCE_EN : NO_NAMES;
  const mapOption = useMemo(() => buildWallMapOption({ markers, focusId: focus?.project_id ?? null, nameMap, scale }), [markers, focus?.project_id, nameMap, scale]);
  const curveOption = useMemo(() => buildWallCurveOption(d?.load_curve ?? { today: [], yesterday: [] }, locale, scale), [d?.load_curve, locale, scale]);

  const age = q.dataUpdatedAt ? ageSeconds(q.dataUpdatedAt, now) : null;
  const stale = age !== null && age > STALE_AFTER_S;
  const outside = markers.filter((m) => !m.inChina).length;
  const u = (n: number) => n * scale;

  return (
    <div className="wall-root" data-testid="wall" data-lang={lang} data-generated={d?.generated_at ?? ''}>
      <header className="wall-header">
        <div>
          <span className="wall-title">{t('wall.title')}</span>
          <span className="wall-sub">{t('wall.stations', { count: stations.length })}</span>
        </div>
        <div>
          <span className="wall-clock" data-testid="wall-clock">
            {f.siteTime(now, null, 'YYYY-MM-DD HH:mm:ss')}
          </span>
          <span className={`wall-age${stale || q.isError ? ' stale' : ''}`} data-testid="wall-age" data-age={age ?? ''}>
            {q.isPending ? t('wall.loading') : stale ? t('wall.stale', { s: age }) : q.isError ? t('wall.loadFailed') : `${t('wall.dataAt', { time: f.siteTime(q.dataUpdatedAt, null, 'HH:mm:ss') })} · ${t('wall.ago', { s: age ?? 0 })}`}
          </span>
          <button type="button" className="wall-btn" onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}>
            {t('wall.fullscreen')}
          </button>
          <button type="button" className="wall-btn" data-testid="wall-exit" onClick={() => navigateTo('/CentreHome')}>
            {t('wall.exit')}
          </button>
        </div>
      </header>
      <main className="wall-body">
        <section className="wall-col">
          <PortfolioTiles d={d} />
          <StationCard s={focus} />
        </section>
        <section className="wall-col">
          <div className="wall-panel wall-map" data-testid="wall-map">
            <MapBoundary>
              <Suspense fallback={null}>
                <WallMap option={mapOption} style={{ width: '100%', height: '100%' }} onHover={setHovered} />
              </Suspense>
            </MapBoundary>
            {/* The markers as a list: what a screen reader reads, and what browser tests check. */}
            <ul className="wall-sr" aria-label={t('wall.map')}>
              {markers.map((m) => (
                <li key={m.id} data-testid={`wall-marker-${m.id}`} data-level={m.level} data-pulsing={m.pulsing ? 'true' : 'false'} data-color={m.color}>
                  {m.name}
                </li>
              ))}
            </ul>
            {stations.length === 0 && !q.isPending && <div className="wall-empty">{t('wall.noStations')}</div>}
            <div className="wall-legend">
              {[0, 1, 2, 3, 4].map((l) => (
                <span key={l}>
                  <i className="wall-dot" style={{ background: LEVEL_COLORS[l] }} />
                  {t(`wall.legend.${l}`)}
                </span>
              ))}
              {outside > 0 && <span>{t('wall.outside', { n: outside })}</span>}
            </div>
          </div>
        </section>
        <section className="wall-col">
          <div className="wall-panel" data-testid="wall-curve">
            <div className="wall-panel-title">{t('wall.curve')}</div>
            <Chart option={curveOption} height={u(280)} loading={q.isPending} ariaLabel={t('wall.curve')} />
          </div>
          <TopTransformers rows={d?.transformers ?? []} />
          <AlarmTicker rows={rows} newest={newest} />
        </section>
      </main>
    </div>
  );
}
