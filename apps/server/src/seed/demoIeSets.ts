import { doubleCounted, ENERGY_TYPES, IE_CATEGORY_DEFAULTS, isAssignable, treeShape, type MeterNodeType } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { ieRepository } from '../modules/metering/ieRepository.js';
import { meteringRepository } from '../modules/metering/repository.js';

/** Demo circuits and meters by what their names say they supply (first match wins). */
const RULES: [RegExp, string][] = [
  [/照明|研发楼|办公/, 'lighting_socket'],
  [/空调|冷水|冷却补水/, 'hvac_makeup'],
  [/空调|冷水|冷却/, 'hvac'],
  [/餐饮|IT|UPS|涂装/, 'special'],
  [/动力|电梯|扶梯|消防|泵|车间|空压/, 'power'],
];
const BY_TYPE: Record<string, [RegExp, string][]> = {
  power: RULES.filter(([, k]) => k !== 'hvac_makeup'),
  water: [
    [/冷却补水/, 'hvac_makeup'],
    [/./, 'domestic'],
  ],
  gas: [
    [/餐饮/, 'catering'],
    [/涂装/, 'process'],
    [/./, 'boiler'],
  ],
  heat: [[/./, 'space_heating']],
};

/**
 * The demo sites' use categories (the built-ins) and which meters measure them, so the integrated-energy page
 * shows a breakdown on a fresh start: power by feeder name, water/gas/heat main meters by what they supply.
 */
export async function seedDemoIeSets(trx: Db, projectIds: Iterable<number>) {
  for (const projectId of projectIds) {
    for (const type of ENERGY_TYPES) {
      const nodes = await meteringRepository.nodes(trx, projectId, type);
      if (nodes.length === 0) continue;
      await ieRepository.ensureCategories(trx, projectId, type, IE_CATEGORY_DEFAULTS[type]);
      const byKey = new Map((await ieRepository.categories(trx, [projectId], type)).map((c) => [c.key, c.id]));
      const shape = treeShape(nodes);
      const picked: { node_id: number; category_id: number }[] = [];
      for (const n of nodes) {
        if (!isAssignable(type, n.node_type as MeterNodeType) || (type === 'power' && !shape.isLeaf(n.id))) continue;
        const key = BY_TYPE[type]!.find(([re]) => re.test(n.name))?.[1];
        const category = key ? byKey.get(key) : undefined;
        if (category) picked.push({ node_id: n.id, category_id: category });
      }
      // Leaves only for power; water/gas/heat trees are single main meters, so nothing can count twice.
      if (doubleCounted(nodes, new Set(picked.map((p) => p.node_id))).length === 0) {
        await ieRepository.replaceAssignments(trx, nodes.map((n) => n.id), picked);
      }
    }
  }
}
