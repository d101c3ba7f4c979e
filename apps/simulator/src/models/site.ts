import { AUX_KINDS, BUILDING_KINDS, BUILDING_LOAD_KINDS, isAuxKind, isBuildingLoadKind, type DeviceKind, type EssStrategy } from '@gridops/contract';
import { BuildingModel } from './building.js';
import { roomClimateOf } from './aux.js';
import type { FaultKind } from '../faults.js';
import { hashString } from '../noise.js';
import { BACKFLOW_MARGIN, INVERTER_PF, LINE_LOSS, transformerLossKw } from './physics.js';
import { pvAvailableKw, storageMaxKw } from './renewables.js';
import { initialState, sampleDevice } from './sample.js';
import { strategyDispatchKw, strategySocLimits } from './essStrategy.js';
import { storageDispatchKw } from './storageDispatch.js';
import { circuitLoadKw, circuitPf, type ElectricalKind } from './electrical.js';
import { integrate, prop, type DeviceState, type ModelInput, type RoomClimate, type StorageLink } from './types.js';

/**
 * A station as one electrical system (docs/energy-model.md, "Site physics"): loads, PV and storage are
 * modelled at the leaves, every meter with metered children measures what its children draw plus its losses:
 *
 *   feeder with a remote board     P = Σ children × (1 + feederCable)        (a PV feeder: Σ inverters × (1 − feederCable), export)
 *   transformer (LV main breaker)  P = Σ loads − Σ sources (PV feeders, PCS discharge) + lvBusbar × |…|
 *   incomer (10 kV)                P = Σ (transformer P + P0 + β²·Pk) × (1 + hvCable)
 *
 * PV is curtailed per transformer (anti-backflow control) so no transformer feeds power back, and the PCS
 * follows its configured strategy (essStrategy.ts) or the site's built-in dispatch (storageDispatch.ts). Pure apart from each device's state, so the seeded
 * history runs the same model in hourly steps.
 */
export interface SiteDeviceDef {
  sn: string;
  kind: DeviceKind;
  props: Readonly<Record<string, number>>;
  /** The device this one hangs off electrically (incomer → transformer → feeder → charger/inverter). */
  parent_sn?: string | undefined;
  /** The room it stands in: auxiliary devices condition the environment sensors of their own room. */
  room?: number | undefined;
  /** A PCS's configured storage strategy (EssSet): its controller follows it instead of the built-in plan. */
  ess_strategy?: EssStrategy | undefined;
}

interface Node {
  def: SiteDeviceDef;
  seed: number;
  state: DeviceState;
  parent: Node | null;
  children: Node[];
  /** Fixed by the wiring (computed once): the transformer above, only generation below, breakers above. */
  bus: Node | null;
  source: boolean;
  breakersAbove: Node[];
}

/** Per site (from its coordinates): weather, grid frequency and voltage are shared by a station. */
export const siteSeedOf = (latitude: number, longitude: number) => hashString(`${latitude.toFixed(3)},${longitude.toFixed(3)}`);

const CIRCUITS: readonly DeviceKind[] = ['incomer', 'transformer', 'feeder', 'meter'];
const ELECTRICAL: readonly DeviceKind[] = [...CIRCUITS, 'pv_inverter', 'pcs', 'ev_charger', ...BUILDING_LOAD_KINDS];
/** Devices whose values do not feed any counter: the history skips them. */
const NO_COUNTER: readonly DeviceKind[] = ['fire_sensor', 'arc_detector', 'env_sensor', 'camera', 'bms', ...AUX_KINDS, 'access_terminal', 'water_tank', 'comfort_sensor'];

export interface SiteSampleOptions {
  /** Staged faults per device serial. */
  faults?: (sn: string) => ReadonlySet<FaultKind>;
  /** Only the devices with counters (the seeded history). */
  countersOnly?: boolean;
}

const NO_FAULTS: ReadonlySet<FaultKind> = new Set();

export class SiteModel {
  private readonly nodes: Node[];
  private readonly bySn = new Map<string, Node>();
  private readonly pvRatedKw: number;
  private readonly electrical: Node[];
  /** The site's smart-building devices as one system (models/building.ts). */
  private readonly building: BuildingModel;
  /** Configured storage strategies by PCS serial (manifest, then `ess_strategy` commands). */
  private readonly strategies = new Map<string, EssStrategy>();

