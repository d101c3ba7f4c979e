import { transformerLoadPct, type DistributionOverview, type Lang, type RealtimeResponse } from '@gridops/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { counterDeltas } from '../history/formulas.js';
import { siteDate, siteDayStart } from '@gridops/format';
import { siteZone } from '../org/siteZone.js';
import { createDiagramService } from './diagramService.js';
import { intervalOf, qualityOf } from './quality.js';
import { distributionRepository as repo, type PointRow } from './repository.js';
import { pickLang } from '../../lib/lang.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** The site's local midnight of today and of the first of this month, as instants. */
function localStarts(now: Date, zone: string) {
  const day = siteDate(zone, now);
  return { today: siteDayStart(day, zone), month: siteDayStart(`${day.slice(0, 8)}01`, zone) };
}

export function createDistributionService(db: Db, access: AccessService, config: AppConfig, audit: AuditService) {
  const diagrams = createDiagramService(db, access, audit, config);
  // Max demand of a month's finished days does not change: computed once per point and day, not per poll.
  const pastDemand = new Map<string, { kw: number; at: Date } | null>();

  async function monthDemand(pointIds: number[], now: Date, zone: string) {
    const { today, month } = localStarts(now, zone);
    const todayRows = new Map((await repo.maxDemand(db, pointIds, today, now)).map((r) => [r.point_id, r]));
    const result = new Map<number, { today: { kw: number; at: Date } | null; month: { kw: number; at: Date } | null }>();
    const missing = pointIds.filter((id) => !pastDemand.has(`${id}/${today.toISOString()}`));
    if (missing.length && today > month) {
      const past = new Map((await repo.maxDemand(db, missing, month, today)).map((r) => [r.point_id, r]));
      if (pastDemand.size > 10_000) pastDemand.clear();
      for (const id of missing) {
        const r = past.get(id);
        pastDemand.set(`${id}/${today.toISOString()}`, r ? { kw: r.kw, at: r.w } : null);
      }
    }
    for (const id of pointIds) {
      const t = todayRows.get(id);
      const td = t ? { kw: t.kw, at: t.w } : null;
      const p = pastDemand.get(`${id}/${today.toISOString()}`) ?? null;
      result.set(id, { today: td, month: !p ? td : !td || p.kw >= td.kw ? p : td });
    }
    return result;
  }

  return {
    diagrams,

    async overview(user: AuthUser, projectId: number, lang: Lang, now = new Date()): Promise<DistributionOverview> {
      await access.assertProject(user, projectId);
      const [rooms, devices, gateways, alarms] = await Promise.all([repo.rooms(db, projectId), repo.devices(db, projectId), repo.gateways(db, projectId), repo.alarmCounts(db, projectId)]);
      const watched = devices.filter((d) => d.kind === 'transformer' || d.kind === 'env_sensor');
      const points = await repo.pointsWithLatest(db, watched.map((d) => d.id));
      const byDevice = new Map<number, Map<string, PointRow>>();
      for (const p of points) byDevice.set(p.device_id, (byDevice.get(p.device_id) ?? new Map()).set(p.key, p));
      const transformers = devices.filter((d) => d.kind === 'transformer');
      const ep = transformers.map((t) => byDevice.get(t.id)?.get('EP')?.id).filter((x): x is number => x !== undefined);
      const pp = transformers.map((t) => byDevice.get(t.id)?.get('P')?.id).filter((x): x is number => x !== undefined);
      const zone = await siteZone(db, projectId);
      const { today, month } = localStarts(now, zone);
      const [energy, demand] = await Promise.all([repo.counterDays(db, ep, month), monthDemand(pp, now, zone)]);
      const t = now.getTime();
      const by_level = { 1: 0, 2: 0, 3: 0, 4: 0 };
      for (const a of alarms) if (a.level >= 1 && a.level <= 4) by_level[a.level as 1 | 2 | 3 | 4] = a.active;

      return {
        project_id: projectId,
        generated_at: now.toISOString(),
        rooms: rooms.map((r) => {
          const env = devices.find((d) => d.room_id === r.id && d.kind === 'env_sensor');
          const v = env ? (byDevice.get(env.id) ?? new Map<string, PointRow>()) : null;
          const ts = v?.get('temp')?.ts ?? null;
          return {
            id: r.id,
            name: pickLang(lang, r.name, r.name_en),
            kind: r.kind,
            device_count: devices.filter((d) => d.room_id === r.id).length,
            environment:
              env && v
                ? {
                    device_id: env.id,
                    temp: v.get('temp')?.value ?? null,
                    humidity: v.get('humidity')?.value ?? null,
                    water: v.get('water')?.value ?? null,
                    smoke: v.get('smoke')?.value ?? null,
                    door: v.get('door')?.value ?? null,
                    ts: iso(ts),
                    quality: qualityOf(ts, t, intervalOf(env.props, config.simulatorIntervalMs), env.gateway_online),
                  }
                : null,
          };
        }),
        transformers: transformers.map((tr) => {
          const v = byDevice.get(tr.id) ?? new Map<string, PointRow>();
          const epId = v.get('EP')?.id;
          const days = energy.rows.filter((r) => r.point_id === epId);
          const deltas = counterDeltas(days, epId === undefined ? null : (energy.before.get(epId) ?? null));
          const todayIdx = days.findIndex((r) => r.bucket.getTime() === today.getTime());
          const d = demand.get(v.get('P')?.id ?? -1);
          const ts = v.get('P')?.ts ?? null;
          return {
            device_id: tr.id,
            room_id: tr.room_id,
            name: pickLang(lang, tr.name, tr.name_en),
            rated_kva: num(tr.props.rated_kva),
            // S / kVA from the P and PF shown beside the gauge (contract derived.ts), so the card agrees with
            // itself; the gateway's own load_rate only when P or PF is missing.
            load_rate: transformerLoadPct(v.get('P')?.value ?? null, v.get('PF')?.value ?? null, num(tr.props.rated_kva)) ?? v.get('load_rate')?.value ?? null,
            p_kw: v.get('P')?.value ?? null,
            pf: v.get('PF')?.value ?? null,
            ts: iso(ts),
            quality: qualityOf(ts, t, intervalOf(tr.props, config.simulatorIntervalMs), tr.gateway_online),
            energy_today_kwh: todayIdx >= 0 ? deltas[todayIdx]! : null,
            energy_month_kwh: days.length ? deltas.reduce((s, x) => s + x, 0) : null,
            max_demand_today: d?.today ? { value: d.today.kw, at: d.today.at.toISOString() } : null,
            max_demand_month: d?.month ? { value: d.month.kw, at: d.month.at.toISOString() } : null,
          };
        }),
        alarms: { active: alarms.reduce((s, a) => s + a.active, 0), pending: alarms.reduce((s, a) => s + a.pending, 0), by_level },
        gateways: gateways.map((g) => ({ id: g.id, sn: g.sn, name: pickLang(lang, g.name, g.name_en), online: g.online, last_seen_at: iso(g.last_seen_at), heartbeat_s: g.heartbeat_s })),
      };
    },

    async realtime(user: AuthUser, q: { project_id: number; room_id?: number | undefined; device_ids?: number[] | undefined }, lang: Lang): Promise<RealtimeResponse> {
      await access.assertProject(user, q.project_id);
      const [rooms, devices] = await Promise.all([repo.rooms(db, q.project_id), repo.devices(db, q.project_id, { roomId: q.room_id, deviceIds: q.device_ids })]);
      const points = await repo.pointsWithLatest(db, devices.map((d) => d.id));
      const now = Date.now();
      const pointsOf = new Map<number, PointRow[]>();
      for (const p of points) pointsOf.set(p.device_id, [...(pointsOf.get(p.device_id) ?? []), p]);
      const tree = [...rooms, { id: 0, name: '未分配', name_en: 'Unassigned', kind: 'other', project_id: q.project_id }]
        .map((r) => ({
          id: r.id,
          name: pickLang(lang, r.name, r.name_en),
          kind: r.kind,
          devices: devices
            .filter((d) => (d.room_id ?? 0) === r.id)
            .map((d) => {
              const interval = intervalOf(d.props, config.simulatorIntervalMs);
              return {
                id: d.id,
                parent_id: d.parent_id,
                sn: d.sn,
                kind: d.kind,
                name: pickLang(lang, d.name, d.name_en),
                gateway_online: d.gateway_online ?? false,
                points: (pointsOf.get(d.id) ?? []).map((p) => ({
                  id: p.id,
                  key: p.key,
                  name: pickLang(lang, p.name, p.name_en),
                  unit: p.unit,
                  kind: p.kind as 'analog' | 'counter' | 'digital',
                  precision: p.precision,
                  value: p.value,
                  ts: iso(p.ts),
                  quality: qualityOf(p.ts, now, interval, d.gateway_online),
                })),
              };
            }),
        }))
        .filter((r) => r.devices.length > 0 || r.id !== 0);
      return { project_id: q.project_id, now: new Date(now).toISOString(), rooms: q.room_id ? tree.filter((r) => r.id === q.room_id) : tree };
    },
  };
}

export type DistributionService = ReturnType<typeof createDistributionService>;
