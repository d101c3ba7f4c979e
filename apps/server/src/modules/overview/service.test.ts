import { describe, expect, it } from 'vitest';
import { ErrorCode, type MeterNodeType } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AppError } from '../../lib/errors.js';
import { fakeAccess, testUser, untouchable } from '../../test-support/fakeAccess.js';
import type { NodeRow } from '../metering/repository.js';
import { createCarbonService } from './carbonService.js';
import type { OverviewRepository } from './repository.js';
import { createOverviewService } from './service.js';

// The repository is injected, so the live-flow and carbon rules run here on hand-made values, without a database.
const noDb = {} as Db;
const now = new Date('2024-04-10T04:00:00Z');

const node = (id: number, parent_id: number | null, node_type: MeterNodeType, point_id: number | null, power_point_id: number | null): NodeRow => ({
  id,
  project_id: 5,
  energy_type: 'power',
  parent_id,
  node_type,
  name: `n${id}`,
  name_en: `n${id}`,
  point_id,
  power_point_id,
  sort: id,
  layout_x: null,
  layout_y: null,
  device_id: null,
  device_name: null,
  point_key: null,
  unit: null,
});

// Incomer 1 with a load feeder 2 and a PV feeder 3 on its bus (counters 10/20/30, power points 101/102/103).
const tree = [node(1, null, 'grid', 10, 101), node(2, 1, 'load', 20, 102), node(3, 1, 'pv', 30, 103)];
const project = {
  id: 5,
  name: '站',
  name_en: 'Site',
  pv_capacity_kw: 100,
  storage_capacity_kwh: 0,
  area_m2: 1000,
  latitude: 31.3,
  longitude: 120.6,
  timezone: 'Asia/Shanghai',
  energy_types: ['power'],
};

function fakeRepository(latest: Record<number, { value: number; ageS: number }>, monthEnergy: Record<number, Record<string, number>> = {}) {
  const repo: Partial<OverviewRepository> = {
    project: () => Promise.resolve(project),
    nodes: () => Promise.resolve(tree),
    latest: (_db, ids) =>
      Promise.resolve(
        ids.flatMap((id) =>
          latest[id] ? [{ point_id: id, value: latest[id].value, ts: new Date(now.getTime() - latest[id].ageS * 1000) }] : [],
        ),
      ),
    pointEnergy: (_db, ids) =>
      Promise.resolve(
        ids.flatMap((id) => Object.entries(monthEnergy[id] ?? {}).map(([key, energy]) => ({ point_id: id, key, energy, resets: 0 }))),
      ),
    firstReadings: (_db, ids) => Promise.resolve(new Map(ids.map((id) => [id, new Date('2023-01-01T00:00:00+08:00')]))),
    // No breaker, voltage or status signals: energisation follows the power readings alone.
    deviceSignals: () => Promise.resolve([]),
  };
  return repo as OverviewRepository;
}

describe('live flow (overview service, fake repository)', () => {
  it('links the sources and loads of the tree, and sends the unmetered rest of a bus to losses', async () => {
    const svc = createOverviewService(noDb, fakeAccess([5]), fakeRepository({ 101: { value: 100, ageS: 10 }, 102: { value: 110, ageS: 10 }, 103: { value: 20, ageS: 10 } }));
    const flow = await svc.flow(testUser(), 5, now);
    // Bus of the incomer: 100 kW from the grid + 20 kW of PV in, 110 kW to the load: 10 kW lost.
    expect(flow.links).toEqual(
      expect.arrayContaining([
        { source: 'grid', target: 'n1', kw: 100 },
        { source: 'n3', target: 'n1', kw: 20 },
        { source: 'n1', target: 'n2', kw: 110 },
        { source: 'n1', target: 'loss', kw: 10 },
      ]),
    );
    expect(flow.links).toHaveLength(4);
    expect(flow.imbalance_kw).toBe(0);
    expect(flow.at).toBe(new Date(now.getTime() - 10_000).toISOString());
  });

  it('ignores a value older than the staleness limit: the bus then reads as metering imbalance', async () => {
    const svc = createOverviewService(noDb, fakeAccess([5]), fakeRepository({ 101: { value: 100, ageS: 10 }, 102: { value: 110, ageS: 10 }, 103: { value: 20, ageS: 301 } }));
    const flow = await svc.flow(testUser(), 5, now);
    expect(flow.nodes.find((n) => n.node_id === 3)!.kw).toBeNull();
    expect(flow.links.some((l) => l.target === 'loss')).toBe(false);
    expect(flow.imbalance_kw).toBe(10);
  });

  it("refuses another project's live view with 10004 before reading anything", async () => {
    const svc = createOverviewService(noDb, fakeAccess([5]), untouchable<OverviewRepository>());
    expect(((await svc.flow(testUser(), 6, now).catch((e: unknown) => e)) as AppError).code).toBe(ErrorCode.Forbidden);
  });
});

describe('site carbon (carbon service, fake repository)', () => {
  it('counts purchased electricity and credits on-site generation with the grid factor', async () => {
    // March 2024: 1000 kWh imported, 200 kWh of PV; March 2023: 800 kWh imported.
    const repo = fakeRepository({}, { 10: { '2024-03': 1000, '2023-03': 800 }, 30: { '2024-03': 200 } });
    const d = await createCarbonService(noDb, fakeAccess([5]), repo).site(testUser(), 5, 2024, now);
    expect(d.emissions_kg.power).toBe(570.3); // 1000 × 0.5703
    expect(d.avoided_kg).toBe(114.1); // 200 × 0.5703 = 114.06
    expect(d.net_kg).toBe(456.2);
    const march = d.by_month[2]!;
    expect(march).toMatchObject({ month: '2024-03', total_kg: 570.3, yoy_value: 456.2, yoy_pct: 25.01, yoy_reason: null }); // 570.3 / 456.2 on the 0.1 kg figures shown
    // February against an empty January: the base is covered (history since 2023) but zero.
    expect(d.by_month[1]).toMatchObject({ total_kg: 0, mom_pct: null, mom_reason: 'base_zero' });
  });
});
