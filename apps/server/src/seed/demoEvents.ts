import { digitalStateName, eventMessage, type EventMessage } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { eventTextColumns } from '../modules/event/repository.js';

/** How far back the demo's closed events reach: last month's report and the alarm statistics need history. */
export const PAST_EVENT_DAYS = 62;

/** What a seeded event measured: the point (by key) and its value against the limit, or a digital change. */
interface SeedReading {
  point: string;
  kind: 'high' | 'digital';
  value: number;
  limit?: number;
  from?: number;
}

interface SeedEvent {
  code: string;
  sn: string;
  type: 1 | 2 | 3;
  level: 1 | 2 | 3 | 4;
  zh: string;
  en: string;
  reading?: SeedReading;
}

/** A few recent events per site (hours ago, in their state), so the consoles have a pending list from the first login. */
const RECENT: (SeedEvent & { h: number; status: 'pending' | 'acknowledged' | 'handled' | 'closed' })[] = [
  { code: 'SHZJ', sn: 'T1', type: 2, level: 2, zh: '绕组温度越上限', en: 'Winding temperature above limit', h: 3, status: 'pending', reading: { point: 'temp_winding', kind: 'high', value: 112.4, limit: 110 } },
  { code: 'SHZJ', sn: 'F03', type: 3, level: 3, zh: '断路器分闸（非操作）', en: 'Breaker tripped (not commanded)', h: 26, status: 'closed', reading: { point: 'breaker', kind: 'digital', value: 0, from: 1 } },
  { code: 'SZIP', sn: 'EV2', type: 3, level: 2, zh: '充电桩故障：通信中断', en: 'Charger fault: communication lost', h: 1.5, status: 'pending' },
  { code: 'SZIP', sn: 'BMS1', type: 2, level: 3, zh: '单体最高温度越限', en: 'Max cell temperature above limit', h: 0.6, status: 'pending', reading: { point: 'cell_tmax', kind: 'high', value: 46.2, limit: 45 } },
  { code: 'SZIP', sn: 'ENV', type: 1, level: 1, zh: '配电室门已打开', en: 'Distribution room door opened', h: 5, status: 'acknowledged', reading: { point: 'door', kind: 'digital', value: 1, from: 0 } },
  { code: 'NJJN', sn: 'EF1', type: 2, level: 2, zh: '剩余电流越限', en: 'Residual current above limit', h: 8, status: 'pending', reading: { point: 'IR', kind: 'high', value: 320, limit: 300 } },
  { code: 'HZBJ', sn: 'F02', type: 2, level: 4, zh: 'A相电流越限', en: 'Phase A current above limit', h: 0.3, status: 'pending', reading: { point: 'Ia', kind: 'high', value: 1980, limit: 1800 } },
  { code: 'HFDC', sn: 'ENV', type: 2, level: 3, zh: '配电室温度越限', en: 'Room temperature above limit', h: 12, status: 'handled', reading: { point: 'temp', kind: 'high', value: 36.5, limit: 35 } },
];

/**
 * What recurs in the weeks before: every site's kinds of event, each every few days at a different hour, all
 * acknowledged, handled and closed, so last month's report, the alarm statistics and the history have content.
 * Deterministic (no randomness), so every fresh demo has the same history.
 */
const RECURRING: (SeedEvent & { everyDays: number })[] = [
  { ...RECENT[0]!, everyDays: 9 },
  { ...RECENT[1]!, everyDays: 13 },
  { code: 'SHZJ', sn: 'ENV', type: 1, level: 1, zh: '配电室门已打开', en: 'Distribution room door opened', everyDays: 3, reading: { point: 'door', kind: 'digital', value: 1, from: 0 } },
  { ...RECENT[2]!, everyDays: 8 },
  { ...RECENT[3]!, everyDays: 6 },
  { ...RECENT[4]!, everyDays: 4 },
  { ...RECENT[5]!, everyDays: 7 },
  { code: 'NJJN', sn: 'ENV', type: 2, level: 3, zh: '配电室温度越限', en: 'Room temperature above limit', everyDays: 11, reading: { point: 'temp', kind: 'high', value: 35.8, limit: 35 } },
  { ...RECENT[6]!, everyDays: 5 },
  { code: 'HZBJ', sn: 'ENV', type: 1, level: 1, zh: '配电室门已打开', en: 'Distribution room door opened', everyDays: 4, reading: { point: 'door', kind: 'digital', value: 1, from: 0 } },
  { ...RECENT[7]!, everyDays: 6 },
];

interface Lifecycle {
  status: string;
  raisedAt: Date;
  acknowledgedAt: Date | null;
  handledAt: Date | null;
  closedAt: Date | null;
  by: number | null;
}

