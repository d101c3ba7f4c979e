import type { Db } from '../db/database.js';

type Kind = 'high' | 'low' | 'rate' | 'digital';
interface TemplateRule {
  device_kind: string;
  point_key: string;
  kind: Kind;
  threshold: number;
  deadband?: number;
  on_delay_s?: number;
  off_delay_s?: number;
  level: 1 | 2 | 3 | 4;
  event_type: 1 | 2 | 3;
  name: string;
  name_en: string;
}

/**
 * Template rules (per device kind) that ship with the demo: limits an operator of a 10 kV/0.4 kV room,
 * a battery container or a building would set on day one. Deadbands and delays keep them from chattering.
 */
export const templateRules: TemplateRule[] = [
  { device_kind: 'transformer', point_key: 'temp_winding', kind: 'high', threshold: 110, deadband: 5, on_delay_s: 10, level: 2, event_type: 2, name: '绕组温度越上限', name_en: 'Winding temperature above limit' },
  { device_kind: 'transformer', point_key: 'load_rate', kind: 'high', threshold: 90, deadband: 5, on_delay_s: 60, level: 3, event_type: 2, name: '负载率过高', name_en: 'Load rate too high' },
  { device_kind: 'feeder', point_key: 'breaker', kind: 'digital', threshold: 0, level: 3, event_type: 3, name: '断路器分闸', name_en: 'Breaker open' },
  { device_kind: 'incomer', point_key: 'breaker', kind: 'digital', threshold: 0, level: 4, event_type: 3, name: '进线断路器分闸', name_en: 'Incoming breaker open' },
  { device_kind: 'fire_sensor', point_key: 'IR', kind: 'high', threshold: 300, deadband: 20, on_delay_s: 5, level: 2, event_type: 2, name: '剩余电流越限', name_en: 'Residual current above limit' },
  { device_kind: 'fire_sensor', point_key: 'T1', kind: 'high', threshold: 70, deadband: 3, level: 2, event_type: 2, name: 'A相线缆温度越限', name_en: 'Cable temperature A above limit' },
  { device_kind: 'fire_sensor', point_key: 'T2', kind: 'high', threshold: 70, deadband: 3, level: 2, event_type: 2, name: 'B相线缆温度越限', name_en: 'Cable temperature B above limit' },
  { device_kind: 'fire_sensor', point_key: 'T3', kind: 'high', threshold: 70, deadband: 3, level: 2, event_type: 2, name: 'C相线缆温度越限', name_en: 'Cable temperature C above limit' },
  { device_kind: 'fire_sensor', point_key: 'T1', kind: 'rate', threshold: 8, deadband: 2, level: 2, event_type: 2, name: 'A相线缆温升过快', name_en: 'Cable temperature A rising fast' },
  { device_kind: 'fire_sensor', point_key: 'arc', kind: 'digital', threshold: 1, level: 4, event_type: 3, name: '故障电弧', name_en: 'Fault arc detected' },
  // GB 14287.4: 14 or more arc half-cycles within 1 s must alarm. An arc-fault set (ArcFaultSet) overrides this per device.
  { device_kind: 'arc_detector', point_key: 'arc_count', kind: 'high', threshold: 13.5, deadband: 0, level: 4, event_type: 2, name: '故障电弧报警', name_en: 'Arc fault' },
  { device_kind: 'env_sensor', point_key: 'temp', kind: 'high', threshold: 35, deadband: 1, on_delay_s: 30, level: 2, event_type: 2, name: '环境温度越限', name_en: 'Room temperature above limit' },
  { device_kind: 'env_sensor', point_key: 'humidity', kind: 'high', threshold: 85, deadband: 3, on_delay_s: 60, level: 1, event_type: 2, name: '环境湿度越限', name_en: 'Humidity above limit' },
  { device_kind: 'env_sensor', point_key: 'water', kind: 'digital', threshold: 1, level: 3, event_type: 2, name: '水浸告警', name_en: 'Water immersion' },
  { device_kind: 'env_sensor', point_key: 'smoke', kind: 'digital', threshold: 1, level: 4, event_type: 2, name: '烟雾告警', name_en: 'Smoke detected' },
  { device_kind: 'env_sensor', point_key: 'door', kind: 'digital', threshold: 1, off_delay_s: 5, level: 1, event_type: 1, name: '配电室门已打开', name_en: 'Room door opened' },
  { device_kind: 'bms', point_key: 'cell_tmax', kind: 'high', threshold: 45, deadband: 2, on_delay_s: 10, level: 3, event_type: 2, name: '单体最高温度越限', name_en: 'Max cell temperature above limit' },
  { device_kind: 'bms', point_key: 'cell_vmax', kind: 'high', threshold: 3.65, deadband: 0.05, on_delay_s: 5, level: 3, event_type: 3, name: '单体过压', name_en: 'Cell over-voltage' },
  { device_kind: 'bms', point_key: 'SOC', kind: 'low', threshold: 8, deadband: 2, on_delay_s: 30, level: 2, event_type: 2, name: 'SOC过低', name_en: 'State of charge low' },
  { device_kind: 'ev_charger', point_key: 'fault', kind: 'digital', threshold: 1, level: 2, event_type: 3, name: '充电桩故障', name_en: 'Charger fault' },
];

/** Phase-current limits per feeder: 120 % of the current its rating implies at 0.4 kV and PF 0.9. */
async function feederCurrentRules(db: Db) {
  const feeders = await db.selectFrom('devices').select(['id', 'project_id', 'props']).where('kind', '=', 'feeder').execute();
  const rows = feeders.flatMap((f) => {
    const ratedKw = typeof f.props.rated_kw === 'number' ? f.props.rated_kw : 200;
    const limit = Math.round(((ratedKw * 1000) / (3 * 230 * 0.9)) * 1.2);
    return (['Ia', 'Ib', 'Ic'] as const).map((key) => ({
      project_id: f.project_id,
      device_kind: null,
      device_id: f.id,
      point_key: key,
      kind: 'high' as const,
      threshold: limit,
      deadband: Math.round(limit * 0.05),
      on_delay_s: 10,
      off_delay_s: 0,
      level: 3,
      event_type: 2,
      name: `${key.slice(1).toUpperCase()}相电流越限`,
      name_en: `Phase ${key.slice(1).toUpperCase()} over-current`,
    }));
  });
  if (rows.length) await db.insertInto('alarm_rules').values(rows).execute();
}

export async function seedAlarmRules(db: Db): Promise<void> {
  await db
    .insertInto('alarm_rules')
    .values(templateRules.map((r) => ({ project_id: null, device_id: null, deadband: 0, on_delay_s: 0, off_delay_s: 0, ...r })))
    .execute();
  await feederCurrentRules(db);
}
