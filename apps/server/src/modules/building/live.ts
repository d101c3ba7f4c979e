import { buildingSetpointLimits, isBuildingSwitched, type BuildingLive, type EquipmentSchedule, type EquipmentSet, type LiveEquipment } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { categoryBreakdown } from '../overview/categoryBreakdown.js';
import { overviewRepository } from '../overview/repository.js';
import { asStatNodes, seriesOf, type StatNode } from '../statistics/compute.js';
import { round } from '../statistics/counterEnergy.js';
import { resolvePeriod } from '../statistics/periods.js';
import { buildingRepository as repo, type EquipmentRow } from './repository.js';
import { buildingItem } from './service.js';

/**
 * Plant COP = Σ chiller cooling output ÷ Σ electric input of the chillers and the chilled- and condenser-water
 * pumps (kW ÷ kW), docs/smart-building.md. Null while nothing cools (a COP of an idle plant means nothing).
 */
export function plantCop(units: { kind: string | null; role?: unknown; values: Record<string, number | null> }[]) {
  let cooling = 0;
  let electric = 0;
  for (const u of units) {
    const p = u.values.P ?? 0;
    if (u.kind === 'chiller') {
      cooling += u.values.cooling_kw ?? 0;
      electric += p;
    } else if (u.kind === 'hvac_pump' && (u.role === 'chilled' || u.role === 'condenser')) electric += p;
  }
  return { cooling_kw: round(cooling, 1), electric_kw: round(electric, 1), cop: cooling > 1 && electric > 0.1 ? round(cooling / electric, 2) : null };
}

/** The node of a device in the power tree and everything below it. */
function subtree(nodes: StatNode[], deviceId: number | null): StatNode[] {
  const top = deviceId === null ? undefined : nodes.find((n) => n.device_id === deviceId && n.energy_type === 'power');
  if (!top) return [];
  const out = [top];
  for (let i = 0; i < out.length; i++) for (const n of nodes) if (n.parent_id === out[i]!.id) out.push(n);
  return out;
}

/** /IntergralBuilding: everything the page shows for one site, read in a handful of queries. */
export async function buildingLive(db: Db, access: AccessService, user: AuthUser, projectId: number): Promise<BuildingLive> {
  await access.assertProject(user, projectId);
  const [buildings, equipment, project] = await Promise.all([repo.buildings(db, projectId), repo.equipment(db, projectId), repo.project(db, projectId)]);
  const sensorIds = buildings.flatMap((b) => b.floors.map((f) => f.sensor_device_id)).filter((id): id is number => id !== null);
  const deviceIds = [...new Set([...equipment.map((e) => e.device_id).filter((id): id is number => id !== null), ...sensorIds])];
  const [latest, kinds] = await Promise.all([repo.latest(db, deviceIds), repo.deviceKinds(db, deviceIds)]);
  const kindOf = new Map(kinds.map((k) => [k.id, k.kind]));
  const values = new Map<number, { values: Record<string, number | null>; ts: string | null }>();
  for (const l of latest) {
    const v = values.get(l.device_id) ?? { values: {}, ts: null };
    v.values[l.key] = l.value;
    const ts = l.ts ? l.ts.toISOString() : null;
    if (ts && (!v.ts || ts > v.ts)) v.ts = ts;
    values.set(l.device_id, v);
  }
  const live = (e: EquipmentRow): LiveEquipment => {
    const kind = e.device_id === null ? null : (kindOf.get(e.device_id) ?? null);
    const v = e.device_id === null ? undefined : values.get(e.device_id);
    return {
      id: e.id,
      set: e.system as EquipmentSet,
      type: typeof e.spec.type === 'string' ? e.spec.type : e.system,
      building_id: e.building_id,
      floor: e.floor,
      name: e.name,
      name_en: e.name_en,
      device_id: e.device_id,
      device_kind: kind,
      values: v?.values ?? {},
      ts: v?.ts ?? null,
      setpoint: buildingSetpointLimits(kind, e.spec),
      switchable: kind !== null && isBuildingSwitched(kind),
      schedule: (e.spec.schedule as EquipmentSchedule | null | undefined) ?? null,
    };
  };
  const items = equipment.map(live);
  const comfort = buildings.flatMap((b) =>
    b.floors.map((f) => {
      const v = f.sensor_device_id === null ? undefined : values.get(f.sensor_device_id);
      return { building_id: b.id, floor: f.code, temp: v?.values.temp ?? null, humidity: v?.values.humidity ?? null, co2: v?.values.co2 ?? null, ts: v?.ts ?? null };
    }),
  );
  const plant = buildings.map((b) => {
    const mine = equipment.filter((e) => e.building_id === b.id);
    const cop = plantCop(mine.map((e) => ({ kind: e.device_id === null ? null : (kindOf.get(e.device_id) ?? null), role: e.spec.role, values: (e.device_id !== null && values.get(e.device_id)?.values) || {} })));
    const outdoor = items.find((i) => i.building_id === b.id && i.values.t_outdoor !== undefined)?.values.t_outdoor ?? null;
    return { building_id: b.id, ...cop, outdoor_temp: outdoor };
  });
  return {
    buildings: buildings.map(buildingItem),
    equipment: items,
    comfort,
    plant,
    energy: project ? await energyBySystem(db, projectId, project.timezone, buildings) : [],
    can_control: user.canControl,
  };
}

/**
 * Energy by use category below each building's incoming meter, today and this month: the integrated-energy
 * page's own breakdown (categoryBreakdown over the same series), limited to the building's part of the tree.
 */
async function energyBySystem(db: Db, projectId: number, zone: string, buildings: { id: number; meter_device_id: number | null }[]) {
  const all = asStatNodes(await overviewRepository.nodes(db, projectId));
  const [categories, assignments] = await Promise.all([overviewRepository.ieCategories(db, [projectId]), overviewRepository.ieAssignments(db, all.map((n) => n.id))]);
  const power = categories.filter((c) => c.energy_type === 'power');
  const out: BuildingLive['energy'] = [];
  for (const b of buildings) {
    const nodes = subtree(all, b.meter_device_id);
    if (nodes.length === 0) {
      out.push({ building_id: b.id, total_today: 0, total_month: 0, systems: [] });
      continue;
    }
    const periods = await Promise.all(
      (['day', 'month'] as const).map(async (period) => {
        const p = resolvePeriod({ period }, zone);
        const s = await seriesOf(db, overviewRepository, nodes, p.range, p.granularity, zone);
        const total = s.byNode.get(nodes[0]!.id) ?? [];
        return { total: total.reduce((a, v) => a + v, 0), rows: categoryBreakdown(nodes, power, assignments, s, total).categories ?? [] };
      }),
    );
    const [today, month] = periods as [(typeof periods)[number], (typeof periods)[number]];
    const keys = [...new Set([...today.rows, ...month.rows].map((r) => r.key))];
    out.push({
      building_id: b.id,
      total_today: round(today.total),
      total_month: round(month.total),
      systems: keys.map((key) => {
        const t = today.rows.find((r) => r.key === key);
        const m = month.rows.find((r) => r.key === key);
        const named = t ?? m!;
        return { key, name: named.name, name_en: named.name_en, today: t?.value ?? 0, month: m?.value ?? 0 };
      }),
    });
  }
  return out;
}
