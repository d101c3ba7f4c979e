import type { WallStation } from '@gridops/contract';
import type { ComposeOption, EffectScatterSeriesOption, GeoComponentOption, GraphicComponentOption, ScatterSeriesOption } from 'echarts';
import type { ChartLocale, ChartOption } from '../../shared/charts';
import { palette } from '../../shared/theme/palette';

/*
 * The wall's chart options: pure functions of the wall's answer (wallOptions.test.ts). `scale` is the screen's
 * size against the 1920×1080 design (2 on a 3840×2160 wall), so markers, lines and type grow with the screen:
 * ECharts sizes are CSS pixels.
 */

/** The name ECharts knows the China outline by (registered by WallMap). */
export const CHINA_MAP = 'china';

/** Colour of a station by its worst active level: 0 normal, 1 blue … 4 red (as the distribution overview's tags). */
export const LEVEL_COLORS: Record<number, string> = { 0: '#36cfc9', 1: '#2f8cff', 2: '#fadb14', 3: '#fa8c16', 4: '#ff4d4f' };

/** China's outline's bounds (lon, lat), the map's view unless a station lies outside it. */
export const CHINA_BOUNDS = { west: 73.5, east: 135.1, south: 17.5, north: 53.6 };

export interface StationMarker {
  id: number;
  name: string;
  longitude: number;
  latitude: number;
  level: number;
  color: string;
  /** Symbol diameter in CSS px at scale 1. */
  size: number;
  pulsing: boolean;
  inChina: boolean;
}

/** Diameter by capacity: √ so that a 16 MVA site is 4× a 1 MVA one in area, not 16×; 12 to 40 px. */
export const markerSize = (kva: number) => Math.round(Math.min(40, Math.max(12, 12 + 7 * Math.sqrt(Math.max(0, kva) / 1000))));

const inChina = (lon: number, lat: number) => lon >= CHINA_BOUNDS.west && lon <= CHINA_BOUNDS.east && lat >= CHINA_BOUNDS.south && lat <= CHINA_BOUNDS.north;

/** Every station as the map draws it (also the page's accessible list of markers). */
export function stationMarkers(stations: WallStation[], pulsing: ReadonlySet<number>): StationMarker[] {
  return stations.map((s) => ({
    id: s.project_id,
    name: s.name,
    longitude: s.longitude,
    latitude: s.latitude,
    level: s.worst_level,
    color: LEVEL_COLORS[s.worst_level] ?? LEVEL_COLORS[0]!,
    size: markerSize(s.capacity_kva),
    pulsing: pulsing.has(s.project_id),
    inChina: inChina(s.longitude, s.latitude),
  }));
}

/** The smallest view of the main map, degrees of longitude and latitude (a few provinces around the stations). */
export const MIN_SPAN = { lon: 16, lat: 10 };

/**
 * The main map's view as [[west, north], [east, south]]: the stations' region with a margin, at least
 * {@link MIN_SPAN} wide and tall, so that neighbouring stations stay apart; China when there is no station.
 * A station outside China widens the view to it (the outline shows China only; the station still shows).
 */
export function mapBounds(markers: StationMarker[]): [[number, number], [number, number]] {
  if (markers.length === 0) {
    const c = CHINA_BOUNDS;
    return [
      [c.west, c.north],
      [c.east, c.south],
    ];
  }
  const lons = markers.map((m) => m.longitude);
  const lats = markers.map((m) => m.latitude);
  const span = (lo: number, hi: number, min: number, pad: number) => {
    const mid = (lo + hi) / 2;
    const half = Math.max(min / 2, (hi - lo) / 2 + pad);
    return [mid - half, mid + half] as const;
  };
  const [west, east] = span(Math.min(...lons), Math.max(...lons), MIN_SPAN.lon, 2);
  const [south, north] = span(Math.min(...lats), Math.max(...lats), MIN_SPAN.lat, 1.5);
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return [
    [r(west), r(Math.min(85, north))],
    [r(east), r(Math.max(-85, south))],
  ];
}

/** Where the whole-China inset sits in the map panel (CSS px at scale 1, from its top left). */
const INSET = { x: 12, y: 12, size: 260 };

export type WallMapOption = ComposeOption<GeoComponentOption | GraphicComponentOption | ScatterSeriesOption | EffectScatterSeriesOption>;

export interface WallMapInput {
  markers: StationMarker[];
  /** The station whose card is shown (hover or tour): drawn with a ring. */
  focusId: number | null;
  /** Province name → shown name (English names in English; empty in Chinese). */
  nameMap: Record<string, string>;
  scale: number;
}

/**
 * The map: the stations' region of China with its provinces (main view) and the whole of China in an inset
 * (top left) with every station on it; each station a dot coloured by its worst active level, sized by
 * capacity and named; a ripple on the stations with a new alarm.
 */
