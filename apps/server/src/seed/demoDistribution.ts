import type { Db } from '../db/database.js';
import { generateDiagram } from '../modules/distribution/diagram.js';

/**
 * Distribution additions to the demo: a single-line diagram for every distribution room (generated from its
 * devices). The inspection robots are seeded by demoRobots.ts (docs/robot.md).
 */
export async function seedDemoDistribution(trx: Db): Promise<void> {
  const rooms = await trx.selectFrom('rooms').select(['id', 'project_id']).where('kind', '=', 'distribution').orderBy('id').execute();
  for (const room of rooms) {
    const devices = await trx.selectFrom('devices').select(['id', 'parent_id', 'kind', 'name', 'name_en']).where('room_id', '=', room.id).orderBy('sort').execute();
    await trx.insertInto('sld_diagrams').values({ room_id: room.id, project_id: room.project_id, doc: JSON.stringify(generateDiagram(devices)), updated_by: null }).execute();
  }
}
