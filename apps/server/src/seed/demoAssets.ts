import type { Db } from '../db/database.js';
import { energyAssetsRepository as repo } from '../modules/energy-assets/repository.js';

/** Numeric device props of the seed (rated_kw, capacity_kwh). */
const num = (props: unknown, key: string) => {
  const v = (props as Record<string, unknown> | null)?.[key];
  return typeof v === 'number' ? v : 0;
};

/**
 * The demo sites' energy-efficiency sets, from their devices: one PV array per inverter (rooftop, 20° tilt,
 * facing south-southwest/south-southeast in turn, design PR 0.80), a storage system per PCS with the nominal
 * strategy the simulator's EMS follows (docs/energy-assets.md), and every charger with its connectors and
 * service fee.
 */
export async function seedDemoAssets(trx: Db) {
  const devices = await trx.selectFrom('devices').select(['id', 'project_id', 'kind', 'sn', 'name', 'name_en', 'props']).where('kind', 'in', ['pv_inverter', 'pcs', 'ev_charger']).orderBy('id').execute();
  let pvIndex = 0;
  let essIndex = 0;
  for (const d of devices) {
    const rated = num(d.props, 'rated_kw');
    if (d.kind === 'pv_inverter') {
      pvIndex++;
      await repo.insert(trx, {
        project_id: d.project_id,
        kind: 'pv',
        name: `${pvIndex}#屋面光伏阵列`,
        name_en: `Rooftop array ${pvIndex}`,
        spec: { capacity_kwp: rated, azimuth_deg: pvIndex % 2 ? 170 : 190, tilt_deg: 20, performance_ratio: 0.8, inverter_ids: [d.id] },
      });
    } else if (d.kind === 'pcs') {
      const power = rated;
      essIndex++;
      await repo.insert(trx, {
        project_id: d.project_id,
        kind: 'ess',
        name: `${essIndex}#储能系统`,
        name_en: `Storage system ${essIndex}`,
        spec: {
          pcs_device_id: d.id,
          capacity_kwh: num(d.props, 'capacity_kwh'),
          power_kw: power,
          soc_min_pct: 10,
          soc_max_pct: 95,
          schedule: [
            { start: '00:00', end: '06:00', mode: 'charge', power_kw: power },
            { start: '08:00', end: '10:00', mode: 'discharge', power_kw: Math.round(power * 0.6) },
            { start: '11:00', end: '14:00', mode: 'charge', power_kw: Math.round(power * 0.5) },
            { start: '17:00', end: '21:00', mode: 'discharge', power_kw: Math.round(power * 0.85) },
          ],
        },
      });
    } else {
      // GB/T 20234: AC points are 7–22 kW; anything larger is a DC charger (two guns from 120 kW).
      const dc = rated > 22;
      await repo.insert(trx, {
        project_id: d.project_id,
        kind: 'charger',
        name: d.name,
        name_en: d.name_en,
        spec: { device_id: d.id, connectors: rated >= 120 ? 2 : 1, connector_type: dc ? 'gbt_dc' : 'gbt_ac', rated_kw: rated, service_fee_yuan_kwh: dc ? 0.8 : 0.6 },
      });
    }
  }
}
