import type { AlarmRule, AlarmRuleKind } from '@gridops/contract';
import { formatInZone } from '@gridops/format';

type T = (key: string, options?: Record<string, unknown>) => string;
export const LEVELS = ['Ⅰ', 'Ⅱ', 'Ⅲ', 'Ⅳ'] as const;
export const levelLabel = (t: T, level: number) =>
  t('alarmRules.level', { level: LEVELS[level - 1] ?? String(level) });
export const kindLabel = (t: T, kind: AlarmRuleKind) => t(`alarmRules.kind.${kind}`);
export const typeLabel = (t: T, type: number) => t(`alarmRules.eventType.${type}`);
export const siteTime = (iso: string, tz: string) => formatInZone(Date.parse(iso), tz, 'YYYY-MM-DD HH:mm');

/** A duration in seconds as "2 h 5 min" / "45 s". */
export function durationText(s: number, lang: string): string {
  const zh = !lang.startsWith('en');
  if (s < 60) return zh ? `${s} 秒` : `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  if (h === 0) return zh ? `${m} 分钟` : `${m} min`;
  return zh ? `${h} 小时 ${m} 分钟` : `${h} h ${m} min`;
}

/** The limit column: the threshold with its unit, or the alarming state / silence for digital and comm loss. */
export function thresholdText(r: Pick<AlarmRule, 'kind' | 'threshold' | 'unit'>, lang: string): string {
  const zh = !lang.startsWith('en');
  if (r.kind === 'digital') return `= ${r.threshold}`;
  if (r.kind === 'comm_loss') return zh ? `${r.threshold} 秒无数据` : `${r.threshold} s silent`;
  if (r.kind === 'rate') return `${r.threshold} ${r.unit}/min`.trim();
  const sign = r.kind.startsWith('high') ? '>' : '<';
  return `${sign} ${r.threshold}${r.unit ? ` ${r.unit}` : ''}`;
}
