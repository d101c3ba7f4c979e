import { formatInZone } from '@gridops/format';
import type { ReadingPoint } from './interpolate.js';

/**
 * The rules a reading must keep against the meter's other readings (docs/data-entry.md, "Validation"), as
 * { field, zh, en } for a 10006 naming the field; null when it may be saved. The register never decreases:
 * a reading is at least the previous one and at most the next one, unless it records a meter replacement
 * (then the old meter's final reading is at least the previous one and the new start value is free).
 */
export interface Candidate extends ReadingPoint {
  id: number | null;
}
export interface Problem {
  field: string;
  zh: string;
  en: string;
}

/** How far past the server's clock a reading time may be (clocks of phones drift). */
export const FUTURE_SKEW_MS = 60_000;

export function readingProblem(others: readonly Candidate[], c: Candidate, now: number, zone: string): Problem | null {
  const when = (at: number) => formatInZone(at, zone, 'YYYY-MM-DD HH:mm');
  if (c.at > now + FUTURE_SKEW_MS) return { field: 'read_at', zh: '抄表时间不能晚于当前时间', en: 'The reading time cannot be in the future' };
  const rest = others.filter((o) => o.id !== c.id || c.id === null).sort((a, b) => a.at - b.at);
  if (rest.some((o) => o.at === c.at)) return { field: 'read_at', zh: `${when(c.at)} 已有一条读数`, en: `There is already a reading at ${when(c.at)}` };
  const prev = [...rest].reverse().find((o) => o.at < c.at);
  const next = rest.find((o) => o.at > c.at);
  if (c.replacement) {
    if (c.old_final_value === null) return { field: 'old_final_value', zh: '换表须填写旧表的最终读数', en: "A meter replacement needs the old meter's final reading" };
    if (!prev) return { field: 'replacement', zh: '第一条读数不能是换表', en: 'The first reading cannot be a meter replacement' };
    if (c.old_final_value < prev.value) {
      return { field: 'old_final_value', zh: `旧表最终读数不能小于上一次读数 ${prev.value}（${when(prev.at)}）`, en: `The old meter's final reading cannot be below the previous reading ${prev.value} (${when(prev.at)})` };
    }
  } else if (prev && c.value < prev.value) {
    return { field: 'value', zh: `读数不能小于上一次读数 ${prev.value}（${when(prev.at)}）；换表请勾选“换表”`, en: `The reading cannot be below the previous reading ${prev.value} (${when(prev.at)}); for a new meter tick "Meter replacement"` };
  }
  if (next) {
    const nextReads = next.replacement ? next.old_final_value! : next.value;
    if (nextReads < c.value) {
      return { field: 'value', zh: `读数不能大于下一次读数 ${nextReads}（${when(next.at)}）`, en: `The reading cannot be above the next reading ${nextReads} (${when(next.at)})` };
    }
  }
  return null;
}

/**
 * Deleting a reading must leave the others in order: the reading after it is checked against the one before
 * it (deleting a replacement would put the new meter's low readings after the old meter's high ones).
 */
export function deletionProblem(all: readonly Candidate[], id: number, now: number, zone: string): Problem | null {
  const rest = all.filter((o) => o.id !== id).sort((a, b) => a.at - b.at);
  const gone = all.find((o) => o.id === id);
  const next = gone ? rest.find((o) => o.at > gone.at) : undefined;
  if (!next) return null;
  const p = readingProblem(rest, next, now, zone);
  return p ? { field: 'id', zh: `删除后下一条读数（${formatInZone(next.at, zone, 'YYYY-MM-DD HH:mm')}）将不成立：${p.zh}`, en: `Without it the next reading (${formatInZone(next.at, zone, 'YYYY-MM-DD HH:mm')}) would not hold: ${p.en}` } : null;
}
