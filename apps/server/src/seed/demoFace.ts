import { crc32, deflateSync } from 'node:zlib';
import type { Db } from '../db/database.js';
import type { FacePhotoKeyring } from '../modules/face/photo.js';

/**
 * The demo face library (docs/face-library.md): per station an access group opening its door terminals on working
 * days, and a few people with a (generated) face photo each. The server's sender then enrols them on the
 * simulated terminals, which report recognitions. Only seeded when the server hands over its photo key.
 */
const PEOPLE = [
  { name: '周建国', name_en: 'Zhou Jianguo', kind: 'staff', company: 'Site O&M crew', phone: '13900001111' },
  { name: '吴晓燕', name_en: 'Wu Xiaoyan', kind: 'staff', company: 'Site O&M crew', phone: '13900002222' },
  { name: '郑海涛', name_en: 'Zheng Haitao', kind: 'contractor', company: 'East China Electrical Services', phone: '13900003333' },
] as const;

/** A 240×240 RGB head-and-shoulders portrait, distinct per seed (enough for a demo thumbnail; ≥ 200 px). */
export function demoPortrait(seed: number): Buffer {
  const W = 240;
  const raw = Buffer.alloc((W * 3 + 1) * W);
  const skin = [[236, 200, 170], [214, 176, 140], [241, 212, 186]][seed % 3]!;
  const shirt = [[46, 95, 160], [70, 120, 80], [150, 70, 60]][seed % 3]!;
  for (let y = 0; y < W; y++) {
    const row = y * (W * 3 + 1);
    for (let x = 0; x < W; x++) {
      const face = ((x - 120) / 52) ** 2 + ((y - 100) / 66) ** 2 <= 1;
      const hair = ((x - 120) / 58) ** 2 + ((y - 84) / 62) ** 2 <= 1 && y < 84;
      const body = y > 170 && Math.abs(x - 120) < 40 + (y - 170) * 1.2;
      const eye = (Math.abs(x - 100) < 6 || Math.abs(x - 140) < 6) && Math.abs(y - 96) < 4;
      const c = eye ? [40, 40, 40] : hair ? [50, 40, 35] : face ? skin : body ? shirt : [210, 218, 226];
      raw.set(c, row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(W, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export async function seedDemoFace(trx: Db, keys: FacePhotoKeyring): Promise<void> {
  const terminals = await trx.selectFrom('devices').select(['id', 'project_id']).where('kind', '=', 'access_terminal').orderBy('id').execute();
  const byProject = new Map<number, number[]>();
  for (const t of terminals) byProject.set(t.project_id, [...(byProject.get(t.project_id) ?? []), t.id]);
  let seed = 0;
  for (const [projectId, doorIds] of byProject) {
    const group = await trx
      .insertInto('face_groups')
      .values({ project_id: projectId, name: '运维班组', name_en: 'Maintenance crew', door_ids: JSON.stringify(doorIds), days: JSON.stringify([1, 2, 3, 4, 5, 6]), time_from: '07:00', time_to: '20:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of PEOPLE) {
      const person = await trx
        .insertInto('face_people')
        .values({ project_id: projectId, group_id: group.id, ...p, valid_from: null, valid_until: null, enabled: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('face_photos')
        .values({ person_id: person.id, mime: 'image/png', width: 240, height: 240, ...keys.seal(demoPortrait(seed++), person.id) })
        .execute();
    }
  }
}
