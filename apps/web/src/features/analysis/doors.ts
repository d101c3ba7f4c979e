import type { EventItem, RealtimeResponse } from '@gridops/contract';

export interface DoorPoint {
  deviceId: number;
  deviceName: string;
  roomName: string;
  pointId: number;
  /** 1 open, 0 closed, null unknown. */
  value: number | null;
  ts: string | null;
  quality: string;
}

/** Every `door` point of the site (the rooms' environment sensors), with its latest state. */
export function doorPoints(rooms: RealtimeResponse['rooms']): DoorPoint[] {
  return rooms.flatMap((r) =>
    r.devices.flatMap((d) =>
      d.points.filter((p) => p.key === 'door').map((p) => ({ deviceId: d.id, deviceName: d.name, roomName: r.name, pointId: p.id, value: p.value, ts: p.ts, quality: p.quality })),
    ),
  );
}

/**
 * Access events are the events of door points. Events recorded without a point (imported history, manual
 * entries) count when their device is a door device and the text is about the door.
 */
export function isDoorEvent(e: Pick<EventItem, 'point_id' | 'device_id' | 'message'>, doors: readonly DoorPoint[]): boolean {
  if (e.point_id !== null) return doors.some((d) => d.pointId === e.point_id);
  return e.device_id !== null && doors.some((d) => d.deviceId === e.device_id) && /门|door/i.test(e.message);
}
