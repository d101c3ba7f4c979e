import {
  ErrorCode,
  POWER_ONLY_NODE_TYPES,
  type EnergyLoop,
  type EnergyType,
  type MeterNode,
  type MeterNodeCreate,
  type MeterNodeType,
  type MeterNodeUpdate,
  type MeterPoint,
  type MeterTreeNode,
  type Tariff,
  type TariffMonth,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AuditService } from '../audit/service.js';
import type { AccessService } from '../access/service.js';
import { meteringRepository, type MeteringRepository, type NodeRow, type NodeValues } from './repository.js';
import { tariffRows, toTariffMonths } from './tariff.js';
import { tariffRepository, type TariffRepository, type TariffVersionValues } from './tariffRepository.js';

/** A tariff valid from 2000-01-01 without basic charge, power-factor assessment or feed-in price. */
export const DEFAULT_TARIFF: Omit<TariffVersionValues, 'rows'> = {
  name: '分时电价',
  name_en: 'Time-of-use tariff',
  valid_from: '2000-01-01',
  valid_to: null,
  demand_mode: 'none',
  basic_price: 0,
  capacity_kva: null,
  pf_standard: null,
  feed_in_price: null,
  declared_demand_kw: null,
};
import { wouldCycle } from './tree.js';
import { createBillingService } from './billing.js';
import { UNITS } from './units.js';

/** Counter keys of the catalogue and the energy tree they belong to. */
export const COUNTER_ENERGY: Record<string, EnergyType> = {
  EP: 'power',
  EPchg: 'power',
  EPdis: 'power',
  EW: 'water',
  EG: 'gas',
  EH: 'heat',
};
/** Live power/flow points and their tree: P (kW), flow (m³/h, water or gas by device), power (heat kW). */
const powerEnergy = (key: string, deviceKind: string): EnergyType | null =>
  key === 'P'
    ? 'power'
    : key === 'power' && deviceKind === 'heat_meter'
      ? 'heat'
      : key === 'flow'
        ? deviceKind === 'gas_meter'
          ? 'gas'
          : 'water'
        : null;

const invalid = (field: string, zh: string, en: string) =>
  new AppError(ErrorCode.Validation, { zh, en }, field);

export const toMeterNode = (r: NodeRow): MeterNode => ({
  id: r.id,
  project_id: r.project_id,
  energy_type: r.energy_type as EnergyType,
  parent_id: r.parent_id,
  node_type: r.node_type as MeterNodeType,
  name: r.name,
  name_en: r.name_en,
  point_id: r.point_id,
  power_point_id: r.power_point_id,
  sort: r.sort,
  layout_x: r.layout_x,
  layout_y: r.layout_y,
  device_id: r.device_id,
  device_name: r.device_name,
  device_name_en: r.device_name_en,
  point_key: r.point_key,
  unit: r.unit ?? UNITS[r.energy_type as EnergyType] ?? '',
});

