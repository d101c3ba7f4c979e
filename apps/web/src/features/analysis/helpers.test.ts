import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { RealtimeResponse } from '@gridops/contract';
import { doorPoints, isDoorEvent } from './doors';
import { granularityOf, seriesExportRows } from './historyExport';
import { buildPointTree, defaultPointIds, indexPoints, pointIdsOf } from './pointTree';
import { limitOf, specialExportColumns, specialExportRows } from './specialConfig';
import { hasCounter, statsTableRows } from './statsRows';
import { dayRange, monthRange, presetRange, rangeProblem, toIso } from './timeRange';

const now = dayjs('2026-03-10T15:30:00');

describe('range presets', () => {
  it('today starts at local midnight, the others are rolling windows ending now', () => {
    expect(presetRange('today', now).from.format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 00:00');
    expect(presetRange('24h', now).from.format('YYYY-MM-DD HH:mm')).toBe('2026-03-09 15:30');
    expect(presetRange('7d', now).from.format('YYYY-MM-DD')).toBe('2026-03-03');
    expect(presetRange('30d', now).from.format('YYYY-MM-DD')).toBe('2026-02-08');
    for (const p of ['today', '24h', '7d', '30d'] as const) expect(presetRange(p, now).to.valueOf()).toBe(now.valueOf());
  });
  it('custom keeps the given range', () => {
    const custom = { from: now.subtract(3, 'day'), to: now.subtract(1, 'day') };
    expect(presetRange('custom', now, custom)).toBe(custom);
  });
  it('refuses reversed and over-long ranges', () => {
    expect(rangeProblem({ from: now, to: now })).toBe('order');
    expect(rangeProblem({ from: now.subtract(367, 'day'), to: now })).toBe('tooLong');
    expect(rangeProblem({ from: now.subtract(366, 'day'), to: now })).toBeNull();
  });
  it('calendar days and months become [from, to) instants', () => {
    const d = dayRange(dayjs('2026-03-01'), dayjs('2026-03-07'));
    expect([d.from.format('YYYY-MM-DD HH:mm'), d.to.format('YYYY-MM-DD HH:mm')]).toEqual(['2026-03-01 00:00', '2026-03-08 00:00']);
    const m = monthRange(dayjs('2026-01-15'), dayjs('2026-03-02'));
    expect([m.from.format('YYYY-MM-DD'), m.to.format('YYYY-MM-DD')]).toEqual(['2026-01-01', '2026-04-01']);
    expect(toIso(d).from).toBe(d.from.toISOString());
  });
  it('with the site zone, days and months are the site\'s whatever the browser\'s zone', () => {
    const d = dayRange(dayjs('2024-03-31'), dayjs('2024-03-31'), 'Europe/Berlin');
    expect([d.from.toISOString(), d.to.toISOString()]).toEqual(['2024-03-30T23:00:00.000Z', '2024-03-31T22:00:00.000Z']);
    const m = monthRange(dayjs('2024-11-15'), dayjs('2024-11-20'), 'America/New_York');
    expect([m.from.toISOString(), m.to.toISOString()]).toEqual(['2024-11-01T04:00:00.000Z', '2024-12-01T05:00:00.000Z']);
  });
});

const point = (id: number, key: string, kind: 'analog' | 'counter' | 'digital' = 'analog', unit = 'kW') => ({ id, key, name: key, unit, kind, precision: 2, value: 1, ts: null, quality: 'fresh' as const });
const rooms: RealtimeResponse['rooms'] = [
  {
    id: 1,
    name: 'Room 1',
    kind: 'distribution',
    devices: [
      { id: 10, parent_id: null, sn: 'F1', kind: 'feeder', name: 'Feeder 1', gateway_online: true, points: [point(100, 'P'), point(101, 'EP', 'counter', 'kWh')] },
      { id: 11, parent_id: null, sn: 'T1', kind: 'transformer', name: 'T1', gateway_online: true, points: [point(110, 'P'), point(111, 'load_rate', 'analog', '%')] },
      { id: 12, parent_id: null, sn: 'ENV', kind: 'env_sensor', name: 'Env', gateway_online: true, points: [{ ...point(120, 'door', 'digital', ''), value: 1 }] },
    ],
  },
];

describe('point picker helpers', () => {
  it('builds room → device → point, dropping devices without points of the kinds asked', () => {
    const tree = buildPointTree(rooms, ['analog']);
    expect(tree[0]?.children?.map((d) => d.value)).toEqual(['d:10', 'd:11']);
    expect(tree[0]?.children?.[0]?.children?.map((p) => p.value)).toEqual(['p:100']);
  });
  it('takes only point leaves, unique, at most 16', () => {
    expect(pointIdsOf(['r:1', 'd:10', 'p:100', 'p:100', 'p:7'])).toEqual([100, 7]);
    expect(pointIdsOf(Array.from({ length: 20 }, (_, i) => `p:${i + 1}`))).toHaveLength(16);
  });
  it('opens on the transformer before feeders', () => {
    expect(defaultPointIds(rooms, ['P', 'load_rate'])).toEqual([110, 111]);
    expect(defaultPointIds([], ['P'])).toEqual([]);
    expect(indexPoints(rooms).get(111)?.deviceName).toBe('T1');
  });
});

describe('exports', () => {
  it('history series → one row per bucket and point', () => {
    const rows = seriesExportRows({
      series: [{ point_id: 1, device_id: 2, device_name: 'T1', key: 'P', name: 'P', unit: 'kW', precision: 2, t: [0, 60_000], min: [1, 2], max: [3, 4], avg: [2, 3] }],
    });
    expect(rows).toEqual([
      { time: new Date(0), device: 'T1', point: 'P', unit: 'kW', avg: 2, min: 1, max: 3 },
      { time: new Date(60_000), device: 'T1', point: 'P', unit: 'kW', avg: 3, min: 2, max: 4 },
    ]);
    expect(granularityOf('hourly')).toBe('hour');
    expect(granularityOf('quarter_hour')).toBe('minute');
    expect(granularityOf('raw')).toBe('minute');
  });
  it('stats → period-major rows; counters flagged', () => {
    const res = [
      { point_id: 1, device_name: 'T1', name: 'P', unit: 'kW', kind: 'analog', rows: [{ period: '2026-03-02', min: 1, max: 2, avg: 1.5, count: 10, delta: null }, { period: '2026-03-01', min: 1, max: 2, avg: 1.5, count: 10, delta: null }] },
      { point_id: 2, device_name: 'T1', name: 'EP', unit: 'kWh', kind: 'counter', rows: [{ period: '2026-03-01', min: 5, max: 9, avg: 7, count: 10, delta: 4 }] },
    ];
    expect(statsTableRows(res).map((r) => r.key)).toEqual(['1:2026-03-01', '2:2026-03-01', '1:2026-03-02']);
    expect(hasCounter(res)).toBe(true);
  });
  it('special analysis: limits from the answer, demand exported per day', () => {
    expect(limitOf('voltage', [])).toBe(7);
    expect(limitOf('power-factor', [{ device_id: 1, device_name: 'I', limit: 0.92, samples: 1, avg_pf: 1, min_pf: 1, compliance_pct: 100 }])).toBe(0.92);
    const demand = [{ device_id: 1, device_name: 'T1', window_min: 15, max_kw: 9, max_at: '2026-03-01T02:00:00Z', days: [{ day: '2026-03-01', max_kw: 9, at: '2026-03-01T02:00:00Z' }] }];
    expect(specialExportRows('demand', demand)).toEqual([{ device: 'T1', day: '2026-03-01', max_kw: 9, at: new Date('2026-03-01T02:00:00Z') }]);
    const t = (k: string) => k;
    expect(specialExportColumns('load-rate', t).map((c) => c.key)).toContain('band_hours.economic');
  });
});

describe('door events', () => {
  const doors = doorPoints(rooms);
  it('finds door points with their state', () => {
    expect(doors).toEqual([{ deviceId: 12, deviceName: 'Env', roomName: 'Room 1', pointId: 120, value: 1, ts: null, quality: 'fresh' }]);
  });
  it('an event of a door point, or a pointless door-device event about the door', () => {
    expect(isDoorEvent({ point_id: 120, device_id: 12, message: 'x' }, doors)).toBe(true);
    expect(isDoorEvent({ point_id: 121, device_id: 12, message: 'Room temperature' }, doors)).toBe(false);
    expect(isDoorEvent({ point_id: null, device_id: 12, message: '配电室门已打开' }, doors)).toBe(true);
    expect(isDoorEvent({ point_id: null, device_id: 10, message: 'door' }, doors)).toBe(false);
  });
});
