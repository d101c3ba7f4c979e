import type { Db } from '../../db/database.js';
import { meteringRepository as repo } from './repository.js';

/**
 * The first incomer registered in a station without a power tree becomes that tree's root — a "grid" node on
 * its energy counter (EP) and active power (P) — so the station's totals are never silently 0 kWh (issue 25
 * item 5). It is an ordinary node: /EnergyManage/BranchSet edits, re-parents or replaces it. A station that
 * already has any power node keeps its tree untouched.
 */
export async function rootFirstIncomer(trx: Db, d: { id: number; projectId: number; kind: string; name: string; nameEn: string }): Promise<void> {
  if (d.kind !== 'incomer') return;
  if ((await repo.nodes(trx, d.projectId, 'power')).length > 0) return;
  const points = new Map((await repo.devicePointsByKey(trx, d.id, ['EP', 'P'])).map((p) => [p.key, p.id]));
  const energy = points.get('EP');
  if (energy === undefined) return;
  await repo.insertNode(trx, d.projectId, 'power', { parent_id: null, node_type: 'grid', name: d.name, name_en: d.nameEn, point_id: energy, power_point_id: points.get('P') ?? null, sort: 0 });
}