export function nest(nodes: MeterNode[]): MeterTreeNode[] {
  const byId = new Map<number, MeterTreeNode>(nodes.map((n) => [n.id, { ...n, children: [] }]));
  const roots: MeterTreeNode[] = [];
  for (const n of byId.values()) {
    const parent = n.parent_id === null ? undefined : byId.get(n.parent_id);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/**
 * Metering configuration of /EnergyManage: trees, loops, flow layout, tariffs. The repositories are injected
 * (defaults: the SQL ones), so the rules run in service.test.ts without a database.
 */
export function createMeteringService(
  db: Db,
  access: AccessService,
  repo: MeteringRepository = meteringRepository,
  tariffs: TariffRepository = tariffRepository,
  /** Node and tariff edits are recorded in the usage log with before → after (absent in unit tests). */
  audit?: AuditService,
) {
  /** Every rule a node must satisfy in its tree; throws 10006/10008 naming the field. */
  async function validate(projectId: number, energyType: EnergyType, nodeId: number | null, v: NodeValues) {
    if (energyType !== 'power' && POWER_ONLY_NODE_TYPES.includes(v.node_type as MeterNodeType)) {
      throw invalid(
        'node_type',
        `${v.node_type} 类型只能用于电力计量树`,
        `node type ${v.node_type} belongs to the power tree only`,
      );
    }
    const tree = await repo.nodes(db, projectId, energyType);
    if (v.parent_id !== null) {
      const parent = await repo.nodeById(db, v.parent_id);
      if (!parent)
        throw invalid(
          'parent_id',
          `上级节点 ${v.parent_id} 不存在`,
          `parent node ${v.parent_id} does not exist`,
        );
      if (parent.project_id !== projectId)
        throw invalid(
          'parent_id',
          '上级节点必须属于同一项目',
          'the parent node must belong to the same project',
        );
      if (parent.energy_type !== energyType)
        throw invalid(
          'parent_id',
          '上级节点必须属于同一能源类型的计量树',
          'the parent node must be in the same energy tree',
        );
      if (
        nodeId !== null &&
        wouldCycle(
          tree.map((n) => ({ ...n, node_type: n.node_type as MeterNodeType })),
          nodeId,
          v.parent_id,
        )
      )
        throw invalid(
          'parent_id',
          '不能把节点挂到它自己或其下级节点下（形成环）',
          'a node cannot be moved under itself or its descendants (cycle)',
        );
    }
    if (v.point_id !== null) {
      const pt = await repo.projectPoint(db, projectId, v.point_id);
      if (!pt)
        throw invalid(
          'point_id',
          `计量点 ${v.point_id} 不属于该项目`,
          `meter point ${v.point_id} is not a point of this project`,
        );
      if (pt.kind !== 'counter' || COUNTER_ENERGY[pt.key] !== energyType) {
        throw invalid(
          'point_id',
          `计量点 ${v.point_id}（${pt.key}）不是${energyType}累计量`,
          `meter point ${v.point_id} (${pt.key}) is not a ${energyType} counter`,
        );
      }
      const other = tree.find((n) => n.point_id === v.point_id && n.id !== nodeId);
      if (other)
        throw new AppError(
          ErrorCode.Conflict,
          {
            zh: `计量点已绑定到节点“${other.name}”`,
            en: `This meter point is already bound to node "${other.name_en || other.name}"`,
          },
          'point_id',
        );
    }
    if (v.power_point_id !== null) {
      const pt = await repo.projectPoint(db, projectId, v.power_point_id);
      if (!pt || powerEnergy(pt.key, pt.device_kind) !== energyType) {
        throw invalid(
          'power_point_id',
          `功率点 ${v.power_point_id} 不是该项目的${energyType}功率测点`,
          `power point ${v.power_point_id} is not a ${energyType} power point of this project`,
        );
      }
    }
  }

  /** A node the user may change: in scope, with the configuration permission. */
  async function ownNode(user: AuthUser, id: number) {
    const node = await repo.nodeById(db, id);
    if (!node) throw notFound();
    await access.assertCanConfigure(user, node.project_id);
    return node;
  }

  /** A loop the user may change: in scope, with the configuration permission. */
  async function ownLoop(user: AuthUser, id: number) {
    const loop = await repo.loopById(db, id);
    if (!loop) throw notFound();
    await access.assertCanConfigure(user, loop.project_id);
    return loop;
  }

  async function checkLoopNodes(projectId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = new Set(await repo.nodeIdsOfProject(db, projectId, unique));
    const missing = unique.find((n) => !found.has(n));
    if (missing !== undefined)
      throw invalid(
        'node_ids',
        `节点 ${missing} 不属于该项目`,
        `node ${missing} is not a node of this project`,
      );
    return unique;
  }

  async function nodeOut(id: number): Promise<MeterNode> {
    const n = await repo.nodeById(db, id);
    const rows = await repo.nodes(db, n!.project_id, n!.energy_type);
    return toMeterNode(rows.find((r) => r.id === id)!);
  }

  return {
    /** The billing page's tariffs with validity periods (billing.ts). */
    billing: createBillingService(db, access, audit, tariffs),

    async tree(user: AuthUser, projectId: number, energyType: EnergyType) {
      await access.assertProject(user, projectId);
      const nodes = (await repo.nodes(db, projectId, energyType)).map(toMeterNode);
      return { project_id: projectId, energy_type: energyType, nodes, tree: nest(nodes) };
    },

    async createNode(user: AuthUser, body: MeterNodeCreate): Promise<MeterNode> {
      await access.assertCanConfigure(user, body.project_id);
      const v: NodeValues = {
        parent_id: body.parent_id,
        node_type: body.node_type,
        name: body.name,
        name_en: body.name_en,
        point_id: body.point_id,
        power_point_id: body.power_point_id,
        sort: body.sort,
      };
      await validate(body.project_id, body.energy_type, null, v);
      return nodeOut(await repo.insertNode(db, body.project_id, body.energy_type, v));
    },

    async updateNode(user: AuthUser, id: number, body: MeterNodeUpdate): Promise<MeterNode> {
      const node = await ownNode(user, id);
      const v: NodeValues = {
        parent_id: body.parent_id !== undefined ? body.parent_id : node.parent_id,
        node_type: body.node_type ?? node.node_type,
        name: body.name ?? node.name,
        name_en: body.name_en ?? node.name_en,
        point_id: body.point_id !== undefined ? body.point_id : node.point_id,
        power_point_id: body.power_point_id !== undefined ? body.power_point_id : node.power_point_id,
        sort: body.sort ?? node.sort,
      };
      await validate(node.project_id, node.energy_type as EnergyType, id, v);
      const before = await nodeOut(id);
      await repo.updateNode(db, id, v);
      const after = await nodeOut(id);
      await audit?.recordChange(db, { action: 'metering.updateNode', target: { type: 'meter_node', id }, before, after, projectId: node.project_id });
      return after;
    },

    async deleteNode(user: AuthUser, id: number): Promise<{ id: number }> {
      const node = await ownNode(user, id);
      if ((await repo.childCount(db, id)) > 0) {
        throw new AppError(
          ErrorCode.Conflict,
          { zh: '请先删除或移走下级节点', en: 'Delete or move its child nodes first' },
          'id',
        );
      }
      const before = await nodeOut(id);
      await repo.deleteNode(db, id);
      await audit?.recordChange(db, { action: 'metering.deleteNode', target: { type: 'meter_node', id }, before, after: null, projectId: node.project_id });
      return { id };
    },

    async points(user: AuthUser, projectId: number): Promise<MeterPoint[]> {
      await access.assertProject(user, projectId);
      const [points, nodes] = await Promise.all([
        repo.projectPoints(db, projectId),
        repo.nodes(db, projectId),
      ]);
      const out: MeterPoint[] = [];
      for (const p of points) {
        const energy = p.kind === 'counter' ? COUNTER_ENERGY[p.key] : powerEnergy(p.key, p.device_kind);
        if (!energy) continue;
        const bound = nodes.find(
          (n) => n.energy_type === energy && (n.point_id === p.point_id || n.power_point_id === p.point_id),
        );
        out.push({
          ...p,
          kind: p.kind as 'counter' | 'analog',
          energy_type: energy,
          bound_node_id: bound?.id ?? null,
        });
      }
      return out;
    },

    async setLayout(
      user: AuthUser,
      projectId: number,
      positions: { node_id: number; x: number; y: number }[],
    ) {
      await access.assertCanConfigure(user, projectId);
      await checkLoopNodes(
        projectId,
        positions.map((p) => p.node_id),
      ).catch(() => {
        throw invalid(
          'positions',
          '包含不属于该项目的节点',
          'positions name a node that is not in this project',
        );
      });
      await repo.setLayout(db, projectId, positions);
      return { updated: positions.length };
    },

    async loops(user: AuthUser, projectId: number): Promise<EnergyLoop[]> {
      await access.assertProject(user, projectId);
      return repo.loops(db, projectId);
    },
    async createLoop(
      user: AuthUser,
      body: { project_id: number; name: string; name_en: string; node_ids: number[] },
    ): Promise<EnergyLoop> {
      await access.assertCanConfigure(user, body.project_id);
      const nodeIds = await checkLoopNodes(body.project_id, body.node_ids);
      return (await repo.loopById(db, await repo.insertLoop(db, { ...body, node_ids: nodeIds })))!;
    },
    async updateLoop(
      user: AuthUser,
      id: number,
      body: { name?: string | undefined; name_en?: string | undefined; node_ids?: number[] | undefined },
    ): Promise<EnergyLoop> {
      const loop = await ownLoop(user, id);
      const v: { name?: string; name_en?: string; node_ids?: number[] } = {};
      if (body.name !== undefined) v.name = body.name;
      if (body.name_en !== undefined) v.name_en = body.name_en;
      if (body.node_ids !== undefined) v.node_ids = await checkLoopNodes(loop.project_id, body.node_ids);
      if (Object.keys(v).length) await repo.updateLoop(db, id, v);
      return (await repo.loopById(db, id))!;
    },
    async deleteLoop(user: AuthUser, id: number) {
      await ownLoop(user, id);
      await repo.deleteLoop(db, id);
      return { id };
    },

    /** The tariff of the latest validity (the billing page edits every validity period; docs/energy-model.md). */
    async tariff(user: AuthUser, projectId: number): Promise<Tariff> {
      await access.assertProject(user, projectId);
      const latest = (await tariffs.versions(db, projectId)).at(-1);
      return { project_id: projectId, currency: 'CNY', months: latest ? toTariffMonths(latest.rows) : [] };
    },

    /**
     * Replaces the site's tariffs by one valid from 2000-01-01 with these TOU months, keeping the latest tariff's
     * name and charges (the single-tariff API; the billing page edits validity periods).
     */
    async setTariff(user: AuthUser, projectId: number, months: TariffMonth[]): Promise<Tariff> {
      await access.assertCanConfigure(user, projectId);
      const before = audit ? await this.tariff(user, projectId) : null;
      const rows = tariffRows(months);
      await tariffs.locked(db, projectId, async (trx, current) => {
        const latest = current.at(-1);
        for (const c of current) await tariffs.remove(trx, c.id);
        const kept = latest ? (({ id: _i, project_id: _p, version: _v, ...v }) => v)(latest) : DEFAULT_TARIFF;
        await tariffs.insert(trx, projectId, { ...kept, valid_from: DEFAULT_TARIFF.valid_from, valid_to: null, rows });
      });
      const after = await this.tariff(user, projectId);
      await audit?.recordChange(db, { action: 'metering.saveTariff', target: { type: 'tariff', id: projectId }, before, after, projectId });
      return after;
    },
  };
}

export type MeteringService = ReturnType<typeof createMeteringService>;
