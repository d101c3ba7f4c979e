import { describe, expect, it } from 'vitest';
import { ErrorCode, type MeterNodeType } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AppError } from '../../lib/errors.js';
import { fakeAccess, testUser, untouchable } from '../../test-support/fakeAccess.js';
import type { NodeRow } from '../metering/repository.js';
import type { TariffRows } from '../metering/tariff.js';
import type { StatisticsRepository } from './repository.js';
import type { ClockEnergy } from './energyCacheRepository.js';
import { versionRow } from '../../test-support/memoryTariffs.js';
import { createStatisticsService } from './service.js';

// The repository is injected, so the statistics rules run here on hand-made energy, without a database.
const noDb = {} as Db;

const node = (id: number, parent_id: number | null, node_type: MeterNodeType, point_id: number | null): NodeRow => ({
  id,
  project_id: 5,
  energy_type: 'power',
  parent_id,
  node_type,
  name: `n${id}`,
  name_en: `n${id}`,
  point_id,
  power_point_id: null,
  sort: id,
  layout_x: null,
  layout_y: null,
  device_id: null,
  device_name: null,
  point_key: null,
  unit: null,
});

// Incomer 1 (point 10) → transformers 2 (point 20) and 3 (point 30); PV 4 (point 40) feeds 3's bus.
const tree = [node(1, null, 'grid', 10), node(2, 1, 'load', 20), node(3, 1, 'load', 30), node(4, 3, 'pv', 40)];

function fakeRepository(opts: {
  dayEnergy?: Record<number, number>;
  rows?: ClockEnergy[];
  tariff?: TariffRows;
}): StatisticsRepository {
  const repo: Partial<StatisticsRepository> = {
    nodes: () => Promise.resolve(tree),
    siteZone: () => Promise.resolve('Asia/Shanghai'),
    // Energy on one local day, 2024-04-10, whatever range is asked.
    pointEnergy: (_db, ids) =>
      Promise.resolve(
        ids.flatMap((id) =>
          opts.dayEnergy?.[id] === undefined ? [] : [{ point_id: id, key: '2024-04-10', energy: opts.dayEnergy[id], resets: 0 }],
        ),
      ),
    firstReadings: () => Promise.resolve(new Map()),
    refreshEnergyCache: () => Promise.resolve(),
    clockEnergy: () => Promise.resolve(opts.rows ?? []),
    clockEnergyUncached: () => Promise.resolve(opts.rows ?? []),
    monthlyDemand: () => Promise.resolve(new Map()),
    monthlyDemandUncached: () => Promise.resolve(new Map()),
    monthlyPowerFactor: () => Promise.resolve(new Map()),
    monthlyReactive: () => Promise.resolve(null),
    monthlyQuarterDemand: () => Promise.resolve(new Map()),
    tariffs: () => Promise.resolve(opts.tariff ? [versionRow(opts.tariff)] : []),
  };
  return repo as StatisticsRepository;
}

