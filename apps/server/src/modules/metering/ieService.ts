import {
  ErrorCode,
  IE_CATEGORY_DEFAULTS,
  IE_CATEGORY_MAX,
  type EnergyType,
  type IeCategory,
  type IeMeter,
  type MeterNodeType,
  doubleCounted,
  isAssignable,
  treeShape,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pgErrors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { ieRepository, type IeCategoryRow, type IeRepository } from './ieRepository.js';
import { meteringRepository, type NodeRow } from './repository.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () =>
  new AppError(ErrorCode.Conflict, {
    zh: '该分类已被他人修改，请刷新后重试',
    en: 'Someone else changed this category. Refresh and try again.',
  });

const toCategory = (r: IeCategoryRow): IeCategory => ({
  id: r.id,
  project_id: r.project_id,
  energy_type: r.energy_type as EnergyType,
  key: r.key,
  name: r.name,
  name_en: r.name_en,
  sort: r.sort,
  builtin: r.builtin,
  meter_count: r.meter_count,
  version: r.version,
});

/** Integrated-energy sets: use categories per energy type and the meters assigned to them (configure to write). */
export function createIeSetsService(db: Db, access: AccessService, audit?: AuditService, repo: IeRepository = ieRepository) {
  async function categoriesOf(projectId: number, energyType: EnergyType): Promise<IeCategoryRow[]> {
    // A site that has none of this type starts from the built-ins (idempotent across instances).
    if (!(await repo.hasAny(db, projectId, energyType))) await repo.ensureCategories(db, projectId, energyType, IE_CATEGORY_DEFAULTS[energyType]);
    return repo.categories(db, [projectId], energyType);
  }

  /** The category, after checking the caller may configure its site; 10004 when it is not visible. */
  async function ownedCategory(user: AuthUser, id: number): Promise<IeCategoryRow> {
    const row = await repo.category(db, id);
    if (!row) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  const nameTaken = () => invalid('name', '同一能源类型下已有同名分类', 'Another category of this energy type has that name');

  const meterName = (n: NodeRow) => ({ zh: n.name, en: n.name_en || n.name });

  return {
    async categories(user: AuthUser, projectId: number, energyType: EnergyType) {
      await access.assertProject(user, projectId);
      return { categories: (await categoriesOf(projectId, energyType)).map(toCategory) };
    },

    async createCategory(user: AuthUser, v: { project_id: number; energy_type: EnergyType; name: string; name_en: string; sort: number }) {
      await access.assertCanConfigure(user, v.project_id);
      const existing = await categoriesOf(v.project_id, v.energy_type);
      if (existing.length >= IE_CATEGORY_MAX) {
        throw invalid('name', `每种能源最多 ${IE_CATEGORY_MAX} 个分类`, `At most ${IE_CATEGORY_MAX} categories per energy type`);
      }
      let id: number;
      try {
        id = await repo.insertCategory(db, v);
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken();
        throw e;
      }
      const after = toCategory((await repo.category(db, id))!);
      await audit?.recordChange(db, { action: 'ieSets.createCategory', target: { type: 'ie_category', id }, before: null, after, projectId: v.project_id });
      return after;
    },

    async updateCategory(user: AuthUser, id: number, v: { name: string; name_en: string; sort: number; version: number }) {
      const before = await ownedCategory(user, id);
      if (before.version !== v.version) throw stale();
      let changed: number;
      try {
        changed = await repo.updateCategory(db, id, v.version, { name: v.name, name_en: v.name_en, sort: v.sort });
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken();
        throw e;
      }
      if (changed === 0) throw stale();
      const after = toCategory((await repo.category(db, id))!);
      await audit?.recordChange(db, { action: 'ieSets.updateCategory', target: { type: 'ie_category', id }, before: toCategory(before), after, projectId: before.project_id });
      return after;
    },

    async deleteCategory(user: AuthUser, id: number, version: number) {
      const before = await ownedCategory(user, id);
      if (before.version !== version) throw stale();
      if (before.meter_count > 0) {
        const names = await repo.metersOfCategory(db, id, 5);
        const more = before.meter_count > names.length ? ` …(${before.meter_count})` : '';
        throw new AppError(ErrorCode.Conflict, {
          zh: `仍有计量点属于该分类：${names.map((n) => n.name).join('、')}${more}。请先在计量点配置中改为其他分类`,
          en: `Meters still belong to this category: ${names.map((n) => n.name_en || n.name).join(', ')}${more}. Move them to another category first.`,
        });
      }
      if ((await repo.deleteCategory(db, id, version)) === 0) throw stale();
      await audit?.recordChange(db, { action: 'ieSets.deleteCategory', target: { type: 'ie_category', id }, before: toCategory(before), after: null, projectId: before.project_id });
      return { id };
    },

    async meters(user: AuthUser, projectId: number, energyType: EnergyType): Promise<{ meters: IeMeter[] }> {
      await access.assertProject(user, projectId);
      const nodes = await meteringRepository.nodes(db, projectId, energyType);
      const assigned = new Map((await repo.assignments(db, nodes.map((n) => n.id))).map((a) => [a.node_id, a.category_id]));
      const shape = treeShape(nodes);
      return {
        meters: nodes.map((n) => ({
          node_id: n.id,
          parent_id: n.parent_id,
          depth: shape.depthOf(n.id),
          node_type: n.node_type as MeterNodeType,
          name: n.name,
          name_en: n.name_en,
          device_name: n.device_name,
          device_name_en: n.device_name_en,
          point_key: n.point_key,
          leaf: shape.isLeaf(n.id),
          assignable: isAssignable(energyType, n.node_type as MeterNodeType),
          category_id: assigned.get(n.id) ?? null,
        })),
      };
    },

    /** Saves the whole assignment of one tree: every check first, then one transaction. */
    async assign(user: AuthUser, v: { project_id: number; energy_type: EnergyType; assignments: { node_id: number; category_id: number | null }[] }) {
      await access.assertCanConfigure(user, v.project_id);
      const nodes = await meteringRepository.nodes(db, v.project_id, v.energy_type);
      const byId = new Map(nodes.map((n) => [n.id, n]));
      const categoryIds = new Set((await categoriesOf(v.project_id, v.energy_type)).map((c) => c.id));
      const seen = new Set<number>();
      v.assignments.forEach((a, i) => {
        const node = byId.get(a.node_id);
        if (!node) throw invalid(`assignments.${i}.node_id`, `计量点 ${a.node_id} 不在本站点的该能源计量树中`, `Meter ${a.node_id} is not in this site's tree of that energy type`);
        if (seen.has(a.node_id)) throw invalid(`assignments.${i}.node_id`, `计量点「${node.name}」重复出现`, `Meter "${meterName(node).en}" appears twice`);
        seen.add(a.node_id);
        if (a.category_id === null) return;
        if (!categoryIds.has(a.category_id)) throw invalid(`assignments.${i}.category_id`, `分类 ${a.category_id} 不属于本站点的该能源类型`, `Category ${a.category_id} is not one of this site's categories of that energy type`);
        if (!isAssignable(v.energy_type, node.node_type as MeterNodeType)) {
          throw invalid(`assignments.${i}.category_id`, `「${node.name}」不是用能计量点（进线、发电、储能、上网），不能分项`, `"${meterName(node).en}" does not measure consumption (incomer, generation, storage, export): it cannot have a category`);
        }
      });
      // Nodes not named keep what they have: the saved state is the current one overlaid with the request.
      const current = await repo.assignments(db, nodes.map((n) => n.id));
      const merged = new Map(current.map((a) => [a.node_id, a.category_id]));
      for (const a of v.assignments) {
        if (a.category_id === null) merged.delete(a.node_id);
        else merged.set(a.node_id, a.category_id);
      }
      const pairs = doubleCounted(nodes, new Set(merged.keys()));
      if (pairs.length > 0) {
        const [low, high] = pairs[0]!;
        const [l, h] = [byId.get(low)!, byId.get(high)!];
        const i = v.assignments.findIndex((a) => a.node_id === low || a.node_id === high);
        throw invalid(
          `assignments.${Math.max(i, 0)}.category_id`,
          `「${l.name}」在「${h.name}」之下，两者都分项会重复计量：只给其中一个选择分类`,
          `"${meterName(l).en}" is below "${meterName(h).en}": giving both a category would count its energy twice. Choose a category for one of them only.`,
        );
      }
      const saved = [...merged.entries()].map(([node_id, category_id]) => ({ node_id, category_id }));
      await db.transaction().execute((trx) => repo.replaceAssignments(trx, nodes.map((n) => n.id), saved));
      await audit?.recordChange(db, {
        action: 'ieSets.assign',
        target: { type: 'ie_meters', id: v.project_id },
        before: { energy_type: v.energy_type, assignments: current },
        after: { energy_type: v.energy_type, assignments: saved },
        projectId: v.project_id,
      });
      return { assigned: saved.length };
    },
  };
}
export type IeSetsService = ReturnType<typeof createIeSetsService>;
