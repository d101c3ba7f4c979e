import type { Db } from '../db/database.js';

/**
 * The demo's live video (docs/video.md): every camera device of the demo sites gets a configured test camera in
 * its room, streamed by ffmpeg (`sim://testsrc2`) and named in zh and en after its room, plus a PTZ camera at
 * the room's entrance. Their channel codes (the camera device's SN, and SN-PTZ) are what the simulated AI
 * boxes name in their events.
 */
export async function seedDemoVideo(trx: Db): Promise<void> {
  const cams = await trx
    .selectFrom('devices as d')
    .leftJoin('rooms as r', 'r.id', 'd.room_id')
    .select(['d.project_id', 'd.room_id', 'd.sn', 'd.name', 'd.name_en', 'd.sort', 'r.name as room_name', 'r.name_en as room_name_en'])
    .where('d.kind', '=', 'camera')
    .orderBy('d.project_id')
    .orderBy('d.id')
    .execute();
  if (cams.length === 0) return;
  let sort = 0;
  await trx
    .insertInto('video_cameras')
    .values(
      cams.flatMap((c) => {
        const room = c.room_name ?? '';
        const roomEn = c.room_name_en || room;
        const base = { project_id: c.project_id, room_id: c.room_id, stream_url: 'sim://testsrc2', snapshot_url: '' };
        return [
          { ...base, name: room ? `${room}·${c.name}` : c.name, name_en: roomEn ? `${roomEn} · ${c.name_en || c.name}` : c.name_en || c.name, code: c.sn, ptz: false, sort: ++sort },
          { ...base, name: `${room || c.name}·入口云台`, name_en: `${roomEn || c.name_en || c.name} · entrance PTZ`, code: `${c.sn}-PTZ`, ptz: true, sort: ++sort },
        ];
      }),
    )
    .execute();
}
