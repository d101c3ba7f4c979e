import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { DeviceKind } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { tariffRepository } from '../modules/metering/tariffRepository.js';
import type { DemoStation } from './demoData.js';
import { demoTariffVersions } from './demoTariffs.js';
import { ROLLUP_COLUMNS, seedStationHistory, type HistoryNode, type StationHistoryJob } from './demoEnergyHistory.js';
import { historyEnergies } from './historyEnergies.js';
import { bulkRows } from './bulkRows.js';
import { counterHours } from './counterHours.js';
import { plannedPowerTree } from './demoMeterTree.js';

/**
 * The energy side of the demo (docs/energy-model.md, "Demo data"): a complete metering tree per station built
 * from its devices, its loops and tariff, and the counter history the statistics need.
 *
 * Power tree: wired as the station is (demoMeterTree.ts): 10 kV incomer (grid) → transformers → feeders; EV
 * chargers under the charging feeder, PV inverters under their PV feeder, the PCS (charge and discharge as
 * two nodes) on the bus of its transformer. Water, gas and heat: the main meter of each as the incoming node.
 */
interface DevicePoint {
  device_id: number;
  sn: string;
  kind: string;
  name: string;
  name_en: string;
  parent_id: number | null;
  props: Record<string, unknown>;
  point_id: number;
  key: string;
}

export interface SeedEnergyOptions {
  /** Days of counter history; 0 writes only the trees and tariffs (most integration tests). */
  historyDays: number;
  now?: number;
  /** The fraction of the stations' history written so far (0..1), during the long part of the demo seed. */
  onProgress?: (fraction: number) => void;
  /** The embedded database behind `trx`, when it is PGlite: the history is bulk-loaded with its COPY. */
  pglite?: PGlite | undefined;
}

