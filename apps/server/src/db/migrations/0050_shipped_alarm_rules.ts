/**
 * The shipped default alarm rules (docs/alarm-rules.md, "shipped default" layer: project_id null, per device
 * kind) in every install, not only in the demo: an empty install raises an event when a breaker opens, a
 * transformer overheats or a device falls silent, before anyone writes a rule (issue 25 item 4). The list up to
 * the bms/charger rules is what the demo seed shipped until now; rows an install already has (the same kind,
 * point and rule kind in the shipped layer) are not added twice. Sites override any of them per site or device.
 * New: LV phase over/under voltage (230 V ± 10 %, GB/T 12325 allows +7 %/−10 %: the wider band avoids alarms on
 * legal supply) on transformers, feeders and meters — not incomers, which may be 10 kV — and communication loss
 * (no active power reported for 5 minutes) on incomers, transformers, feeders and meters.
 */
export interface ShippedRule {
  device_kind: string;
  point_key: string;
  kind: 'high' | 'low' | 'rate' | 'digital' | 'comm_loss';
  threshold: number;
  deadband?: number;
  on_delay_s?: number;
  off_delay_s?: number;
  level: 1 | 2 | 3 | 4;
  event_type: 1 | 2 | 3;
  name: string;
  name_en: string;
}

const phases = ['a', 'b', 'c'] as const;
const voltageRules = (device_kind: string): ShippedRule[] =>
  phases.flatMap((ph): ShippedRule[] => [
    { device_kind, point_key: `U${ph}`, kind: 'high', threshold: 253, deadband: 3, on_delay_s: 10, level: 2, event_type: 2, name: `${ph.toUpperCase()}相电压过高`, name_en: `Phase ${ph.toUpperCase()} over-voltage` },
    { device_kind, point_key: `U${ph}`, kind: 'low', threshold: 207, deadband: 3, on_delay_s: 10, level: 2, event_type: 2, name: `${ph.toUpperCase()}相电压过低`, name_en: `Phase ${ph.toUpperCase()} under-voltage` },
  ]);
const commLoss = (device_kind: string): ShippedRule => ({ device_kind, point_key: 'P', kind: 'comm_loss', threshold: 300, level: 3, event_type: 3, name: '通信中断', name_en: 'Communication lost' });

export const SHIPPED_ALARM_RULES: readonly ShippedRule[] = [
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
  ...voltageRules('transformer'),
  ...voltageRules('feeder'),
  ...voltageRules('meter'),
  ...['incomer', 'transformer', 'feeder', 'meter'].map(commLoss),
];

const text = (s: string) => `'${s.replaceAll("'", "''")}'`;
const row = (r: ShippedRule) =>
  `(${text(r.device_kind)}, ${text(r.point_key)}, ${text(r.kind)}, ${r.threshold}, ${r.deadband ?? 0}, ${r.on_delay_s ?? 0}, ${r.off_delay_s ?? 0}, ${r.level}, ${r.event_type}, ${text(r.name)}, ${text(r.name_en)})`;

export const name = '0050_shipped_alarm_rules';
export const up = `
INSERT INTO alarm_rules (project_id, device_id, device_kind, point_key, kind, threshold, deadband, on_delay_s, off_delay_s, level, event_type, name, name_en)
SELECT NULL, NULL, v.device_kind, v.point_key, v.kind, v.threshold, v.deadband, v.on_delay_s, v.off_delay_s, v.level, v.event_type, v.name, v.name_en
FROM (VALUES
${SHIPPED_ALARM_RULES.map(row).join(',\n')}
) AS v(device_kind, point_key, kind, threshold, deadband, on_delay_s, off_delay_s, level, event_type, name, name_en)
WHERE NOT EXISTS (
  SELECT 1 FROM alarm_rules r
  WHERE r.project_id IS NULL AND r.device_id IS NULL AND r.device_kind = v.device_kind AND r.point_key = v.point_key AND r.kind = v.kind
);
UPDATE alarm_rule_generation SET gen = gen + 1 WHERE id = 1;
`;
