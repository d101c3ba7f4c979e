import type { LiveCamera } from '@gridops/contract';

/**
 * Which camera the engine's `securityvideo` message means: `devid`/`value` naming a camera by id or name, else
 * the first camera of `roomid`, else the site's first camera (the dialog then lets the user pick another).
 */
export function pickCamera(cameras: readonly LiveCamera[], msg: { value?: unknown; devid?: unknown; roomid?: unknown } | null): LiveCamera | null {
  const key = msg ? String(msg.devid ?? msg.value ?? '').trim() : '';
  if (key) {
    const byId = cameras.find((c) => String(c.id) === key);
    if (byId) return byId;
    const byName = cameras.find((c) => c.name === key);
    if (byName) return byName;
  }
  const room = msg?.roomid === undefined || msg.roomid === null ? '' : String(msg.roomid);
  if (room) {
    const inRoom = cameras.find((c) => String(c.room_id) === room);
    if (inRoom) return inRoom;
  }
  return cameras[0] ?? null;
}
