import { ASSET_DEVICE_KINDS, assetFields, assetProblem, ErrorCode, type AssetDevice, type AssetKind } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pgErrors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { energyAssetsRepository, type AssetRow, type EnergyAssetsRepository } from './repository.js';
import { createStrategySync, type StrategySync } from './strategySync.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '该配置已被他人修改，请刷新后重试', en: 'Someone else changed this entry. Refresh and try again.' });

/** The device fields of each kind: one id, or a list of ids. */
const DEVICE_FIELDS: Record<AssetKind, { field: string; many: boolean; required: boolean }> = {
  pv: { field: 'inverter_ids', many: true, required: false },
  wind: { field: 'device_id', many: false, required: false },
  ess: { field: 'pcs_device_id', many: false, required: true },
  charger: { field: 'device_id', many: false, required: true },
};

const toItem = (r: AssetRow) => ({ ...r.spec, id: r.id, project_id: r.project_id, name: r.name, name_en: r.name_en, version: r.version });

/** The PCS a storage entry binds (its strategy is pushed to that PCS's controller). */
const pcsOf = (r: { kind: string; spec: Record<string, unknown> } | undefined): number[] => (r?.kind === 'ess' && typeof r.spec.pcs_device_id === 'number' ? [r.spec.pcs_device_id] : []);

/**
 * PV arrays, wind turbines, storage systems and chargers of a site (/RunSetup/PvSet, FanSet, EssSet, ChargeSet).
 * A storage entry's write also marks its PCS (and the PCS it left) for the strategy push, in the same
 * transaction (strategySync.ts), so the PCS's controller — the simulator's too — runs the saved strategy.
 */
export function createEnergyAssetsService(db: Db, access: AccessService, audit?: AuditService, repo: EnergyAssetsRepository = energyAssetsRepository, sync: StrategySync = createStrategySync(db)) {
  /** Every device named must be one of the site's devices of the kinds this asset binds (checked, never trusted). */
  async function checkDevices(kind: AssetKind, projectId: number, v: Record<string, unknown>): Promise<void> {
    const { field, many } = DEVICE_FIELDS[kind];
    const ids = (many ? (v[field] as number[]) : v[field] === null ? [] : [v[field] as number]) ?? [];
    const allowed = new Set((await repo.devices(db, projectId, ASSET_DEVICE_KINDS[kind])).map((d) => d.id));
    const bad = ids.findIndex((id) => !allowed.has(id));
    if (bad >= 0) {
      throw invalid(many ? `${field}.${bad}` : field, `设备 ${ids[bad]} 不是本站点可绑定的设备`, `Device ${ids[bad]} is not one of this site's devices that can be bound here`);
    }
    if (many && new Set(ids).size !== ids.length) throw invalid(field, '同一设备不能重复选择', 'The same device is chosen twice');
  }

  function checkRules(kind: AssetKind, v: Record<string, unknown>) {
    const p = assetProblem(kind, v);
    if (p) throw invalid(p.field, p.zh, p.en);
  }

  const taken = (kind: AssetKind) =>
    kind === 'ess'
      ? invalid('pcs_device_id', '该 PCS 已属于另一个储能系统', 'That PCS already belongs to another storage system')
      : invalid('device_id', '该充电桩已配置', 'That charger is already configured');

  async function owned(user: AuthUser, kind: AssetKind, id: number): Promise<AssetRow> {
    const row = await repo.get(db, id);
    if (!row || row.kind !== kind) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  /** The kind's fields out of a validated request (name and name_en are columns, the rest is `spec`). */
  const split = (kind: AssetKind, body: Record<string, unknown>) => {
    const parsed = assetFields[kind].parse(body) as Record<string, unknown> & { name: string; name_en: string };
    const { name, name_en, ...spec } = parsed;
    return { name, name_en, spec };
  };

  return {
    async list(user: AuthUser, kind: AssetKind, projectId: number): Promise<{ items: Record<string, unknown>[]; devices: AssetDevice[] }> {
      await access.assertProject(user, projectId);
      const [rows, devices] = await Promise.all([repo.list(db, [projectId], kind), repo.devices(db, projectId, ASSET_DEVICE_KINDS[kind])]);
      if (kind !== 'ess') return { items: rows.map(toItem), devices };
      // Storage: has each PCS taken its strategy? (null: never sent, e.g. just seeded)
      const states = await sync.states(rows.flatMap(pcsOf));
      return { items: rows.map((r) => ({ ...toItem(r), sync: states.get(pcsOf(r)[0] ?? 0) ?? null })), devices };
    },

    async create(user: AuthUser, kind: AssetKind, body: Record<string, unknown> & { project_id: number }) {
      await access.assertCanConfigure(user, body.project_id);
      const v = split(kind, body);
      checkRules(kind, { ...v.spec, ...v });
      await checkDevices(kind, body.project_id, v.spec);
      try {
        const after = await db.transaction().execute(async (trx) => {
          const id = await repo.insert(trx, { project_id: body.project_id, kind, ...v });
          const row = (await repo.get(trx, id))!;
          await sync.changed(trx, pcsOf(row));
          const item = toItem(row);
          await audit?.recordChange(trx, { action: `energyAssets.create.${kind}`, target: { type: `asset_${kind}`, id }, before: null, after: item, projectId: body.project_id });
          return item;
        });
        if (kind === 'ess') sync.kick();
        return after;
      } catch (e) {
        if (isUniqueViolation(e)) throw taken(kind);
        throw e;
      }
    },

    async update(user: AuthUser, kind: AssetKind, id: number, body: Record<string, unknown> & { version: number }) {
      const before = await owned(user, kind, id);
      if (before.version !== body.version) throw stale();
      const v = split(kind, body);
      checkRules(kind, { ...v.spec, ...v });
      await checkDevices(kind, before.project_id, v.spec);
      try {
        const after = await db.transaction().execute(async (trx) => {
          if ((await repo.update(trx, id, body.version, v)) === 0) throw stale();
          const row = (await repo.get(trx, id))!;
          // The PCS it left runs no configured strategy any more; the one it names runs this one.
          await sync.changed(trx, [...pcsOf(before), ...pcsOf(row)]);
          const item = toItem(row);
          await audit?.recordChange(trx, { action: `energyAssets.update.${kind}`, target: { type: `asset_${kind}`, id }, before: toItem(before), after: item, projectId: before.project_id });
          return item;
        });
        if (kind === 'ess') sync.kick();
        return after;
      } catch (e) {
        if (isUniqueViolation(e)) throw taken(kind);
        throw e;
      }
    },

    async remove(user: AuthUser, kind: AssetKind, id: number, version: number) {
      const before = await owned(user, kind, id);
      if (before.version !== version) throw stale();
      await db.transaction().execute(async (trx) => {
        if ((await repo.remove(trx, id, version)) === 0) throw stale();
        await sync.changed(trx, pcsOf(before));
        await audit?.recordChange(trx, { action: `energyAssets.delete.${kind}`, target: { type: `asset_${kind}`, id }, before: toItem(before), after: null, projectId: before.project_id });
      });
      if (kind === 'ess') sync.kick();
      return { id };
    },

    /** The site's PV arrays (for the expected yield); no access check: callers have checked the project. */
    pvArraysOf: async (projectId: number) => (await repo.list(db, [projectId], 'pv')).map(toItem),
  };
}
export type EnergyAssetsService = ReturnType<typeof createEnergyAssetsService>;