  constructor(
    defs: readonly SiteDeviceDef[],
    private readonly site: { latitude: number; longitude: number; siteSeed: number; zone: string },
    seedOf: (sn: string) => number = hashString,
  ) {
    this.nodes = defs.map((def) => {
      const seed = seedOf(def.sn);
      return { def, seed, state: initialState(def.kind, seed, def.props), parent: null, children: [], bus: null, source: false, breakersAbove: [] };
    });
    for (const n of this.nodes) {
      this.bySn.set(n.def.sn, n);
      if (n.def.kind === 'pcs' && n.def.ess_strategy) this.strategies.set(n.def.sn, n.def.ess_strategy);
    }
    for (const n of this.nodes) {
      const parent = n.def.parent_sn === undefined ? undefined : this.bySn.get(n.def.parent_sn);
      if (parent && ELECTRICAL.includes(n.def.kind) && ELECTRICAL.includes(parent.def.kind)) {
        n.parent = parent;
        parent.children.push(n);
      }
    }
    for (const n of this.nodes) {
      n.bus = this.busOf(n);
      n.source = this.isSourceCircuit(n);
      for (let at = n.parent; at; at = at.parent) if (at.def.kind === 'incomer' || at.def.kind === 'feeder') n.breakersAbove.push(at);
    }
    this.electrical = this.nodes.filter((n) => ELECTRICAL.includes(n.def.kind));
    const buildingKinds: readonly DeviceKind[] = BUILDING_KINDS;
    this.building = new BuildingModel(
      defs.filter((d) => buildingKinds.includes(d.kind)),
      seedOf,
    );
    this.pvRatedKw = this.nodes.filter((n) => n.def.kind === 'pv_inverter').reduce((a, n) => a + prop(n.def.props, 'rated_kw', 100), 0);
  }

  /** The unrounded counters of a device (the seeded history reads its energy from them). */
  counters(sn: string): Readonly<Record<string, number>> {
    return this.bySn.get(sn)?.state.counters ?? {};
  }

  state(sn: string): DeviceState | undefined {
    return this.bySn.get(sn)?.state;
  }

  /** Switches an auxiliary device and/or moves its set-point (the `aux` command); false if sn is not one. */
  setAux(sn: string, change: { run?: boolean; setpoint?: number }): boolean {
    const n = this.bySn.get(sn);
    if (!n || !isAuxKind(n.def.kind) || !n.state.aux) return false;
    n.state = { ...n.state, aux: { run: change.run ?? n.state.aux.run, setpoint: change.setpoint ?? n.state.aux.setpoint } };
    return true;
  }

  /** Per room: what its running auxiliary devices do, with the room's last measured temperature and humidity. */
  private climates(): Map<number, RoomClimate> {
    const byRoom = new Map<number, Node[]>();
    for (const n of this.nodes) if (isAuxKind(n.def.kind)) byRoom.set(n.def.room ?? -1, [...(byRoom.get(n.def.room ?? -1) ?? []), n]);
    const out = new Map<number, RoomClimate>();
    for (const [room, nodes] of byRoom) {
      const c = roomClimateOf(nodes.map((n) => ({ kind: n.def.kind as (typeof AUX_KINDS)[number], aux: n.state.aux ?? { run: false, setpoint: null } })));
      out.set(room, { ...c, ...this.lastEnv.get(room) });
    }
    return out;
  }

  /** The `building` command: switch a unit, hand it back to its schedule, move its set-point; false if sn is not one. */
  setBuilding(sn: string, change: { run?: boolean; auto?: boolean; setpoint?: number; schedule?: { on: number; off: number; everyday: boolean } }): boolean {
    return this.building.command(sn, change);
  }

  /**
   * The `ess_strategy` command: the PCS's controller follows this strategy from the next sample on, or its
   * built-in plan again (null). False if sn is not a PCS.
   */
  setStrategy(sn: string, strategy: EssStrategy | null): boolean {
    const n = this.bySn.get(sn);
    if (!n || n.def.kind !== 'pcs') return false;
    if (strategy) this.strategies.set(sn, strategy);
    else this.strategies.delete(sn);
    return true;
  }

  /** The strategy a PCS follows now (undefined: the built-in plan). */
  strategyOf(sn: string): EssStrategy | undefined {
    return this.strategies.get(sn);
  }

  private readonly lastEnv = new Map<number, { temp: number; humidity: number }>();

  setBreaker(sn: string, closed: boolean) {
    const n = this.bySn.get(sn);
    if (n) n.state = { ...n.state, breakerClosed: closed };
  }

