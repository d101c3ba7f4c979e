import { z } from 'zod';
import { dbId, dbIdParam, int32, rowVersion, rowVersionParam } from '../ids.js';

/**
 * Energy-efficiency sets (/RunSetup/PvSet, FanSet, EssSet, ChargeSet; docs/energy-assets.md): the site's PV
 * arrays, wind turbines, storage systems and chargers with the figures the energy pages need and the devices
 * that measure them. One route shape for the four kinds: list, create, update (version check), delete.
 */
export const ASSET_KINDS = ['pv', 'wind', 'ess', 'charger'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

const name = z.string().trim().min(1).max(64);
const num = (min: number, max: number) => z.number().finite().min(min).max(max);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm');

/** Minutes since midnight of an "HH:mm" (24:00 = 1440). */
export const minutesOf = (hm: string): number => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

export const pvArrayFields = z.object({
  name,
  name_en: name,
  capacity_kwp: num(0.1, 1_000_000),
  /** Compass direction the modules face, degrees: 180 = south (the Chinese convention is "正南"). */
  azimuth_deg: num(0, 360),
  tilt_deg: num(0, 90),
  /** Design performance ratio (IEC 61724-1), 0.5–1; 0.80 is typical for a well-kept rooftop system. */
  performance_ratio: num(0.5, 1),
  /** The site's PV inverters feeding this array's output. */
  inverter_ids: z.array(dbId).max(200),
});

export const windTurbineFields = z.object({
  name,
  name_en: name,
  rated_kw: num(0.1, 20_000),
  hub_height_m: num(1, 300),
  cut_in_ms: num(0, 30),
  rated_ms: num(0, 40),
  cut_out_ms: num(0, 60),
  /** Manufacturer's power curve: wind speed (m/s, rising) → output (kW). */
  power_curve: z.array(z.object({ speed_ms: num(0, 60), kw: num(0, 25_000) })).min(2).max(60),
  /** The turbine's meter, when it has one. */
  device_id: dbId.nullable(),
});

export const ESS_MODES = ['charge', 'discharge', 'idle'] as const;
export const essSystemFields = z.object({
  name,
  name_en: name,
  /** The PCS that charges and discharges this system. */
  pcs_device_id: dbId,
  capacity_kwh: num(1, 10_000_000),
  power_kw: num(1, 1_000_000),
  soc_min_pct: num(0, 100),
  soc_max_pct: num(0, 100),
  /** Daily strategy in the site's time: periods that do not overlap; outside them the system idles. */
  schedule: z.array(z.object({ start: hhmm, end: hhmm, mode: z.enum(ESS_MODES), power_kw: num(0, 1_000_000) })).max(24),
});

/**
 * The storage strategy as the PCS's controller (the site EMS) takes it: the gateway command `ess_strategy` and
 * the simulator's manifest carry it (docs/energy-assets.md "The simulator follows the strategy").
 */
export const essStrategy = essSystemFields.pick({ capacity_kwh: true, power_kw: true, soc_min_pct: true, soc_max_pct: true, schedule: true });
export type EssStrategy = z.infer<typeof essStrategy>;
/** `ess_strategy` command params: the PCS by serial, its strategy, or null (no configured strategy: the controller's own plan). */
export const essStrategyCommandParams = z.object({ device_sn: z.string().min(1).max(64), strategy: essStrategy.nullable() });
export type EssStrategyCommandParams = z.infer<typeof essStrategyCommandParams>;

/** Has the PCS's controller taken the saved strategy? pending: not answered yet; applied; refused (with why). */
export const ESS_SYNC_STATES = ['pending', 'applied', 'refused'] as const;
export const essSync = z.object({ state: z.enum(ESS_SYNC_STATES), error: z.string().nullable(), at: z.string().nullable() });
export type EssSync = z.infer<typeof essSync>;

export const CONNECTOR_TYPES = ['gbt_ac', 'gbt_dc'] as const;
export const chargerFields = z.object({
  name,
  name_en: name,
  /** The charger's meter device. */
  device_id: dbId,
  connectors: int32.min(1).max(8),
  connector_type: z.enum(CONNECTOR_TYPES),
  rated_kw: num(1, 1000),
  /** Charging service fee on top of the electricity price, CNY/kWh (China caps it locally; 0–5 accepted). */
  service_fee_yuan_kwh: num(0, 5),
});

export const assetFields = { pv: pvArrayFields, wind: windTurbineFields, ess: essSystemFields, charger: chargerFields } as const;
export type AssetFields<K extends AssetKind> = z.infer<(typeof assetFields)[K]>;

const stored = { id: z.number().int(), project_id: z.number().int(), version: z.number().int() };
export const pvArray = pvArrayFields.extend(stored);
export const windTurbine = windTurbineFields.extend(stored);
/** `sync`: null when the PCS has never been sent a strategy (e.g. no gateway). */
export const essSystem = essSystemFields.extend({ ...stored, sync: essSync.nullable().optional() });
export const charger = chargerFields.extend(stored);
export type PvArray = z.infer<typeof pvArray>;
export type WindTurbine = z.infer<typeof windTurbine>;
export type EssSystem = z.infer<typeof essSystem>;
export type Charger = z.infer<typeof charger>;

/** A device the forms can bind: the site's devices of the kinds that kind of asset uses. */
export const assetDevice = z.object({ id: z.number().int(), kind: z.string(), name: z.string(), name_en: z.string(), sn: z.string() });
export type AssetDevice = z.infer<typeof assetDevice>;

export const assetListRequest = z.object({ project_id: dbIdParam });
export const assetIdParams = z.object({ id: dbIdParam });
export const assetDeleteRequest = z.object({ version: rowVersionParam });
const withProject = { project_id: dbId };
const withVersion = { version: rowVersion };

export const pvArrayCreate = pvArrayFields.extend(withProject);
export const pvArrayUpdate = pvArrayFields.extend(withVersion);
export const windTurbineCreate = windTurbineFields.extend(withProject);
export const windTurbineUpdate = windTurbineFields.extend(withVersion);
export const essSystemCreate = essSystemFields.extend(withProject);
export const essSystemUpdate = essSystemFields.extend(withVersion);
export const chargerCreate = chargerFields.extend(withProject);
export const chargerUpdate = chargerFields.extend(withVersion);

export const pvArrayList = z.object({ items: z.array(pvArray), devices: z.array(assetDevice) });
export const windTurbineList = z.object({ items: z.array(windTurbine), devices: z.array(assetDevice) });
export const essSystemList = z.object({ items: z.array(essSystem), devices: z.array(assetDevice) });
export const chargerList = z.object({ items: z.array(charger), devices: z.array(assetDevice) });

/** Device kinds each asset binds. */
export const ASSET_DEVICE_KINDS: Record<AssetKind, readonly string[]> = {
  pv: ['pv_inverter'],
  wind: ['meter', 'pv_inverter'],
  ess: ['pcs'],
  charger: ['ev_charger'],
};

/**
 * The checks that need more than one field (both sides show the same message): a power curve with rising
 * speeds and cut-in < rated < cut-out, SOC min below max, schedule periods that do not overlap and stay within
 * the system's power. Returns the first problem as { field, zh, en }, or null.
 */
export function assetProblem(kind: AssetKind, v: Record<string, unknown>): { field: string; zh: string; en: string } | null {
  if (kind === 'wind') {
    const w = v as AssetFields<'wind'>;
    if (!(w.cut_in_ms < w.rated_ms && w.rated_ms < w.cut_out_ms)) {
      return { field: 'rated_ms', zh: '须满足 切入风速 < 额定风速 < 切出风速', en: 'Needs cut-in speed < rated speed < cut-out speed' };
    }
    for (let i = 1; i < w.power_curve.length; i++) {
      if (w.power_curve[i]!.speed_ms <= w.power_curve[i - 1]!.speed_ms) {
        return { field: `power_curve.${i}.speed_ms`, zh: '功率曲线的风速须逐点递增', en: 'Power-curve wind speeds must rise from point to point' };
      }
    }
    const over = w.power_curve.findIndex((p) => p.kw > w.rated_kw * 1.1);
    if (over >= 0) return { field: `power_curve.${over}.kw`, zh: '功率曲线的出力不能超过额定功率的 110%', en: 'Power-curve output cannot exceed 110 % of the rated power' };
  }
  if (kind === 'ess') {
    const e = v as AssetFields<'ess'>;
    if (e.soc_min_pct >= e.soc_max_pct) return { field: 'soc_min_pct', zh: 'SOC 下限须小于上限', en: 'The SOC minimum must be below the maximum' };
    const periods = e.schedule.map((p, i) => ({ i, from: minutesOf(p.start), to: minutesOf(p.end), p }));
    for (const s of periods) {
      if (s.to <= s.from) return { field: `schedule.${s.i}.end`, zh: '时段的结束时间须晚于开始时间', en: 'A period must end after it starts' };
      if (s.p.power_kw > e.power_kw) return { field: `schedule.${s.i}.power_kw`, zh: '时段功率不能超过储能系统的额定功率', en: "A period's power cannot exceed the system's rated power" };
    }
    const sorted = [...periods].sort((a, b) => a.from - b.from);
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k]!.from < sorted[k - 1]!.to) return { field: `schedule.${sorted[k]!.i}.start`, zh: '策略时段不能重叠', en: 'Strategy periods cannot overlap' };
    }
  }
  return null;
}

/** The clear-sky yield the site's PV arrays should give, kWh (new-energy overview). */
export const expectedYield = z.object({ today: z.number(), month: z.number(), year: z.number() });
