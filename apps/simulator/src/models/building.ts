import { BUILDING_SETPOINTS, isBuildingSwitched, type DeviceKind } from '@gridops/contract';
import { clamp, drift, hash01 } from '../noise.js';
import { pvFraction } from '../curves.js';
import { affinityKw, chillerCop, condenserInC, floorCoolingKw, freeFloorTempC, occupancy, outdoorTempC, scheduled } from './hvac.js';
import { lag, prop } from './types.js';

/**
 * A demo office building as one system (docs/smart-building.md, "Simulator"): each floor's cooling demand
 * from the weather and its occupancy, met by its AHU and fan coils while chilled water flows; the chiller
 * plant stages its chillers on the load and runs at a COP set by part load and condenser water; pumps follow
 * the chillers; floors warm up when the plant cannot keep up. Devices are found by kind and their props:
 * `floor` (index), `rated_kw`, `cooling_kw`, `area_m2`, `role` (pumps: 1 chilled, 2 condenser, 3 domestic),
 * `stage` (lead 1, lag 2…), schedules `sched_on`/`sched_off` (minutes of the local day), `sched_everyday`.
 * The values it returns are raw: models/sample.ts rounds them and integrates the energy counters.
 */
const MIN = 60_000;

export interface BuildingUnitDef {
  sn: string;
  kind: DeviceKind;
  props: Readonly<Record<string, number>>;
}

interface Unit {
  def: BuildingUnitDef;
  seed: number;
  /** Operator override from the `building` command: null = follow the schedule. */
  override: boolean | null;
  /** A schedule pushed by the `building` command since start (else the one in its props). */
  schedule: { on: number; off: number; everyday: boolean } | null;
  setpoint: number | null;
  /** Water or air temperature leaving the unit (lags its set-point), °C. */
  supply: number | null;
  /** Pumps: latched on (the domestic pump between tank levels). */
  latched: boolean;
}

interface FloorState {
  temp: number | null;
  humidity: number | null;
  co2: number | null;
}

export interface BuildingContext {
  t: number;
  dtMs: number;
  zone: string;
  siteSeed: number;
  latitude: number;
  longitude: number;
  /** Units with a staged fault do not run. */
  faulted: (sn: string) => boolean;
}

const DEFAULT_SCHEDULE = { on: 450, off: 1140, everyday: false };
const FLOOR_TAU_MS = 25 * MIN;
const WATER_TAU_MS = 4 * MIN;

export class BuildingModel {
  private readonly units: Unit[];
  private readonly floors = new Map<number, FloorState>();
  private tankLevel: number | null = null;

  constructor(defs: readonly BuildingUnitDef[], seedOf: (sn: string) => number) {
    this.units = defs.map((def) => ({ def, seed: seedOf(def.sn), override: null, schedule: null, setpoint: BUILDING_SETPOINTS[def.kind as 'chiller']?.initial ?? null, supply: null, latched: false }));
  }

  get size() {
    return this.units.length;
  }

  /** The `building` command: switch on/off, back to its schedule (`auto`), and/or move the set-point. */
  command(sn: string, change: { run?: boolean; auto?: boolean; setpoint?: number; schedule?: { on: number; off: number; everyday: boolean } }): boolean {
    const u = this.units.find((x) => x.def.sn === sn);
    if (!u || !isBuildingSwitched(u.def.kind)) return false;
    if (change.auto) u.override = null;
    if (change.run !== undefined) u.override = change.run;
    if (change.setpoint !== undefined) u.setpoint = change.setpoint;
    if (change.schedule) u.schedule = change.schedule;
    return true;
  }

  private schedule(u: Unit) {
    if (u.schedule) return u.schedule;
    const p = u.def.props;
    return { on: p.sched_on ?? DEFAULT_SCHEDULE.on, off: p.sched_off ?? DEFAULT_SCHEDULE.off, everyday: (p.sched_everyday ?? 0) >= 1 };
  }

  /** Whether a unit is asked to run now: its override, else its schedule. */
  private wanted(u: Unit, ctx: BuildingContext): boolean {
    if (ctx.faulted(u.def.sn)) return false;
    return u.override ?? scheduled(ctx.t, ctx.zone, this.schedule(u));
  }

