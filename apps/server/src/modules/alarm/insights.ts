import type { AlarmPerformance, AlarmRulePreview, AlarmRulePreviewRequest, SimulatedEvent } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { ruleSpec } from './engine.js';
import { baseKind, type RuleKind } from './evaluate.js';
import { ruleRepository as repo } from './ruleRepository.js';
import { checkFields, fieldsToRow, invalid, type AlarmRuleService } from './ruleService.js';
import { simulate, type SimEvent, type SimSample } from './simulate.js';

const DAY = 86_400_000;
const TEN_MIN = 600_000;
const SERIES_MAX = 600;
/** ISA-18.2: more than 10 alarms in 10 minutes is a flood. */
export const FLOOD_PER_10MIN = 10;
/** Chattering: the same source raising this many times within CHATTER_WINDOW_MS. */
export const CHATTER_RAISES = 3;
export const CHATTER_WINDOW_MS = 60_000;
/** Stale: active longer than this. */
export const STALE_MS = DAY;

const toEvent = (e: SimEvent): SimulatedEvent => ({
  raised_at: new Date(e.raisedAt).toISOString(),
  cleared_at: e.clearedAt === null ? null : new Date(e.clearedAt).toISOString(),
  duration_s: Math.round(e.durationMs / 1000),
  value: e.value,
});

/** The value of a 15-minute rollup a rule of this kind would have seen at worst. */
const rollupValue = (kind: RuleKind, r: { min: number; max: number; last: number }) => {
  const k = baseKind(kind);
  return k === 'high' || k === 'rate' ? r.max : k === 'low' ? r.min : r.last;
};

/** At most `max` points for the chart: per slice the value furthest from the slice's first (keeps spikes). */
export function thinSeries(samples: readonly SimSample[], max = SERIES_MAX): [number, number][] {
  if (samples.length <= max) return samples.map((s) => [s.ts, s.value]);
  const per = Math.ceil(samples.length / max);
  const out: [number, number][] = [];
  for (let i = 0; i < samples.length; i += per) {
    const slice = samples.slice(i, i + per);
    const first = slice[0]!;
    const pick = slice.reduce((a, b) => (Math.abs(b.value - first.value) > Math.abs(a.value - first.value) ? b : a), first);
    out.push([pick.ts, pick.value]);
  }
  return out;
}

export interface PerfEvent {
  rule_id: number | null;
  point_id: number | null;
  raised_at: Date;
  rule_name: string;
  rule_name_en: string;
  device_name: string | null;
  device_name_en: string | null;
}

/** ISA-18.2 alarm-performance figures of a list of raised events (oldest first). Pure. */
export function performanceOf(events: readonly PerfEvent[], from: number, to: number): Omit<AlarmPerformance, 'stale' | 'from' | 'to'> {
  const buckets = new Map<number, number>();
  for (const e of events) {
    const b = Math.floor(e.raised_at.getTime() / TEN_MIN) * TEN_MIN;
    buckets.set(b, (buckets.get(b) ?? 0) + 1);
  }
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0]);
  const floods: AlarmPerformance['floods'] = [];
  for (const [b, n] of sorted) {
    if (n <= FLOOD_PER_10MIN) continue;
    const last = floods.at(-1);
    if (last && new Date(last.end).getTime() === b) {
      last.end = new Date(b + TEN_MIN).toISOString();
      last.count += n;
    } else floods.push({ start: new Date(b).toISOString(), end: new Date(b + TEN_MIN).toISOString(), count: n });
  }
  const ref = (e: PerfEvent) => ({ rule_id: e.rule_id ?? 0, rule_name: e.rule_name, rule_name_en: e.rule_name_en, device_name: e.device_name ?? '', device_name_en: e.device_name_en ?? '' });
  const bySource = new Map<string, { e: PerfEvent; ts: number[] }>();
  for (const e of events) {
    const k = `${e.rule_id}:${e.point_id}`;
    const s = bySource.get(k) ?? { e, ts: [] };
    s.ts.push(e.raised_at.getTime());
    bySource.set(k, s);
  }
  const chattering: AlarmPerformance['chattering'] = [];
  for (const { e, ts } of bySource.values()) {
    let bursts = 0;
    for (let i = 0; i + CHATTER_RAISES - 1 < ts.length; ) {
      if (ts[i + CHATTER_RAISES - 1]! - ts[i]! <= CHATTER_WINDOW_MS) {
        bursts++;
        i += CHATTER_RAISES;
      } else i++;
    }
    if (bursts > 0) chattering.push({ ...ref(e), point_id: e.point_id, bursts, raises: ts.length });
  }
  chattering.sort((a, b) => b.bursts - a.bursts || b.raises - a.raises);
  const byRule = new Map<string, { e: PerfEvent; n: number }>();
  for (const e of events) {
    const k = `${e.rule_id}:${e.device_name ?? ''}`;
    const s = byRule.get(k) ?? { e, n: 0 };
    s.n++;
    byRule.set(k, s);
  }
  const total = events.length;
  const top = [...byRule.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, 10)
    .map(({ e, n }) => ({ ...ref(e), count: n, share: total ? n / total : 0 }));
  const tenMins = Math.max(1, (to - from) / TEN_MIN);
  return {
    total,
    per10min_avg: Math.round((total / tenMins) * 100) / 100,
    per10min_max: sorted.reduce((m, [, n]) => Math.max(m, n), 0),
    buckets: sorted,
    floods,
    chattering: chattering.slice(0, 20),
    top,
  };
}

