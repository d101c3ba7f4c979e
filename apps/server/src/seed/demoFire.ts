import { FIRE_LIMITS } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { fireSetsRepository as repo } from '../modules/fire-sets/repository.js';
import { arcRules, loopRules, syncRules } from '../modules/fire-sets/ruleSync.js';

/**
 * The demo's electrical fire sets (docs/electrical-fire.md): a monitoring loop per fire detector with the
 * standards' defaults (300 mA, 70 °C, pre-alarm at 90 %), protecting the first feeder of its transformer —
 * except cabinet 2 of the first site, set tighter at 200 mA residual current — and the
 * arc-fault detector of each room at GB 14287.4's 14 half-cycles per second, standard sensitivity.
 */
export async function seedDemoFire(trx: Db) {
  const devices = await trx.selectFrom('devices').select(['id', 'project_id', 'kind', 'sn', 'parent_id', 'room_id']).where('kind', 'in', ['fire_sensor', 'arc_detector', 'feeder']).orderBy('id').execute();
  const firstProject = devices.find((d) => d.kind === 'fire_sensor')?.project_id;
  for (const d of devices) {
    const feeder = devices.find((f) => f.kind === 'feeder' && f.project_id === d.project_id && f.parent_id === d.parent_id) ?? null;
    const n = d.sn.endsWith('EF2') ? 2 : 1;
    if (d.kind === 'fire_sensor') {
      const tight = d.project_id === firstProject && n === 2;
      const v = {
        residual_ma: tight ? 200 : FIRE_LIMITS.residual_ma.default,
        temp_limits: { T1: FIRE_LIMITS.temperature_c.default, T2: FIRE_LIMITS.temperature_c.default, T3: FIRE_LIMITS.temperature_c.default },
        pre_alarm_pct: FIRE_LIMITS.pre_alarm_pct.default,
      };
      const id = await repo.insertLoop(trx, {
        project_id: d.project_id,
        name: tight ? `${n}#低压柜出线回路（加严）` : `${n}#低压柜出线回路`,
        name_en: tight ? `LV cabinet ${n} outgoing loop (tightened)` : `LV cabinet ${n} outgoing loop`,
        device_id: d.id,
        channel: 1,
        room_id: d.room_id,
        feeder_id: feeder?.id ?? null,
        enabled: true,
        ...v,
      });
      await syncRules(trx, { loopId: id, projectId: d.project_id, deviceId: d.id, deviceKind: 'fire_sensor', enabled: true }, loopRules(v));
    } else if (d.kind === 'arc_detector') {
      const v = { threshold: FIRE_LIMITS.arc_half_cycles.default, sensitivity: 'standard' as const };
      const id = await repo.insertArc(trx, { project_id: d.project_id, name: '照明配电箱回路', name_en: 'Lighting panel circuit', device_id: d.id, feeder_id: feeder?.id ?? null, enabled: true, ...v });
      await syncRules(trx, { arcId: id, projectId: d.project_id, deviceId: d.id, deviceKind: 'arc_detector', enabled: true }, arcRules(v));
    }
  }
}