  /** Every device's published values at time t, `dtMs` after the previous sample. */
  sample(t: number, dtMs: number, opts: SiteSampleOptions = {}): Map<string, Record<string, number>> {
    const faultsOf = opts.faults ?? (() => NO_FAULTS);
    const out = new Map<string, Record<string, number>>();
    const power = new Map<Node, number>();
    const input = (n: Node, extra: Partial<ModelInput> = {}): ModelInput => ({
      t,
      dtMs,
      seed: n.seed,
      siteSeed: this.site.siteSeed,
      latitude: this.site.latitude,
      longitude: this.site.longitude,
      zone: this.site.zone,
      props: n.def.props,
      faults: faultsOf(n.def.sn),
      ...(this.deenergised(n, faultsOf) ? { deenergised: true } : {}),
      ...extra,
    });
    const run = (n: Node, extra: Partial<ModelInput> = {}) => {
      if (opts.countersOnly && CIRCUITS.includes(n.def.kind)) return this.circuitCounter(n, input(n, extra), out);
      const r = sampleDevice(n.def.kind, input(n, extra), n.state);
      n.state = r.state;
      out.set(n.def.sn, r.values);
      return r.values;
    };
    const electrical = this.electrical;
    // 0. The building: its HVAC, lighting and lifts as one system, before the meters above them add up.
    const building =
      this.building.size === 0
        ? new Map<string, Record<string, number>>()
        : this.building.step({ t, dtMs, zone: this.site.zone, siteSeed: this.site.siteSeed, latitude: this.site.latitude, longitude: this.site.longitude, faulted: (sn) => faultsOf(sn).size > 0 });
    const ofBuilding = (n: Node) => ({ building: building.get(n.def.sn) ?? {} });

    // 1. Leaves that draw: circuits without metered children, EV chargers, building loads.
    for (const n of electrical) {
      if (isBuildingLoadKind(n.def.kind)) power.set(n, run(n, ofBuilding(n)).P ?? 0);
      else if ((CIRCUITS.includes(n.def.kind) && n.children.length === 0) || n.def.kind === 'ev_charger') power.set(n, run(n).P ?? 0);
    }
    // 2. PV that could be produced now.
    const available = new Map<Node, number>();
    for (const n of electrical) if (n.def.kind === 'pv_inverter') available.set(n, pvAvailableKw(input(n)));
    const pvNow = [...available.values()].reduce((a, b) => a + b, 0);
    // 3. Storage: the dispatch sees its bus's load (without PV), then the PCS runs.
    for (const n of electrical.filter((x) => x.def.kind === 'pcs')) {
      const ratedKw = prop(n.def.props, 'rated_kw', 250);
      const maxKw = storageMaxKw(ratedKw, prop(n.def.props, 'capacity_kwh', ratedKw * 2));
      const busLoadKw = this.busLoad(n.bus, power);
      // A configured strategy (EssSet) when the PCS has one, else the built-in plan (storageDispatch.ts).
      const strategy = this.strategies.get(n.def.sn);
      const cmd = strategy
        ? strategyDispatchKw({ t, soc: n.state.soc, maxKw, busLoadKw, zone: this.site.zone, strategy })
        : storageDispatchKw({ t, soc: n.state.soc, maxKw, busLoadKw, pvKw: pvNow, pvRatedKw: this.pvRatedKw, siteSeed: this.site.siteSeed, zone: this.site.zone });
      power.set(n, run(n, { powerKw: cmd, ...(strategy ? { socLimits: strategySocLimits(strategy) } : {}) }).P ?? 0);
    }
    // 4. Anti-backflow: each bus's PV is curtailed to what the bus consumes, less a small import margin.
    const buses = new Map<Node | null, Node[]>();
    for (const n of available.keys()) buses.set(n.bus, [...(buses.get(n.bus) ?? []), n]);
    for (const [bus, inverters] of buses) {
      const total = inverters.reduce((a, n) => a + available.get(n)!, 0);
      const allowed = (1 - BACKFLOW_MARGIN) * Math.max(0, this.busLoad(bus, power));
      const k = total > allowed && total > 0 ? allowed / total : 1;
      for (const n of inverters) power.set(n, run(n, { powerKw: available.get(n)! * k }).P ?? 0);
    }
    // 5. Meters with metered children, bottom-up.
    const derive = (n: Node): number => {
      const known = power.get(n);
      if (known !== undefined) return known;
      for (const c of n.children) derive(c);
      const p = this.derivedKw(n, power, out);
      const values = run(n, { powerKw: p, ...(n.source ? { pf: INVERTER_PF } : {}) });
      power.set(n, values.P ?? 0);
      return values.P ?? 0;
    };
    for (const n of electrical) derive(n);
    // 6. Everything else: BMS follow their PCS, water/gas/heat, sensors.
    const links = new Map<Node, StorageLink>();
    for (const n of electrical.filter((x) => x.def.kind === 'pcs'))
      links.set(n, { soc: n.state.soc, powerKw: n.state.powerKw, ratedKw: prop(n.def.props, 'rated_kw', 250) });
    const pcsList = [...links.keys()];
    let bmsIndex = 0;
    let climates: Map<number, RoomClimate> | undefined;
    for (const n of this.nodes) {
      if (ELECTRICAL.includes(n.def.kind)) continue;
      if (opts.countersOnly && NO_COUNTER.includes(n.def.kind)) continue;
      if (n.def.kind === 'bms') {
        const byParent = n.def.parent_sn === undefined ? undefined : this.bySn.get(n.def.parent_sn);
        const pcs = byParent && links.has(byParent) ? byParent : pcsList[bmsIndex];
        bmsIndex++;
        const link = pcs ? links.get(pcs) : undefined;
        run(n, link ? { storage: link } : {});
      } else if (n.def.kind === 'env_sensor' || isAuxKind(n.def.kind)) {
        const room = n.def.room ?? -1;
        climates ??= this.climates();
        const climate = climates.get(room);
        const v = run(n, climate ? { room: climate } : {});
        if (n.def.kind === 'env_sensor' && v.temp !== undefined && v.humidity !== undefined) this.lastEnv.set(room, { temp: v.temp, humidity: v.humidity });
      } else run(n, ofBuilding(n));
    }
    return out;
  }

