import { describe, expect, it } from 'vitest';
import { localeFor, seriesOf } from '../../shared/charts/builders/testSupport';
import { wallFixture } from '../../test/fixtures/wall';
import { buildWallCurveOption, buildWallMapOption, CHINA_BOUNDS, LEVEL_COLORS, mapBounds, markerSize, MIN_SPAN, stationMarkers } from './wallOptions';

describe('wall map option', () => {
  const markers = stationMarkers(wallFixture.stations, new Set([2]));

  it('draws every station, coloured by its worst active level and sized by capacity', () => {
    expect(markers.map((m) => [m.id, m.level, m.color, m.pulsing, m.inChina])).toEqual([
      [1, 0, LEVEL_COLORS[0], false, true],
      [2, 3, LEVEL_COLORS[3], true, true],
      [3, 0, LEVEL_COLORS[0], false, false],
    ]);
    expect(markerSize(16000)).toBe(40);
    expect(markerSize(2000)).toBe(22);
    expect(markerSize(0)).toBe(12);
  });

  it('pulses only the stations with a new alarm, and scales markers with the screen', () => {
    const o = buildWallMapOption({ markers, focusId: 1, nameMap: {}, scale: 2 });
    const [dots, pulse] = seriesOf(o as never);
    expect((dots!.data as { id: string; symbolSize: number }[]).map((p) => [p.id, p.symbolSize])).toEqual([
      ['1', 44],
      ['2', 80],
      ['3', 34],
    ]);
    // Names point towards the middle of the view: the eastern stations' to the left, Singapore's to the right.
    expect((dots!.data as { label: { position: string } }[]).map((p) => p.label.position)).toEqual(['left', 'left', 'right']);
    expect(pulse!.type).toBe('effectScatter');
    expect((pulse!.data as { id: string }[]).map((p) => p.id)).toEqual(['2']);
  });

  it("views the stations' region, at least a few provinces wide; China without stations", () => {
    const east = markers.filter((m) => m.inChina);
    // Suzhou and Shanghai are 0.9° apart: the view is the minimum span around them.
    expect(mapBounds(east)).toEqual([
      [121.159 - MIN_SPAN.lon / 2, 31.251 + MIN_SPAN.lat / 2],
      [121.159 + MIN_SPAN.lon / 2, 31.251 - MIN_SPAN.lat / 2],
    ].map(([a, b]) => [Math.round(a! * 1000) / 1000, Math.round(b! * 1000) / 1000]));
    // Singapore widens it southwards to include the station, with a margin.
    const [[, north], [, south]] = mapBounds(markers);
    expect(south).toBeLessThan(1.35);
    expect(north).toBeGreaterThan(31.2989);
    expect(mapBounds([])).toEqual([
      [CHINA_BOUNDS.west, CHINA_BOUNDS.north],
      [CHINA_BOUNDS.east, CHINA_BOUNDS.south],
    ]);
  });

  it('shows the whole of China in an inset with every station on it', () => {
    const o = buildWallMapOption({ markers, focusId: null, nameMap: {}, scale: 1 });
    expect((o.geo as { id: string }[]).map((g) => g.id)).toEqual(['main', 'inset']);
    const inset = seriesOf(o as never).find((x) => x.id === 'inset-stations')!;
    expect((inset.data as unknown[]).length).toBe(3);
  });

  it('names the provinces in English through nameMap', () => {
    const o = buildWallMapOption({ markers, focusId: null, nameMap: { 江苏: 'Jiangsu' }, scale: 1 });
    expect((o.geo as { nameMap: Record<string, string> }[])[0]!.nameMap).toEqual({ 江苏: 'Jiangsu' });
  });
});

describe('wall load curve option', () => {
  it("draws today beside yesterday, hours not reached left empty, in the page's language", () => {
    const o = buildWallCurveOption(wallFixture.load_curve, localeFor('en'), 1);
    const [y, t] = seriesOf(o);
    expect([y!.name, t!.name]).toEqual(['Yesterday', 'Today']);
    expect((t!.data as unknown[]).slice(0, 4)).toEqual([100, 120, 130, null]);
    expect((o.xAxis as { data: string[] }).data).toHaveLength(24);
    expect(seriesOf(buildWallCurveOption(wallFixture.load_curve, localeFor('zh'), 1)).map((s) => s.name)).toEqual(['昨日', '今日']);
  });
});
