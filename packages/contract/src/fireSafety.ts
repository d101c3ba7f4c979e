/**
 * Electrical fire monitoring limits (docs/electrical-fire.md), shared by the server's checks and the forms:
 *
 * - GB 14287.2-2014 (residual-current detectors): the alarm value is set within 20–1000 mA. The default 300 mA
 *   follows GB 50116-2013 §9.2.3 (the detector's alarm value "宜为 300 mA～500 mA").
 * - GB 14287.3-2014 (temperature detectors): the alarm value is set within 55–140 °C. The default 70 °C is the
 *   maximum continuous conductor temperature of PVC-insulated cable (GB/T 5023), the usual LV cabinet wiring.
 * - GB 14287.4-2014 (arc-fault detectors): the detector must alarm when the protected circuit sees 14 or more
 *   half-cycles of arcing within 1 s (within 30 s of it). A site may count fewer (more sensitive), never more, so
 *   the threshold is 1–14 half-cycles per second, default 14.
 *
 * Pre-alarm (预警) is a product feature outside the standard: a percentage of each alarm value, 50–95 %.
 */
export const FIRE_LIMITS = {
  residual_ma: { min: 20, max: 1000, default: 300 },
  temperature_c: { min: 55, max: 140, default: 70 },
  pre_alarm_pct: { min: 50, max: 95, default: 90 },
  channel: { min: 1, max: 32, default: 1 },
  arc_half_cycles: { min: 1, max: 14, default: 14 },
} as const;

/** Cable temperature sensors of the fire detector (catalogue points T1–T3, phases A–C). */
export const FIRE_TEMP_KEYS = ['T1', 'T2', 'T3'] as const;
export type FireTempKey = (typeof FIRE_TEMP_KEYS)[number];

/**
 * Arc-fault detector sensitivity: how long (s) the arc count must stay at or over the threshold before the
 * console raises the alarm — the engine's on-delay. All well inside the standard's 30 s.
 */
export const ARC_SENSITIVITIES = ['high', 'standard', 'low'] as const;
export type ArcSensitivity = (typeof ARC_SENSITIVITIES)[number];
export const ARC_ON_DELAY_S: Record<ArcSensitivity, number> = { high: 0, standard: 5, low: 10 };

export interface FireProblem {
  field: string;
  zh: string;
  en: string;
}

function outside(field: string, value: number, range: { min: number; max: number }, what: { zh: string; en: string; unit: string; std: string }): FireProblem | null {
  if (Number.isFinite(value) && value >= range.min && value <= range.max) return null;
  return {
    field,
    zh: `${what.zh}须在 ${range.min}–${range.max} ${what.unit} 之间（${what.std}）`,
    en: `${what.en} must be within ${range.min}–${range.max} ${what.unit} (${what.std})`,
  };
}

/** The first limit of a loop outside the standard's range, naming its field; null when all are within. */
export function fireLoopProblem(v: { channel: number; residual_ma: number; temp_limits: Record<FireTempKey, number>; pre_alarm_pct: number }): FireProblem | null {
  const L = FIRE_LIMITS;
  return (
    outside('channel', v.channel, L.channel, { zh: '探测器通道', en: 'The detector channel', unit: '', std: '1–32' }) ??
    outside('residual_ma', v.residual_ma, L.residual_ma, { zh: '剩余电流报警值', en: 'The residual-current alarm value', unit: 'mA', std: 'GB 14287.2' }) ??
    FIRE_TEMP_KEYS.map((k) => outside(`temp_limits.${k}`, v.temp_limits[k], L.temperature_c, { zh: `${k} 温度报警值`, en: `The ${k} temperature alarm value`, unit: '°C', std: 'GB 14287.3' })).find((p) => p !== null) ??
    outside('pre_alarm_pct', v.pre_alarm_pct, L.pre_alarm_pct, { zh: '预警比例', en: 'The pre-alarm percentage', unit: '%', std: '50–95 %' })
  );
}

/** The arc-fault threshold outside GB 14287.4's reach (at most 14 half-cycles in 1 s), naming the field. */
export function arcDetectorProblem(v: { threshold: number }): FireProblem | null {
  if (!Number.isInteger(v.threshold))
    return { field: 'threshold', zh: '故障电弧阈值须为整数个半周期', en: 'The arc-fault threshold is a whole number of half-cycles' };
  return outside('threshold', v.threshold, FIRE_LIMITS.arc_half_cycles, { zh: '故障电弧阈值', en: 'The arc-fault threshold', unit: '半周期/s', std: 'GB 14287.4' }) === null
    ? null
    : {
        field: 'threshold',
        zh: `故障电弧阈值须在 ${FIRE_LIMITS.arc_half_cycles.min}–${FIRE_LIMITS.arc_half_cycles.max} 个半周期/秒之间（GB 14287.4：1 s 内 14 个及以上半周期须报警）`,
        en: `The arc-fault threshold must be within ${FIRE_LIMITS.arc_half_cycles.min}–${FIRE_LIMITS.arc_half_cycles.max} half-cycles per second (GB 14287.4: 14 or more half-cycles within 1 s must alarm)`,
      };
}

/** The pre-alarm value of an alarm value (rounded to the point's precision: 0 for mA, 1 for °C). */
export const preAlarmOf = (limit: number, pct: number, precision: number) => Math.round(limit * pct * 10 ** (precision - 2)) / 10 ** precision;