export function buildWallMapOption({ markers, focusId, nameMap, scale }: WallMapInput): WallMapOption {
  const bounds = mapBounds(markers);
  const midLon = (bounds[0][0] + bounds[1][0]) / 2;
  const point = (m: StationMarker) => ({
    name: m.name,
    id: String(m.id),
    value: [m.longitude, m.latitude, m.id],
    symbolSize: m.size * scale,
    // Names point towards the middle of the view, so that a long name at an edge stays on the map.
    label: { position: m.longitude > midLon ? ('left' as const) : ('right' as const) },
    itemStyle: { color: m.color, borderColor: m.id === focusId ? '#ffffff' : 'rgba(255,255,255,0.35)', borderWidth: (m.id === focusId ? 3 : 1) * scale },
  });
  const outline = (width: number) => ({ areaColor: '#0b2447', borderColor: '#2a6bb5', borderWidth: width * scale });
  return {
    backgroundColor: 'transparent',
    animation: false,
    geo: [
      {
        id: 'main',
        map: CHINA_MAP,
        roam: false,
        boundingCoords: bounds,
        nameMap,
        layoutCenter: ['50%', '50%'],
        layoutSize: '100%',
        z: 0,
        silent: true,
        label: { show: true, color: 'rgba(140, 200, 255, 0.35)', fontSize: 16 * scale },
        itemStyle: outline(1.2),
        emphasis: { disabled: true },
      },
      {
        id: 'inset',
        map: CHINA_MAP,
        roam: false,
        layoutCenter: [(INSET.x + INSET.size / 2) * scale, (INSET.y + INSET.size * 0.4) * scale],
        layoutSize: INSET.size * scale * 0.92,
        z: 2,
        silent: true,
        label: { show: false },
        itemStyle: { ...outline(0.5), areaColor: 'rgba(11, 36, 71, 0.9)' },
        emphasis: { disabled: true },
      },
    ],
    // The inset's own background, so the main map's outlines do not show through it.
    graphic: [
      {
        type: 'rect',
        id: 'inset-bg',
        z: 1,
        silent: true,
        shape: { x: INSET.x * scale, y: INSET.y * scale, width: INSET.size * scale, height: INSET.size * scale * 0.8, r: 6 * scale },
        style: { fill: 'rgba(4, 13, 28, 0.92)', stroke: '#1d4f91', lineWidth: 1.5 * scale },
      },
    ],
    series: [
      {
        id: 'stations',
        name: 'stations',
        type: 'scatter',
        coordinateSystem: 'geo',
        geoIndex: 0,
        z: 3,
        data: markers.map(point),
        label: { show: true, distance: 8 * scale, formatter: '{b}', color: '#e6f4ff', fontSize: 20 * scale, textBorderColor: '#040d1c', textBorderWidth: 3 * scale },
        labelLayout: { hideOverlap: true },
        emphasis: { scale: 1.2 },
      },
      {
        id: 'pulse',
        name: 'pulse',
        type: 'effectScatter',
        coordinateSystem: 'geo',
        geoIndex: 0,
        z: 4,
        silent: true,
        showEffectOn: 'render',
        rippleEffect: { brushType: 'stroke', scale: 3.5, period: 2.5, number: 3 },
        data: markers.filter((m) => m.pulsing).map(point),
      },
      {
        id: 'inset-stations',
        name: 'inset',
        type: 'scatter',
        coordinateSystem: 'geo',
        geoIndex: 1,
        z: 3,
        silent: true,
        symbolSize: 6 * scale,
        data: markers.map((m) => ({ name: m.name, value: [m.longitude, m.latitude, m.id], itemStyle: { color: m.color } })),
      },
    ],
  };
}

export interface WallCurveInput {
  today: (number | null)[];
  yesterday: (number | null)[];
}

/** The portfolio's energy per hour today beside yesterday's (kWh per hour = the hour's mean kW). */
export function buildWallCurveOption({ today, yesterday }: WallCurveInput, { t }: ChartLocale, scale: number): ChartOption {
  const font = 14 * scale;
  return {
    animation: false,
    grid: { left: 56 * scale, right: 16 * scale, top: 36 * scale, bottom: 28 * scale },
    legend: { top: 0, right: 0, itemWidth: 18 * scale, itemHeight: 10 * scale, textStyle: { fontSize: font, color: palette.textSecondary } },
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')), axisLabel: { fontSize: font, interval: 2 } },
    yAxis: { type: 'value', name: 'kWh', nameTextStyle: { fontSize: font }, axisLabel: { fontSize: font } },
    series: [
      { id: 'yesterday', name: t('wall.yesterday'), type: 'line', data: yesterday, showSymbol: false, lineStyle: { width: 2 * scale, type: 'dashed' }, itemStyle: { color: palette.textTertiary } },
      { id: 'today', name: t('wall.today'), type: 'line', data: today, showSymbol: false, lineStyle: { width: 3 * scale }, itemStyle: { color: palette.primary }, areaStyle: { opacity: 0.15 } },
    ],
  };
}
