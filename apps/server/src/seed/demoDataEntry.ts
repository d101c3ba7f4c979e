import { MANUAL_UNITS, type ManualEnergyType } from '@gridops/contract';
import { formatInZone, zonedInstant } from '@gridops/format';
import type { Db } from '../db/database.js';
import { counterSamples } from '../modules/data-entry/interpolate.js';
import { dataEntryRepository as repo } from '../modules/data-entry/repository.js';

const DAY = 86_400_000;

interface DemoManualMeter {
  code: string;
  energy_type: ManualEnergyType;
  name: string;
  name_en: string;
  start: number;
  /** Mean use per day in the reading unit. */
  perDay: number;
  /** The reading (counted from the oldest, 0-based) at which the meter was replaced by a new one starting at 0. */
  replacedAt?: number;
}

/**
 * Manual meters of the demo (docs/data-entry.md): the Suzhou station's water and canteen gas are read by hand
 * every Monday at 09:00 site time for about four months (the water meter was replaced in between), so the data
 * entry page, and the water and gas rows of integrated energy, have content on a fresh start.
 */
const METERS: DemoManualMeter[] = [
  { code: 'SZIP', energy_type: 'water', name: '站区自来水表', name_en: 'Station mains water meter', start: 1523.4, perDay: 3.6, replacedAt: 9 },
  { code: 'SZIP', energy_type: 'gas', name: '食堂燃气表', name_en: 'Canteen gas meter', start: 8841.2, perDay: 11.5 },
];
const WEEKS = 17;

/** Deterministic weekly variation (±25 %) so the consumption bars are not all equal. */
const wobble = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return 0.75 + 0.5 * (x - Math.floor(x));
};
const weekday = (at: number, zone: string) => new Date(`${formatInZone(at, zone, 'YYYY-MM-DD')}T00:00:00Z`).getUTCDay();

export async function seedDemoDataEntry(trx: Db, projectIds: Map<string, number>, now = Date.now()) {
  const site = await trx.selectFrom('users').select('id').where('username', '=', 'site').executeTakeFirst();
  for (const [k, m] of METERS.entries()) {
    const projectId = projectIds.get(m.code);
    if (projectId === undefined) continue;
    const zone = await repo.projectZone(trx, projectId);
    const id = await repo.insertMeter(trx, { project_id: projectId, energy_type: m.energy_type, name: m.name, name_en: m.name_en, unit: MANUAL_UNITS[m.energy_type], multiplier: 1, room_id: null }, 0);
    // Mondays 09:00 site time, the latest at least a day ago.
    const today = formatInZone(now - DAY, zone, 'YYYY-MM-DD').split('-').map(Number) as [number, number, number];
    let last = zonedInstant(zone, today[0], today[1], today[2], 9, 0);
    while (weekday(last, zone) !== 1) last -= DAY;
    let value = m.start;
    const points: { at: number; value: number; replacement: boolean; old_final_value: number | null }[] = [];
    for (let i = 0; i <= WEEKS; i++) {
      const at = last - (WEEKS - i) * 7 * DAY;
      if (i > 0) value = Math.round((value + m.perDay * 7 * wobble(i, k)) * 10) / 10;
      if (m.replacedAt === i) {
        // The old meter read `value` when it came off; the new one starts at 0 and has run 2 hours' worth since.
        const fresh = Math.round(m.perDay * 0.1 * 10) / 10;
        points.push({ at, value: fresh, replacement: true, old_final_value: value });
        value = fresh;
      } else points.push({ at, value, replacement: false, old_final_value: null });
    }
    for (const p of points) {
      await repo.insertReading(trx, id, { read_at: new Date(p.at), value: p.value, replacement: p.replacement, old_final_value: p.old_final_value, note: '' }, null, site?.id ?? null);
    }
    const meter = (await repo.meter(trx, id))!;
    await repo.replaceRollups(trx, meter.point_id!, counterSamples(points, 1), zone);
  }
}
