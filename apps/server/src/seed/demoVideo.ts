import type { Db } from '../db/database.js';

/**
 * The demo's live video (docs/video.md): every camera device of the demo sites gets a configured test camera in
 * its room, streamed by ffmpeg (`sim://testsrc2`), named in zh and en after its room; every other one has PTZ.
 */
export async function seedDemoVideo(trx: Db): Promise<void> {
  const cams = await trx
    .selectFrom('devices as d')
    .leftJoin('rooms as r', 'r.id', 'd.room_id')
    .select(['d.project_id', 'd.room_id', 'd.name', 'd.name_en', 'd.sort', 'r.name as room_name', 'r.name_en as room_name_en'])
    .where('d.kind', '=', 'camera')
    .orderBy('d.project_id')
    .orderBy('d.id')
    .execute();
  if (cams.length === 0) return;
  const seen = new Map<number, number>();
  await trx
    .insertInto('video_cameras')
    .values(
      cams.map((c) => {
        const n = (seen.get(c.project_id) ?? 0) + 1;
        seen.set(c.project_id, n);
        return {
          project_id: c.project_id,
          room_id: c.room_id,
          name: c.room_name ? `${c.room_name}·${c.name}` : c.name,
          name_en: c.room_name_en ? `${c.room_name_en} · ${c.name_en || c.name}` : c.name_en || c.name,
          stream_url: 'sim://testsrc2',
          snapshot_url: '',
          ptz: n % 2 === 0,
          sort: n,
        };
      }),
    )
    .execute();
}