/** The preview of a draft rule over stored history, and a project's alarm performance (docs/alarm-rules.md). */
export function createAlarmInsightService(db: Db, access: AccessService, rules: AlarmRuleService) {
  return {
    async preview(user: AuthUser, body: AlarmRulePreviewRequest): Promise<AlarmRulePreview> {
      await access.assertCanConfigure(user, body.project_id);
      const now = Date.now();
      const pp = await rules.projectPoints(body.project_id);
      const device = pp.devices.find((d) => d.id === body.device_id);
      if (!device) throw invalid('device_id', '设备不属于本项目', 'The device is not in this project');
      const fields = { ...body, shelved_until: body.shelved_until ?? null, shelve_note: body.shelve_note ?? '' };
      checkFields(fields, device.points, now);
      const point = await repo.point(db, body.device_id, body.point_key);
      if (!point) throw notFound();
      let current = null;
      if (body.rule_id !== null && body.rule_id !== undefined) {
        const r = await repo.rule(db, body.rule_id);
        if (!r || (r.project_id !== null && r.project_id !== body.project_id)) throw invalid('rule_id', '规则不属于本项目', 'The rule is not in this project');
        current = r;
      }
      const days = body.days ?? 7;
      const from = now - days * DAY;
      const raw = await repo.rawHistory(db, point.id, new Date(from), new Date(now));
      const firstRaw = raw[0]?.ts ?? now;
      const roll = await repo.rollupHistory(db, point.id, new Date(from), new Date(firstRaw));
      const samples: SimSample[] = [...roll.map((r) => ({ ts: r.ts, value: rollupValue(body.kind, r) })).filter((s) => s.ts < firstRaw), ...raw];
      const draft = ruleSpec({ ...fieldsToRow(fields, now), shelved_until: null });
      const source = raw.length && roll.length ? 'mixed' : raw.length ? 'raw' : roll.length ? 'rollup' : 'none';
      return {
        from: new Date(from).toISOString(),
        to: new Date(now).toISOString(),
        samples: samples.length,
        source,
        draft: simulate(draft, samples, from, now).map(toEvent),
        current: current ? simulate({ ...ruleSpec(current), shelvedUntil: null }, samples, from, now).map(toEvent) : null,
        series: thinSeries(samples),
        unit: point.unit,
      };
    },

    async performance(user: AuthUser, projectId: number, days: number): Promise<AlarmPerformance> {
      await access.assertCanConfigure(user, projectId);
      const to = Date.now();
      const from = to - days * DAY;
      const [events, stale] = await Promise.all([repo.events(db, projectId, new Date(from), 50_000), repo.staleEvents(db, projectId, new Date(to - STALE_MS))]);
      return {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        ...performanceOf(events, from, to),
        stale: stale.map((e) => ({
          event_id: e.id,
          rule_id: e.rule_id ?? 0,
          rule_name: e.rule_name,
          rule_name_en: e.rule_name_en,
          device_name: e.device_name ?? '',
          device_name_en: e.device_name_en ?? '',
          raised_at: e.raised_at.toISOString(),
          hours: Math.round(((to - e.raised_at.getTime()) / 3_600_000) * 10) / 10,
        })),
      };
    },
  };
}