async function insertEvent(trx: Db, projectIds: Map<string, number>, titles: Map<number, string>, e: SeedEvent, life: Lifecycle, valueScale = 1) {
  const projectId = projectIds.get(e.code)!;
  const dev = await trx.selectFrom('devices').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).where('sn', '=', e.sn).executeTakeFirstOrThrow();
  const r = e.reading;
  const point = r
    ? await trx.selectFrom('device_points').select(['id', 'unit', 'name', 'name_en', 'precision']).where('device_id', '=', dev.id).where('key', '=', r.point).executeTakeFirst()
    : undefined;
  const value = r ? (r.kind === 'high' ? Math.round(r.value * valueScale * 10) / 10 : r.value) : null;
  // With a reading, `zh`/`en` name the cause and the text is a message key with parameters, as a live event's;
  // without one (a charger's own fault report) the event keeps its finished sentences.
  const names = { device: { zh: dev.name, en: dev.name_en }, cause: { zh: e.zh, en: e.en }, ...(point ? { point: { zh: point.name, en: point.name_en } } : {}) };
  const text: EventMessage | null = !r
    ? null
    : r.kind === 'digital'
      ? eventMessage('alarm.digital', { ...names, from: r.from === undefined ? null : digitalStateName(r.point, r.from), to: digitalStateName(r.point, r.value) })
      : eventMessage('alarm.high', { ...names, value: value ?? r.value, limit: r.limit ?? 0, unit: point?.unit ?? '', precision: Math.min(6, point?.precision ?? 1) });
  await trx
    .insertInto('events')
    .values({
      project_id: projectId,
      device_id: dev.id,
      rule_id: null,
      event_type: e.type,
      level: e.level,
      status: life.status,
      active: false,
      title: titles.get(projectId) ?? '',
      ...(text ? eventTextColumns(text) : { message: `${dev.name} ${e.zh}`, message_en: `${dev.name_en}: ${e.en}` }),
      point_id: point?.id ?? null,
      value,
      limit_value: r?.limit ?? null,
      rule_kind: r?.kind ?? null,
      unit: point?.unit ?? '',
      state_from: r?.from ?? null,
      raised_at: life.raisedAt,
      cleared_at: new Date(life.raisedAt.getTime() + 20 * 60_000),
      acknowledged_at: life.acknowledgedAt,
      acknowledged_by: life.acknowledgedAt ? life.by : null,
      handled_at: life.handledAt,
      handled_by: life.handledAt ? life.by : null,
      closed_at: life.closedAt,
      closed_by: life.closedAt ? life.by : null,
    })
    .execute();
}

/**
 * The demo's event history: the recent events of every site in their states, and (`pastDays` > 0) the closed
 * events of the weeks before. Who acknowledged, handled and closed them is the site's own site user.
 */
export async function seedEventHistory(trx: Db, projectIds: Map<string, number>, { pastDays }: { pastDays: number }): Promise<void> {
  const titles = new Map((await trx.selectFrom('projects').select(['id', 'name']).execute()).map((p) => [p.id, p.name]));
  const siteUsers = await trx
    .selectFrom('user_projects')
    .innerJoin('users', 'users.id', 'user_projects.user_id')
    .select(['user_projects.project_id', 'users.id'])
    .where('users.user_type', '=', 1)
    .orderBy('users.id')
    .execute();
  const handlerOf = (code: string) => siteUsers.find((u) => u.project_id === projectIds.get(code))?.id ?? null;
  const now = Date.now();
  const minutes = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);

  for (const e of RECENT) {
    const raisedAt = new Date(now - e.h * 3600_000);
    const acknowledged = e.status !== 'pending';
    const handled = e.status === 'handled' || e.status === 'closed';
    await insertEvent(trx, projectIds, titles, e, {
      status: e.status,
      raisedAt,
      acknowledgedAt: acknowledged ? minutes(raisedAt, 10) : null,
      handledAt: handled ? minutes(raisedAt, 45) : null,
      closedAt: e.status === 'closed' ? minutes(raisedAt, 60) : null,
      by: handlerOf(e.code),
    });
  }

  const dayStart = new Date(now);
  dayStart.setUTCHours(0, 0, 0, 0);
  for (const [i, e] of RECURRING.entries()) {
    // From two days back, so the recent events above stay the newest.
    for (let day = 2 + (i % e.everyDays); day <= pastDays; day += e.everyDays) {
      const spread = (day * 7 + i * 3) % 11;
      const raisedAt = new Date(dayStart.getTime() - day * 86_400_000 + ((1 + i * 5 + day * 3) % 24) * 3600_000 + spread * 60_000);
      const acknowledgedAt = minutes(raisedAt, 4 + spread * 3);
      const handledAt = minutes(acknowledgedAt, 30 + spread * 17);
      await insertEvent(
        trx,
        projectIds,
        titles,
        e,
        { status: 'closed', raisedAt, acknowledgedAt, handledAt, closedAt: minutes(handledAt, 15), by: handlerOf(e.code) },
        1 + spread / 200,
      );
    }
  }
}
