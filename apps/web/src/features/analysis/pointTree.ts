import type { RealtimeResponse } from '@gridops/contract';

type Room = RealtimeResponse['rooms'][number];
type PointKind = 'analog' | 'counter' | 'digital';

export interface PointInfo {
  id: number;
  key: string;
  name: string;
  unit: string;
  kind: PointKind;
  deviceId: number;
  deviceName: string;
  deviceKind: string;
}

export interface PointTreeNode {
  title: string;
  value: string;
  /** Rooms and devices group points; only points are chosen. */
  selectable?: boolean;
  children?: PointTreeNode[];
}

/** The history limit (contract HISTORY_MAX_POINTS). */
export const MAX_POINTS = 16;

export const pointValue = (id: number) => `p:${id}`;

/** Room → device → point tree for a TreeSelect, keeping the given point kinds; empty rooms and devices drop out. */
export function buildPointTree(rooms: readonly Room[], kinds: readonly PointKind[]): PointTreeNode[] {
  return rooms
    .map((r) => ({
      title: r.name,
      value: `r:${r.id}`,
      selectable: false,
      children: r.devices
        .map((d) => ({
          title: d.name,
          value: `d:${d.id}`,
          selectable: false,
          children: d.points.filter((p) => kinds.includes(p.kind)).map((p) => ({ title: p.unit ? `${p.name} (${p.unit})` : p.name, value: pointValue(p.id) })),
        }))
        .filter((d) => d.children.length > 0),
    }))
    .filter((r) => r.children.length > 0);
}

export function indexPoints(rooms: readonly Room[]): Map<number, PointInfo> {
  const out = new Map<number, PointInfo>();
  for (const r of rooms)
    for (const d of r.devices)
      for (const p of d.points) out.set(p.id, { id: p.id, key: p.key, name: p.name, unit: p.unit, kind: p.kind, deviceId: d.id, deviceName: d.name, deviceKind: d.kind });
  return out;
}

/** Point ids from TreeSelect values (only `p:` leaves count), at most `max`, in the order chosen. */
export function pointIdsOf(values: readonly string[], max = MAX_POINTS): number[] {
  const ids = values.filter((v) => v.startsWith('p:')).map((v) => Number(v.slice(2))).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, max);
}

const KIND_ORDER = ['transformer', 'incomer', 'feeder', 'meter'];

/**
 * A first selection so the page opens on real data: the given point keys of the first transformer (else
 * incomer, feeder, meter) that has them.
 */
export function defaultPointIds(rooms: readonly Room[], keys: readonly string[]): number[] {
  const devices = rooms.flatMap((r) => r.devices);
  const rank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);
  const sorted = [...devices].sort((a, b) => rank(a.kind) - rank(b.kind));
  for (const d of sorted) {
    const ids = keys.map((k) => d.points.find((p) => p.key === k)?.id).filter((id): id is number => id !== undefined);
    if (ids.length) return ids;
  }
  return [];
}
