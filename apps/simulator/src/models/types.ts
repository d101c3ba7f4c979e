import type { FaultKind } from '../faults.js';

/** Everything a value model may depend on besides its own state: the models are pure functions of this. */
export interface ModelInput {
  /** Measurement time, ms since the epoch. */
  t: number;
  /** Time since this device's previous sample: what the energy counters integrate over. */
  dtMs: number;
  /** Per device (from its serial): gives each device its own noise. */
  seed: number;
  /** Per site (from its coordinates): weather, grid frequency and voltage are shared by a station. */
  siteSeed: number;
  latitude: number;
  longitude: number;
  /** The site's IANA time zone: the local clock the load curves follow. */
  zone: string;
  props: Readonly<Record<string, number>>;
  faults: ReadonlySet<FaultKind>;
  /** For a BMS: the storage unit its PCS is driving (its SOC and power), when the site has one. */
  storage?: StorageLink;
  /**
   * Set by the site model (models/site.ts): for a circuit with metered children, the power its meter sees
   * (children plus losses) instead of its own load curve; for a PV inverter, the export limit of the
   * anti-backflow control; for a PCS, the dispatch command (kW, discharge positive).
   */
  powerKw?: number;
  /** For a PCS run by a configured strategy: the SOC window its controller keeps (models/essStrategy.ts). */
  socLimits?: { min: number; max: number };
  /** An upstream breaker is open: nothing flows through this device. */
  deenergised?: boolean;
  /** For an environment sensor or auxiliary device: what the room's running auxiliary devices do to it. */
  room?: RoomClimate;
  /** For a smart-building device: what the building model (models/building.ts) computed for it this step. */
  building?: Record<string, number>;
  /** Power factor of a derived circuit that carries inverter output (PV feeder): near unity. */
  pf?: number;
}

/** A room's conditioning (models/aux.ts): AC and dehumidifier set-points of running devices, total fan speed levels. */
export interface RoomClimate {
  coolTo: number | null;
  dryTo: number | null;
  fanLevel: number;
  /** The room's last measured values (what an AC or dehumidifier regulates on). */
  temp?: number;
  humidity?: number;
}

export interface StorageLink {
  soc: number;
  /** Discharge positive, kW. */
  powerKw: number;
  ratedKw: number;
}

export interface DeviceState {
  /** Cumulative totals (EP, EW, …), kept unrounded so rounding never makes them step back. */
  counters: Record<string, number>;
  breakerClosed: boolean;
  /** State of charge, % (storage). */
  soc: number;
  /** A temperature with thermal inertia (transformer winding, battery cells); null until first sampled. */
  temp: number | null;
  /** Last storage power, kW, discharge positive (a PCS shares it with its BMS). */
  powerKw: number;
  /** Auxiliary device: its commanded switch and set-point (models/aux.ts). */
  aux?: { run: boolean; setpoint: number | null };
  /** Environment sensor: how far the room's auxiliary devices have moved its temperature and humidity. */
  envOffset?: { temp: number; humidity: number };
}

export interface ModelOutput {
  values: Record<string, number>;
  state: DeviceState;
}

/** A numeric prop with a default: manifests carry only the ratings a device has. */
export const prop = (props: Readonly<Record<string, number>>, key: string, fallback: number) => {
  const v = props[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
};

/** Adds energy to a counter: rate (per hour) × elapsed time; never negative, so counters stay monotonic. */
export const integrate = (state: DeviceState, key: string, perHour: number, dtMs: number) => {
  state.counters[key] = (state.counters[key] ?? 0) + Math.max(0, perHour) * (Math.max(0, dtMs) / 3600_000);
};

/** First-order lag towards a target with time constant tauMs: how a mass of copper or cells warms up. */
export const lag = (current: number | null, target: number, dtMs: number, tauMs: number) =>
  current === null ? target : current + (target - current) * (1 - Math.exp(-Math.max(0, dtMs) / tauMs));
