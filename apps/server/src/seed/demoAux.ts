import { deviceCatalog, type AuxKind } from '@gridops/contract';
import type { Db } from '../db/database.js';

/** The auxiliary devices of every demo distribution room (docs/pages/distribution.md, "Auxiliary devices"). */
const AUX: { suffix: string; kind: AuxKind; name: string; name_en: string; props: Record<string, number> }[] = [
  { suffix: 'FAN1', kind: 'fan', name: '1#轴流风机', name_en: 'Exhaust fan 1', props: { rated_kw: 0.75 } },
  { suffix: 'AC1', kind: 'air_conditioner', name: '1#精密空调', name_en: 'Air conditioner 1', props: { rated_kw: 3.5 } },
  { suffix: 'DH1', kind: 'dehumidifier', name: '1#除湿机', name_en: 'Dehumidifier 1', props: { rated_kw: 1.2 } },
  { suffix: 'LT1', kind: 'light', name: '配电室照明', name_en: 'Room lights', props: { rated_kw: 0.4 } },
  { suffix: 'WP1', kind: 'water_pump', name: '电缆沟排水泵', name_en: 'Cable trench drainage pump', props: { rated_kw: 2.2 } },
];

/**
 * Fans, an AC, a dehumidifier, lights and a drainage pump in each distribution room, behind the room's
 * gateway, named after the room's environment sensor serial (ENV → FAN1, AC1, …).
 */
export async function seedDemoAux(trx: Db): Promise<void> {
  const rooms = await trx
    .selectFrom('rooms as r')
    .innerJoin('devices as e', (j) => j.onRef('e.room_id', '=', 'r.id').on('e.kind', '=', 'env_sensor'))
    .select(['r.id', 'r.project_id', 'e.id as env_id', 'e.sn as env_sn', 'e.gateway_id'])
    .where('r.kind', '=', 'distribution')
    .orderBy('r.id')
    .execute();
  for (const room of rooms) {
    const prefix = room.env_sn.replace(/ENV\d*$/, '');
    const ids = new Map<string, number>();
    for (const [i, a] of AUX.entries()) {
      const row = await trx
        .insertInto('devices')
        .values({ project_id: room.project_id, room_id: room.id, gateway_id: room.gateway_id, parent_id: null, sn: `${prefix}${a.suffix}`, kind: a.kind, name: a.name, name_en: a.name_en, props: JSON.stringify(a.props), sort: 900 + i })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(a.suffix, row.id);
      await trx
        .insertInto('device_points')
        .values(deviceCatalog[a.kind].points.map((p, k) => ({ device_id: row.id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind, precision: p.precision, sort: k })))
        .execute();
    }
    await seedRoomRules(trx, room.project_id, room.env_id, ids);
  }
}

/**
 * Two automation rules per room (docs/control-config.md, "Automation"), with thresholds the simulator's room
 * physics crosses now and then: the night's humidity peaks near 68–74 %RH and the dehumidifier (set-point 60 %RH)
 * pulls it back under 63; afternoons warm the room past 27 °C and the fan (speed 2, about −1.6 °C) cools it
 * under 26. Ten minutes minimum on and off keep a cycle slower than the room's 8-minute time constant.
 */
async function seedRoomRules(trx: Db, projectId: number, envId: number, ids: Map<string, number>) {
  const points = await trx.selectFrom('device_points').select(['id', 'key']).where('device_id', '=', envId).where('key', 'in', ['temp', 'humidity']).execute();
  const point = (key: string) => points.find((p) => p.key === key)!.id;
  const common = { project_id: projectId, above: true, min_on_s: 600, min_off_s: 600, window_start: null, window_end: null, enabled: true };
  await trx
    .insertInto('aux_automation_rules')
    .values([
      { ...common, name: '湿度高开除湿机', name_en: 'Dehumidifier on high humidity', device_id: ids.get('DH1')!, point_id: point('humidity'), on_threshold: 68, off_threshold: 63 },
      { ...common, name: '温度高开风机', name_en: 'Fan on high temperature', device_id: ids.get('FAN1')!, point_id: point('temp'), on_threshold: 27, off_threshold: 26 },
    ])
    .execute();
}