describe('loss computation (statistics service, fake repository)', () => {
  it('balances each metered parent: own energy plus source children against the other children', async () => {
    const svc = createStatisticsService(noDb, fakeAccess([5]), fakeRepository({ dayEnergy: { 10: 1000, 20: 600, 30: 380, 40: 200 } }));
    const q = { project_id: 5, energy_type: 'power' as const, period: 'day' as const, date: '2024-04-10' };
    const d = await svc.loss(testUser(), { ...q, threshold_pct: 5 });
    // Incomer: 1000 − (600 + 380) = 20 (2 %). Transformer 3: 380 + 200 PV in, nothing metered out: 580 lost (100 %).
    expect(d.rows.map((r) => [r.node_id, r.level, r.input, r.output, r.loss, r.loss_rate_pct, r.flagged])).toEqual([
      [1, 1, 1000, 980, 20, 2, false],
      [3, 2, 580, 0, 580, 100, true],
    ]);
    expect(d.levels[0]).toEqual({ level: 1, input: 1000, output: 980, loss: 20, loss_rate_pct: 2 });
    const strict = await svc.loss(testUser(), { ...q, threshold_pct: 1 });
    expect(strict.rows.find((r) => r.node_id === 1)!.flagged).toBe(true);
  });

  it("refuses another project's statistics with 10004 before reading anything", async () => {
    const svc = createStatisticsService(noDb, fakeAccess([5]), untouchable<StatisticsRepository>());
    const err = (await svc
      .loss(testUser(), { project_id: 6, energy_type: 'power', period: 'day', threshold_pct: 5 })
      .catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe(ErrorCode.Forbidden);
  });
});

describe('TOU band resolution of the expense (statistics service, fake tariff)', () => {
  // Valley 22:00–06:00 (across midnight), flat 06:00–08:30, peak 08:30–22:00; every month.
  const tariff: TariffRows = {
    periods: Array.from({ length: 12 }, (_, i) => [
      { month: i + 1, band: 'valley' as const, start_min: 1320, end_min: 360 },
      { month: i + 1, band: 'flat' as const, start_min: 360, end_min: 510 },
      { month: i + 1, band: 'peak' as const, start_min: 510, end_min: 1320 },
    ]).flat(),
    prices: Array.from({ length: 12 }, (_, i) => [
      { month: i + 1, band: 'valley', price: 0.3 },
      { month: i + 1, band: 'flat', price: 0.6 },
      { month: i + 1, band: 'peak', price: 1 },
    ]).flat(),
  };
  // Feeder 2 (point 20): 23h 10 kWh (valley), 08h 20 kWh (half flat, half peak), 12h 5 kWh (peak).
  // Segment 1: on or after the tariff's start (2000-01-01).
  const rows: ClockEnergy[] = [
    { point_id: 20, key: '2024-04-10', ym: '2024-04', hour: 23, seg: 1, energy: 10 },
    { point_id: 20, key: '2024-04-10', ym: '2024-04', hour: 8, seg: 1, energy: 20 },
    { point_id: 20, key: '2024-04-10', ym: '2024-04', hour: 12, seg: 1, energy: 5 },
  ];
  // A month of daily buckets: the rows carry the day's key.
  const q = { project_id: 5, period: 'month' as const, date: '2024-04-10', node_ids: [2] };

  it('splits an hour between bands by minutes and prices each share at its band', async () => {
    const svc = createStatisticsService(noDb, fakeAccess([5]), fakeRepository({ rows, tariff }));
    const d = await svc.expense(testUser(), q);
    expect(d.tariff_configured).toBe(true);
    const bands = Object.fromEntries(d.total.bands.map((b) => [b.band, [b.energy, b.cost]]));
    expect(bands).toEqual({ sharp: [0, 0], peak: [15, 15], flat: [10, 6], valley: [10, 3] });
    expect(d.total).toMatchObject({ energy: 35, cost: 24, avg_price: 0.6857 });
    expect(d.nodes).toEqual([expect.objectContaining({ node_id: 2, energy: 35, cost: 24 })]);
    expect(d.periods).toHaveLength(30);
    expect(d.periods.find((x) => x.key === '2024-04-10')).toMatchObject({ energy: 35, cost: 24 });
  });

  it('reports all energy as flat and the cost as unknown (no_tariff), not 0, when the site has no tariff', async () => {
    const svc = createStatisticsService(noDb, fakeAccess([5]), fakeRepository({ rows }));
    const d = await svc.expense(testUser(), q);
    expect(d.tariff_configured).toBe(false);
    expect(d.cost_unknown).toBe('no_tariff');
    expect(d.total).toMatchObject({ energy: 35, cost: null, avg_price: null });
    expect(d.total.bands.find((b) => b.band === 'flat')).toEqual({ band: 'flat', energy: 35, cost: 0 });
  });
});