  /**
   * The history's fast path for a circuit: only P and its counter (sampleThreePhase also computes voltages,
   * currents and temperatures, which the seeded counters do not need).
   */
  private circuitCounter(n: Node, input: ModelInput, out: Map<string, Record<string, number>>): Record<string, number> {
    const closed = n.state.breakerClosed && !input.faults.has('breaker_trip');
    const p = input.deenergised || !closed ? 0 : (input.powerKw ?? circuitLoadKw(n.def.kind as ElectricalKind, input));
    // The model owns this state: updated in place (the history runs hundreds of thousands of steps).
    integrate(n.state, 'EP', p, input.dtMs);
    // The power factor and reactive energy of sampleThreePhase, so the seeded EQ history has the live physics.
    const pf = p > 0 ? circuitPf(input) : 0;
    const q = pf > 0 ? p * Math.tan(Math.acos(pf)) : 0;
    integrate(n.state, 'EQ', q, input.dtMs);
    const values = { P: p, PF: pf || 0.95, EP: n.state.counters.EP ?? 0, EQ: n.state.counters.EQ ?? 0 };
    out.set(n.def.sn, values);
    return values;
  }

  /** Open breaker on the way up (the device's own breaker is its model's business). */
  private deenergised(n: Node, faultsOf: (sn: string) => ReadonlySet<FaultKind>): boolean {
    return n.breakersAbove.some((at) => !at.state.breakerClosed || faultsOf(at.def.sn).has('breaker_trip'));
  }

  /** A circuit that only carries generation (a PV feeder): measured in the export direction. */
  private isSourceCircuit(n: Node): boolean {
    return CIRCUITS.includes(n.def.kind) && n.children.length > 0 && n.children.every((c) => c.def.kind === 'pv_inverter' || this.isSourceCircuit(c));
  }

  /** The transformer a device hangs under (its bus), or null when there is none above it. */
  private busOf(n: Node): Node | null {
    for (let at = n.parent; at; at = at.parent) if (at.def.kind === 'transformer') return at;
    return null;
  }

  /** What the loads of a bus draw now (leaves and PCS computed so far, PV excluded). */
  private busLoad(bus: Node | null, power: Map<Node, number>): number {
    let kw = 0;
    for (const [n, p] of power) {
      if (n.bus !== bus || n.def.kind === 'pv_inverter') continue;
      if (n.def.kind === 'pcs') kw -= p;
      else if (n.children.length === 0) kw += p;
    }
    return kw;
  }

  /** Power at the meter of a circuit with metered children: children, direction and losses (see above). */
  private derivedKw(n: Node, power: Map<Node, number>, published: Map<string, Record<string, number>>): number {
    if (n.source) return n.children.reduce((a, c) => a + (power.get(c) ?? 0), 0) * (1 - LINE_LOSS.feederCable);
    let net = 0;
    for (const c of n.children) {
      const p = power.get(c) ?? 0;
      if (c.def.kind === 'pcs') net -= p;
      else if (c.def.kind === 'pv_inverter' || c.source) net -= p;
      else if (c.def.kind === 'transformer') {
        // The transformer's meter is on its LV side: its own losses show up between it and the incomer.
        const pf = published.get(c.def.sn)?.PF || 0.95;
        net += p + transformerLossKw(prop(c.def.props, 'rated_kva', 1000), p, pf);
      } else net += p;
    }
    const loss = n.def.kind === 'incomer' ? LINE_LOSS.hvCable : n.def.kind === 'transformer' ? LINE_LOSS.lvBusbar : LINE_LOSS.feederCable;
    return net + loss * Math.abs(net);
  }
}
