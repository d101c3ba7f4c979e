import type { RealtimeResponse } from '@gridops/contract';
import type { RtDevice, RtRoom } from './points';

export interface TreeNode {
  key: string;
  title: string;
  kind: 'room' | 'device';
  /** The device kind (incomer, feeder, …) for devices. */
  deviceKind?: string;
  roomId: number;
  deviceId?: number;
  children: TreeNode[];
}

export const roomKey = (id: number) => `room-${id}`;
export const deviceKey = (id: number) => `dev-${id}`;

/**
 * Room → device tree, devices nested by `parent_id` (incomer → transformer → feeder / fire detector), so the
 * tree reads like the room's cabinets. A device whose parent is in another room (or missing) sits at the top of
 * its own room; a parent cycle cannot hide devices, since each device is placed exactly once.
 */
export function buildDeviceTree(rooms: RealtimeResponse['rooms'], roomName: (r: RtRoom) => string = (r) => r.name): TreeNode[] {
  return rooms.map((room) => {
    const byId = new Map<number, RtDevice>(room.devices.map((d) => [d.id, d]));
    const childrenOf = new Map<number | null, RtDevice[]>();
    for (const d of room.devices) {
      const parent = d.parent_id !== null && byId.has(d.parent_id) && d.parent_id !== d.id ? d.parent_id : null;
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), d]);
    }
    const placed = new Set<number>();
    const nodeOf = (d: RtDevice): TreeNode => {
      placed.add(d.id);
      return {
        key: deviceKey(d.id),
        title: d.name,
        kind: 'device',
        deviceKind: d.kind,
        roomId: room.id,
        deviceId: d.id,
        children: (childrenOf.get(d.id) ?? []).filter((c) => !placed.has(c.id)).map(nodeOf),
      };
    };
    const top = (childrenOf.get(null) ?? []).map(nodeOf);
    // Devices only reachable through a cycle are still shown, at the top.
    const rest = room.devices.filter((d) => !placed.has(d.id)).map(nodeOf);
    return { key: roomKey(room.id), title: roomName(room), kind: 'room' as const, roomId: room.id, children: [...top, ...rest] };
  });
}

/** The devices a tree selection covers: a room → all its devices; a device → just that device (its own points). */
export function devicesForSelection(tree: TreeNode[], key: string | null): Set<number> | null {
  if (key === null) return null;
  const find = (nodes: TreeNode[]): TreeNode | undefined => {
    for (const n of nodes) {
      if (n.key === key) return n;
      const hit = find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = find(tree);
  if (!node) return null;
  if (node.deviceId !== undefined) return new Set([node.deviceId]);
  const out = new Set<number>();
  const walk = (n: TreeNode) => {
    if (n.deviceId !== undefined) out.add(n.deviceId);
    n.children.forEach(walk);
  };
  walk(node);
  return out;
}
