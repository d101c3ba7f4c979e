import { describe, expect, it } from 'vitest';
import { ErrorCode, type TariffMonth } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AppError } from '../../lib/errors.js';
import { fakeAccess, testUser, untouchable } from '../../test-support/fakeAccess.js';
import type { MeteringRepository, NodeRow } from './repository.js';
import { createMeteringService } from './service.js';
import type { TariffRepository } from './tariffRepository.js';
import { memoryTariffs } from '../../test-support/memoryTariffs.js';

// The repositories are injected, so the configuration rules run here without a database.
const noDb = {} as Db;

const months = (periods: TariffMonth['periods']): TariffMonth[] =>
  Array.from({ length: 12 }, (_, i) => ({ month: i + 1, periods, prices: { valley: 0.3, flat: 0.6, peak: 1 } }));

const row = (id: number, project_id: number, parent_id: number | null, energy_type = 'power'): NodeRow => ({
  id,
  project_id,
  energy_type,
  parent_id,
  node_type: 'load',
  name: `n${id}`,
  name_en: `n${id}`,
  point_id: null,
  power_point_id: null,
  sort: 0,
  layout_x: null,
  layout_y: null,
  device_id: null,
  device_name: null,
  point_key: null,
  unit: null,
});

describe('tariff rules (metering service, fake tariff repository)', () => {
  it('stores a tariff covering the day, with its band prices, and reads it back in the API form', async () => {
    const tariffs = memoryTariffs();
    const svc = createMeteringService(noDb, fakeAccess([5]), untouchable<MeteringRepository>(), tariffs.repo);
    const sent = months([
      { band: 'valley', start: '22:00', end: '06:00' },
      { band: 'flat', start: '06:00', end: '08:30' },
      { band: 'peak', start: '08:30', end: '22:00' },
    ]);
    const back = await svc.setTariff(testUser(), 5, sent);
    // Read back with the periods in the order of their start.
    expect(back.months).toHaveLength(12);
    expect(back.months[0]).toEqual({
      month: 1,
      periods: [
        { band: 'flat', start: '06:00', end: '08:30' },
        { band: 'peak', start: '08:30', end: '22:00' },
        { band: 'valley', start: '22:00', end: '06:00' },
      ],
      prices: { valley: 0.3, flat: 0.6, peak: 1 },
    });
    // Stored in minutes of the local day; the period across midnight keeps its end before its start.
    const jan = tariffs.stored.get(5)!.periods.filter((p) => p.month === 1);
    expect(jan).toEqual([
      { month: 1, band: 'valley', start_min: 1320, end_min: 360 },
      { month: 1, band: 'flat', start_min: 360, end_min: 510 },
      { month: 1, band: 'peak', start_min: 510, end_min: 1320 },
    ]);
    expect(tariffs.stored.get(5)!.prices.filter((p) => p.month === 1)).toEqual([
      { month: 1, band: 'peak', price: 1 },
      { month: 1, band: 'flat', price: 0.6 },
      { month: 1, band: 'valley', price: 0.3 },
    ]);
  });

  it('refuses an overlapping or incomplete day with 10006 naming the field, and writes nothing', async () => {
    const tariffs = memoryTariffs();
    const svc = createMeteringService(noDb, fakeAccess([5]), untouchable<MeteringRepository>(), tariffs.repo);
    const overlap = months([
      { band: 'valley', start: '00:00', end: '09:00' },
      { band: 'peak', start: '08:00', end: '24:00' },
    ]);
    const err = (await svc.setTariff(testUser(), 5, overlap).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe(ErrorCode.Validation);
    expect(err.field).toBe('months[0].periods[1]');
    const gap = months([{ band: 'peak', start: '08:00', end: '20:00' }]);
    expect(((await svc.setTariff(testUser(), 5, gap).catch((e: unknown) => e)) as AppError).field).toBe('months[0].periods');
    expect(tariffs.writes).toEqual([]);
  });

  it('refuses a user without the configuration permission before reading or writing anything', async () => {
    const svc = createMeteringService(noDb, fakeAccess([5]), untouchable<MeteringRepository>(), untouchable<TariffRepository>());
    const err = (await svc.setTariff(testUser(false), 5, months([{ band: 'flat', start: '00:00', end: '24:00' }])).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe(ErrorCode.Forbidden);
    expect(((await svc.tariff(testUser(), 6).catch((e: unknown) => e)) as AppError).code).toBe(ErrorCode.Forbidden);
  });
});

describe('metering tree rules (metering service, fake repository)', () => {
  // Project 5's power tree: 1 → 2 → 3; node 9 belongs to project 6; node 4 is in project 5's water tree.
  const rows = [row(1, 5, null), row(2, 5, 1), row(3, 5, 2), row(9, 6, null), row(4, 5, null, 'water')];
  const updates: number[] = [];
  const repo: Partial<MeteringRepository> = {
    nodes: (_db, projectId, energyType) =>
      Promise.resolve(rows.filter((r) => r.project_id === projectId && (!energyType || r.energy_type === energyType))),
    nodeById: (_db, id) => {
      const r = rows.find((x) => x.id === id);
      return Promise.resolve(r && { ...r, created_at: new Date(0) });
    },
    updateNode: (_db, id) => {
      updates.push(id);
      return Promise.resolve([]);
    },
  };
  const svc = createMeteringService(noDb, fakeAccess([5]), repo as MeteringRepository, untouchable<TariffRepository>());
  const fieldOf = async (p: Promise<unknown>) => {
    const e = (await p.catch((x: unknown) => x)) as AppError;
    return [e.code, e.field];
  };

  it('refuses a parent below the node (a cycle), in another project or in another tree, naming parent_id', async () => {
    expect(await fieldOf(svc.updateNode(testUser(), 1, { parent_id: 3 }))).toEqual([ErrorCode.Validation, 'parent_id']);
    expect(await fieldOf(svc.updateNode(testUser(), 2, { parent_id: 9 }))).toEqual([ErrorCode.Validation, 'parent_id']);
    expect(await fieldOf(svc.updateNode(testUser(), 2, { parent_id: 4 }))).toEqual([ErrorCode.Validation, 'parent_id']);
    expect(updates).toEqual([]);
  });

  it('refuses a node of a project outside the scope with 10004', async () => {
    expect(await fieldOf(svc.updateNode(testUser(), 9, { name: 'x' }))).toEqual([ErrorCode.Forbidden, undefined]);
  });

  it('moves a node under a valid parent', async () => {
    const moved = await svc.updateNode(testUser(), 3, { parent_id: 1 });
    expect(updates).toEqual([3]);
    expect(moved.id).toBe(3);
  });
});