export async function seedDemoEnergy(
  trx: Db,
  stations: DemoStation[],
  projectIds: Map<string, number>,
  opts: SeedEnergyOptions,
) {
  const now = opts.now ?? Date.now();
  // Made before the first station: each loader checks once that its table is empty (COPY has no ON CONFLICT).
  const out =
    opts.historyDays > 0
      ? {
          hourly: await counterHours(trx),
          daily: await bulkRows(trx, opts.pglite, 'rollup_daily', ROLLUP_COLUMNS),
        }
      : null;
  const jobs: StationHistoryJob[] = [];
  for (const st of stations) {
    const projectId = projectIds.get(st.code)!;
    const rows = (await trx
      .selectFrom('devices as d')
      .innerJoin('device_points as dp', 'dp.device_id', 'd.id')
      .select([
        'd.id as device_id',
        'd.sn',
        'd.kind',
        'd.name',
        'd.name_en',
        'd.parent_id',
        'd.props',
        'dp.id as point_id',
        'dp.key',
      ])
      .where('d.project_id', '=', projectId)
      .orderBy('d.sort')
      .execute()) as DevicePoint[];
    const point = (sn: string, key: string) => rows.find((r) => r.sn === sn && r.key === key);
    const devices = [...new Map(rows.map((r) => [r.sn, r])).values()];
    const history: HistoryNode[] = [];
    let sort = 0;

    const add = async (
      energy: string,
      parent: number | null,
      type: string,
      dev: DevicePoint,
      key: string,
      powerKey: string | null,
      name = dev.name,
      nameEn = dev.name_en,
    ) => {
      const p = point(dev.sn, key)!;
      const pp = powerKey ? point(dev.sn, powerKey) : undefined;
      const id = (
        await trx
          .insertInto('meter_nodes')
          .values({
            project_id: projectId,
            energy_type: energy,
            parent_id: parent,
            node_type: type,
            name,
            name_en: nameEn,
            point_id: p.point_id,
            power_point_id: pp?.point_id ?? null,
            sort: sort++,
            layout_x: null,
            layout_y: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const props = Object.fromEntries(
        Object.entries(dev.props).filter((e): e is [string, number] => typeof e[1] === 'number'),
      );
      history.push({
        id,
        parent_id: parent,
        node_type: type,
        point_id: p.point_id,
        point_key: key,
        device_kind: dev.kind,
        device_sn: dev.sn,
        props,
      });
      return id;
    };

    const bySnOfId = new Map(devices.map((d) => [d.device_id, d.sn]));
    const parentSn = (d: DevicePoint) => (d.parent_id === null ? undefined : bySnOfId.get(d.parent_id));
    const nodeOfKey = new Map<string, number>();
    const loopNodes: number[] = [];
    for (const planned of plannedPowerTree(devices.map((d) => ({ sn: d.sn, kind: d.kind, parent_sn: parentSn(d) })))) {
      const dev = devices.find((d) => d.sn === planned.device_sn)!;
      const side = planned.node_type === 'storage_charge' ? ['充电', 'charge'] : planned.node_type === 'storage_discharge' ? ['放电', 'discharge'] : null;
      const id = await add(
        'power',
        planned.parent === null ? null : nodeOfKey.get(planned.parent)!,
        planned.node_type,
        dev,
        planned.point_key,
        planned.power_key,
        side ? `${dev.name} ${side[0]}` : dev.name,
        side ? `${dev.name_en} ${side[1]}` : dev.name_en,
      );
      nodeOfKey.set(planned.key, id);
      if (planned.node_type !== 'load') loopNodes.push(id);
    }
    for (const [kind, energy, key, power] of [
      ['water_meter', 'water', 'EW', 'flow'],
      ['gas_meter', 'gas', 'EG', 'flow'],
      ['heat_meter', 'heat', 'EH', 'power'],
    ] as const) {
      for (const m of devices.filter((d) => d.kind === kind)) await add(energy, null, 'grid', m, key, power);
    }
    if (loopNodes.length > 1) {
      await trx
        .insertInto('energy_loops')
        .values({
          project_id: projectId,
          name: `${st.name} 源网荷储充回路`,
          name_en: `${st.name_en} source-grid-load-storage-charging loop`,
          node_ids: loopNodes,
        })
        .execute();
    }

    for (const t of demoTariffVersions(st.code, st.capacity_kva)) await tariffRepository.insert(trx, projectId, t);
    // The grid meters' reactive energy counters (EQ) get history too, so last month's bill has its power factor
    // from kWh and kvarh (docs/energy-model.md, "Billing"); they hang on no metering node.
    for (const h of history.filter((x) => x.node_type === 'grid' && x.point_key === 'EP')) {
      const eq = point(h.device_sn!, 'EQ');
      if (eq) history.push({ ...h, id: -eq.point_id, parent_id: null, node_type: 'reactive', point_id: eq.point_id, point_key: 'EQ' });
    }
    const siteDevices = devices.map((d) => ({
      sn: d.sn,
      kind: d.kind as DeviceKind,
      props: Object.fromEntries(Object.entries(d.props).filter((e): e is [string, number] => typeof e[1] === 'number')),
      parent_sn: parentSn(d),
    }));
    jobs.push({ nodes: history, devices: siteDevices, station: st, now, days: opts.historyDays });
  }
  if (out) {
    // The trees of every station first, then their histories: the model runs one station ahead of the writes.
    const energies = historyEnergies(jobs);
    for (const [i, job] of jobs.entries()) {
      const progress = opts.onProgress;
      // A tenth of a station's share for its model run (when it runs here), the rest for its rows.
      const part = (from: number, span: number) => progress && ((f: number) => progress((i + from + span * f) / jobs.length));
      const energy = await energies[i]!(part(0, 0.1));
      await seedStationHistory(trx, out, job, energy, part(0.1, 0.9));
    }
  }
  // Fresh statistics after the bulk load, or the planner takes the rollups for empty and picks nested loops.
  if (opts.historyDays > 0) await sql`ANALYZE rollup_hourly, rollup_daily`.execute(trx);
}
