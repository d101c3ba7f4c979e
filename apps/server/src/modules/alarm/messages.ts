import type { PointMeta } from '../telemetry/registry.js';

export interface RuleText {
  kind: 'high' | 'low' | 'rate' | 'digital';
  name: string;
  name_en: string;
  threshold: number;
}

const fmt = (v: number, precision: number) => Number(v.toFixed(Math.max(0, Math.min(6, precision)))).toString();

/** The zh and en sentences of a raised alarm, and the short text spoken by the voice alarm. */
export function alarmText(rule: RuleText, meta: PointMeta, value: number): { zh: string; en: string; audio: string } {
  const unitZh = meta.unit;
  const unitEn = meta.unit ? ` ${meta.unit}` : '';
  if (rule.kind === 'digital') {
    return {
      zh: `${meta.deviceName} ${rule.name}`,
      en: `${meta.deviceNameEn || meta.deviceName}: ${rule.name_en || rule.name}`,
      audio: `${meta.projectName}，${meta.deviceName}，${rule.name}`,
    };
  }
  const v = fmt(value, meta.precision);
  const limit = fmt(rule.threshold, meta.precision);
  const rate = rule.kind === 'rate' ? '/min' : '';
  return {
    zh: `${meta.deviceName} ${rule.name} ${v}${unitZh}（限值 ${limit}${unitZh}${rate}）`,
    en: `${meta.deviceNameEn || meta.deviceName}: ${rule.name_en || rule.name} ${v}${unitEn} (limit ${limit}${unitEn}${rate})`,
    audio: `${meta.projectName}，${meta.deviceName}，${rule.name}`,
  };
}