  /** One step of the whole building: raw values per device serial. */
  step(ctx: BuildingContext): Map<string, Record<string, number>> {
    const out = new Map<string, Record<string, number>>();
    const outdoor = outdoorTempC(ctx.t, ctx.zone, ctx.siteSeed);
    const occ = occupancy(ctx.t, ctx.zone);
    const sun = pvFraction(ctx.t, ctx.latitude, ctx.longitude, ctx.siteSeed, ctx.zone);
    const of = (kind: DeviceKind) => this.units.filter((u) => u.def.kind === kind);
    const floorOf = (u: Unit) => prop(u.def.props, 'floor', 0);
    const ahus = of('ahu');
    const fcus = of('fcu');

    // 1. What each floor asks for, and whether its air side runs.
    const demand = new Map<number, { kw: number; airOn: boolean; roomSet: number }>();
    for (const a of ahus) {
      const f = floorOf(a);
      const fcu = fcus.find((x) => floorOf(x) === f);
      const airOn = this.wanted(a, ctx) || (fcu !== undefined && this.wanted(fcu, ctx));
      demand.set(f, { kw: floorCoolingKw(prop(a.def.props, 'area_m2', 2000), occ, outdoor, sun), airOn, roomSet: fcu?.setpoint ?? 25 });
    }
    let asked = [...demand.values()].reduce((s, d) => s + (d.airOn ? d.kw : 0), 0) * 1.03;
    // A plant without a modelled air side serves its design area (≈ 11 m² per kW of cooling) on its schedule.
    if (ahus.length === 0) asked = of('chiller').reduce((s, c) => s + floorCoolingKw(prop(c.def.props, 'cooling_kw', 700) * 11, occ, outdoor, sun), 0);

    // 2. The chiller plant: lead chillers run on their schedule or override, a lag chiller stages on when the
    // running ones would be above 85 % (and off again below 40 % of the whole), manual overrides win.
    const chillers = of('chiller').sort((x, y) => prop(x.def.props, 'stage', 1) - prop(y.def.props, 'stage', 1));
    const cap = (u: Unit) => prop(u.def.props, 'cooling_kw', 700);
    const running: Unit[] = [];
    for (const c of chillers) {
      const lead = prop(c.def.props, 'stage', 1) <= 1;
      const want = this.wanted(c, ctx);
      if (c.override !== null || lead) {
        if (want && (asked > 0 || c.override === true)) running.push(c);
        continue;
      }
      const capSoFar = running.reduce((s, r) => s + cap(r), 0);
      if (want && running.length > 0 && asked > 0.85 * capSoFar) running.push(c);
    }
    const capacity = running.reduce((s, r) => s + cap(r), 0);
    const delivered = Math.min(asked, capacity * 1.05);
    const plr = capacity > 0 ? delivered / capacity : 0;
    const shortage = asked > 0 ? clamp(1 - delivered / asked, 0, 1) : 1;
    const cwIn = condenserInC(outdoor);
    let plantSupply = 12;
    for (const c of chillers) {
      const on = running.includes(c);
      const set = c.setpoint ?? 7;
      // Running: leaves at its set-point (overshooting a little at full load). Off: the loop drifts to the plant room.
      const target = on ? set + Math.max(0, plr - 1) * 3 : Math.min(22, 0.5 * outdoor + 12);
      c.supply = lag(c.supply, target, ctx.dtMs, on ? WATER_TAU_MS : 6 * WATER_TAU_MS);
      const share = on ? cap(c) * plr : 0;
      const cop = on ? chillerCop(plr, cwIn, set) * (1 + 0.01 * drift(c.seed, ctx.t, 10 * MIN)) : 0;
      const p = on ? share / cop : 0;
      const supply = c.supply + 0.05 * drift(c.seed ^ 1, ctx.t, 3 * MIN);
      if (on) plantSupply = Math.min(plantSupply, supply);
      out.set(c.def.sn, {
        run: on ? 1 : 0,
        fault: ctx.faulted(c.def.sn) ? 1 : 0,
        chw_set: set,
        t_chw_supply: supply,
        // Constant flow through the evaporator: 5 K at full load.
        t_chw_return: supply + (on ? Math.max(0.5, 5 * plr) : 0.3),
        t_cw_in: on ? cwIn : Math.min(cwIn, 0.6 * outdoor + 8),
        load_pct: on ? plr * 100 : 0,
        cooling_kw: share,
        COP: cop,
        P: p,
      });
    }

    // 3. Pumps: as many chilled- and condenser-water pumps as chillers run; the chilled ones on a VFD.
    const pumpsOf = (role: number) => of('hvac_pump').filter((u) => prop(u.def.props, 'role', 1) === role).sort((x, y) => prop(x.def.props, 'stage', 1) - prop(y.def.props, 'stage', 1));
    for (const role of [1, 2]) {
      pumpsOf(role).forEach((u, i) => {
        // Without a modelled plant a pump runs on its own schedule.
        const on = chillers.length === 0 ? this.wanted(u, ctx) : i < running.length && !ctx.faulted(u.def.sn);
        const freq = on ? (role === 1 ? 30 + 20 * clamp(plr, 0, 1) : 48) : 0;
        const rated = prop(u.def.props, 'rated_kw', 30);
        out.set(u.def.sn, { run: on ? 1 : 0, fault: ctx.faulted(u.def.sn) ? 1 : 0, freq, flow: on ? prop(u.def.props, 'rated_flow', 200) * (freq / 50) : 0, P: on ? affinityKw(rated, freq) : 0 });
      });
    }

    // 4. Floors: cooled towards the room set-point while chilled water and air flow, else drifting free;
    // CO2 from people against fresh air, humidity lower when cooled.
    const chilledWater = running.length > 0;
    for (const [f, d] of demand) {
      const s = this.floors.get(f) ?? { temp: null, humidity: null, co2: null };
      const free = freeFloorTempC(outdoor, occ);
      const cooled = d.airOn && chilledWater;
      const tTarget = cooled ? Math.min(free, d.roomSet + 3 * shortage) : free;
      s.temp = lag(s.temp, tTarget, ctx.dtMs, FLOOR_TAU_MS);
      s.humidity = lag(s.humidity, cooled ? 52 + 4 * occ : clamp(72 - 0.6 * outdoor + 6 * occ, 35, 80), ctx.dtMs, FLOOR_TAU_MS);
      s.co2 = lag(s.co2, 430 + occ * (d.airOn ? 420 : 1100), ctx.dtMs, FLOOR_TAU_MS);
      this.floors.set(f, s);
    }

    // 5. Air side: AHU supply air follows its set-point with chilled water, else the room; fans on a VFD.
    for (const a of ahus) {
      const f = floorOf(a);
      const d = demand.get(f)!;
      const on = this.wanted(a, ctx);
      const room = this.floors.get(f)?.temp ?? 24;
      const set = a.setpoint ?? 16;
      a.supply = lag(a.supply, on && chilledWater ? Math.max(set, plantSupply + 5) : room, ctx.dtMs, WATER_TAU_MS);
      const area = prop(a.def.props, 'area_m2', 2000);
      const freq = on ? clamp(30 + 20 * (d.kw / (area * 0.09)), 30, 50) : 0;
      out.set(a.def.sn, { run: on ? 1 : 0, fault: ctx.faulted(a.def.sn) ? 1 : 0, sa_set: set, t_supply_air: a.supply, t_return_air: room + 0.6, fan_freq: freq, P: on ? affinityKw(prop(a.def.props, 'rated_kw', 15), freq) : 0 });
    }
    for (const u of fcus) {
      const on = this.wanted(u, ctx);
      const rated = prop(u.def.props, 'rated_kw', 4);
      out.set(u.def.sn, { run: on ? 1 : 0, fault: ctx.faulted(u.def.sn) ? 1 : 0, room_set: u.setpoint ?? 25, P: on ? rated * (0.35 + 0.5 * occ) : 0 });
    }

    // 6. VRF for the rooms that run around the clock (IT room): a steady load plus the weather, COP ≈ 3–4.
    for (const u of of('vrf_outdoor')) {
      const on = this.wanted({ ...u, override: u.override ?? true }, ctx);
      const coolingCap = prop(u.def.props, 'cooling_kw', 50);
      const load = on ? clamp(0.45 + 0.012 * Math.max(0, outdoor - 15) + 0.05 * drift(u.seed, ctx.t, 20 * MIN), 0.2, 1) : 0;
      const cop = 4.2 - 0.04 * Math.max(0, outdoor - 20);
      out.set(u.def.sn, { run: on ? 1 : 0, fault: ctx.faulted(u.def.sn) ? 1 : 0, t_outdoor: outdoor, load_pct: load * 100, P: (coolingCap * load) / cop });
    }

    // 7. Lighting by schedule (dimmed with daylight and vacancy), lifts by traffic.
    for (const u of of('lighting_circuit')) {
      const on = this.wanted(u, ctx);
      const rated = prop(u.def.props, 'rated_kw', 20);
      out.set(u.def.sn, { run: on ? 1 : 0, P: on ? rated * (0.45 + 0.5 * occ - 0.15 * sun) : 0 }); // a stopped circuit's contactor is open: 0 kW
    }
    for (const u of of('elevator')) {
      const busy = ctx.faulted(u.def.sn) ? 0 : clamp(0.1 + 0.8 * occ * (0.6 + 0.4 * hash01(u.seed, Math.floor(ctx.t / MIN))), 0, 1);
      const top = prop(u.def.props, 'floors', 6);
      out.set(u.def.sn, { run: busy > 0.15 ? 1 : 0, fault: ctx.faulted(u.def.sn) ? 1 : 0, floor: 1 + Math.floor(hash01(u.seed ^ 0x77, Math.floor(ctx.t / (2 * MIN))) * top), P: prop(u.def.props, 'rated_kw', 15) * (0.08 + 0.55 * busy) });
    }

    // 8. Domestic water: the roof tank drains with use, the booster pump refills it between 40 % and 90 %.
    const tank = of('water_tank')[0];
    const domestic = pumpsOf(3);
    if (tank) {
      const capM3 = prop(tank.def.props, 'capacity_m3', 50);
      const level = this.tankLevel ?? 70;
      const pumping = domestic.some((p) => p.latched);
      const usePerH = 1.5 + 14 * occ;
      const fillPerH = pumping ? prop(domestic[0]!.def.props, 'rated_flow', 25) : 0;
      this.tankLevel = clamp(level + ((fillPerH - usePerH) * (ctx.dtMs / 3_600_000) * 100) / capM3, 5, 100);
      for (const p of domestic) {
        if (this.tankLevel < 40) p.latched = !ctx.faulted(p.def.sn);
        if (this.tankLevel > 90 || ctx.faulted(p.def.sn)) p.latched = false;
      }
      out.set(tank.def.sn, { level_pct: this.tankLevel, level_m: (this.tankLevel / 100) * prop(tank.def.props, 'height_m', 3) });
    }
    for (const p of domestic) {
      if (!tank) p.latched = this.wanted(p, ctx);
      out.set(p.def.sn, { run: p.latched ? 1 : 0, fault: ctx.faulted(p.def.sn) ? 1 : 0, freq: p.latched ? 50 : 0, flow: p.latched ? prop(p.def.props, 'rated_flow', 25) : 0, P: p.latched ? prop(p.def.props, 'rated_kw', 7.5) : 0 });
    }

    // 9. Comfort sensors read their floor.
    for (const u of of('comfort_sensor')) {
      const s = this.floors.get(floorOf(u));
      const temp = (s?.temp ?? freeFloorTempC(outdoor, occ)) + 0.15 * drift(u.seed, ctx.t, 5 * MIN);
      out.set(u.def.sn, { temp, humidity: s?.humidity ?? 55, co2: (s?.co2 ?? 450) + 15 * drift(u.seed ^ 3, ctx.t, 7 * MIN) });
    }
    return out;
  }
}
