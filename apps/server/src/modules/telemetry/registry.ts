import { pointValueRange, type ValueRange } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { telemetryRepository } from './repository.js';

export interface PointMeta {
  pointId: number;
  key: string;
  name: string;
  nameEn: string;
  unit: string;
  kind: 'analog' | 'counter' | 'digital';
  precision: number;
  /**
   * What a sent value is multiplied by before it is checked and stored (device_points.scale, from the device's
   * template; 1 = as sent). Not applied to digital points.
   */
  scale: number;
  /**
   * Scaled values outside it are refused at decode (out_of_range): the point's own low/high where set, within
   * the catalogue's physically sane range for its type (pointValueRange), which stays the outer bound.
   */
  range: ValueRange;
  deviceId: number;
  deviceKind: string;
  deviceName: string;
  deviceNameEn: string;
  projectId: number;
  projectName: string;
  projectNameEn: string;
}

export interface DeviceEntry {
  deviceId: number;
  points: Map<string, PointMeta>;
}

/** How ingest finds a point from what a gateway sends: (gateway sn, device sn, point key). */
export interface PointLookup {
  device(gatewaySn: string, deviceSn: string): DeviceEntry | undefined;
  point(pointId: number): PointMeta | undefined;
}

/**
 * A point's accepted range: its own limits (device_points.low/high, null = none) narrowed into the catalogue's
 * range, which stays the outer bound (a limit outside it is ignored on that side). Limits that leave nothing
 * (low above the catalogue's max, or high below its min) fall back to the catalogue's range.
 */
export function effectiveRange(catalogue: ValueRange, low: number | null, high: number | null): ValueRange {
  const min = low !== null && Number.isFinite(low) ? Math.max(catalogue.min, low) : catalogue.min;
  const max = high !== null && Number.isFinite(high) ? Math.min(catalogue.max, high) : catalogue.max;
  return min <= max ? { min, max } : catalogue;
}

const REFRESH_MIN_INTERVAL_MS = 10_000;
/** A missing (gateway, device) is looked up in the database at most this often… */
const MISS_CHECK_INTERVAL_MS = 2_000;
/** Lookups of all gateways together are spaced at least this far apart (many gateways with unknown devices). */
const MISS_LOOKUP_SPACING_MS = 100;
/** Bound on remembered misses (a gateway inventing serials must not grow memory). */
const MISS_MEMORY = 10_000;

/**
 * The point catalogue of every gateway, cached in memory (devices change rarely, telemetry arrives
 * constantly). Refreshed on a timer and, rate-limited, when a gateway reports a device we do not know yet.
 */
export class PointRegistry implements PointLookup {
  private devices = new Map<string, DeviceEntry>();
  private byPoint = new Map<number, PointMeta>();
  /** When the catalogue was last loaded or found unchanged (refreshIfStale's rate limit). */
  private lastCheck = 0;
  /** The catalogue generation (migration 0047) of the rows in memory; -1: never loaded. */
  private generation = -1;
  private loading: Promise<void> | null = null;
  private missCheckedAt = new Map<string, number>();
  private lastMissLookup = 0;

  constructor(
    private readonly db: Db,
    /** Tests set 0 to look up every miss at once. */
    private readonly missCheckMs = MISS_CHECK_INTERVAL_MS,
  ) {}

  async load(): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      // Read before the rows: a write in between moves it past this, so the next check loads again.
      const generation = await telemetryRepository.catalogueGeneration(this.db);
      const rows = await telemetryRepository.pointCatalogue(this.db);
      const devices = new Map<string, DeviceEntry>();
      const byPoint = new Map<number, PointMeta>();
      for (const r of rows) {
        const k = r.gateway_sn === null ? null : `${r.gateway_sn}\u0000${r.device_sn}`;
        let entry = k === null ? undefined : devices.get(k);
        if (k !== null && !entry) devices.set(k, (entry = { deviceId: r.device_id, points: new Map() }));
        const kind = r.kind as PointMeta['kind'];
        const meta: PointMeta = {
          pointId: r.point_id,
          key: r.key,
          name: r.name,
          nameEn: r.name_en,
          unit: r.unit,
          kind,
          precision: r.precision,
          scale: r.scale,
          range: effectiveRange(pointValueRange({ key: r.key, unit: r.unit, kind }), r.low, r.high),
          deviceId: r.device_id,
          deviceKind: r.device_kind,
          deviceName: r.device_name,
          deviceNameEn: r.device_name_en,
          projectId: r.project_id,
          projectName: r.project_name,
          projectNameEn: r.project_name_en,
        };
        entry?.points.set(r.key, meta);
        byPoint.set(r.point_id, meta);
      }
      this.devices = devices;
      this.byPoint = byPoint;
      this.generation = generation;
      this.lastCheck = Date.now();
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * Reloads when the catalogue changed since the last load (any instance's write moves its generation): one
   * small read otherwise. True when it reloaded.
   */
  async reloadIfChanged(): Promise<boolean> {
    this.lastCheck = Date.now();
    if ((await telemetryRepository.catalogueGeneration(this.db)) === this.generation) return false;
    await this.load();
    return true;
  }

  /** reloadIfChanged, at most every 10 s; called when a batch names an unknown device. */
  async refreshIfStale(): Promise<boolean> {
    if (Date.now() - this.lastCheck < REFRESH_MIN_INTERVAL_MS) return false;
    return this.reloadIfChanged();
  }

  /**
   * A message named devices this instance does not know. Devices added through another instance (adopted, or
   * created on the Devices tab) are found by a small lookup, rate-limited per (gateway, device), and then the
   * catalogue is reloaded; otherwise the global rate-limited reload applies. True when the catalogue was reloaded.
   */
  async refreshForMisses(gatewaySn: string, deviceSns: string[], now = Date.now()): Promise<boolean> {
    const due = deviceSns.filter((sn) => now - (this.missCheckedAt.get(`${gatewaySn}\u0000${sn}`) ?? 0) >= this.missCheckMs);
    if (due.length > 0 && now - this.lastMissLookup >= Math.min(this.missCheckMs, MISS_LOOKUP_SPACING_MS)) {
      this.lastMissLookup = now;
      if (this.missCheckedAt.size > MISS_MEMORY) this.missCheckedAt.clear();
      for (const sn of due) this.missCheckedAt.set(`${gatewaySn}\u0000${sn}`, now);
      // Only a device really registered since the last load reloads, so misses alone never cause reloads.
      if (await telemetryRepository.anyDeviceRegistered(this.db, gatewaySn, due)) {
        await this.load();
        return true;
      }
    }
    return this.refreshIfStale();
  }

  device(gatewaySn: string, deviceSn: string) {
    return this.devices.get(`${gatewaySn}\u0000${deviceSn}`);
  }

  point(pointId: number) {
    return this.byPoint.get(pointId);
  }

  get size() {
    return this.byPoint.size;
  }
}
