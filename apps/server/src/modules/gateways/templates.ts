import {
  DEVICE_KINDS,
  DEVICE_SN_PATTERN,
  deviceCatalog,
  ErrorCode,
  UserType,
  type BuiltinTemplateRow,
  type DeviceImportRequest,
  type DeviceImportResult,
  type DeviceKind,
  type DeviceTemplateCreate,
  type DeviceTemplateUpdate,
  type ImportColumn,
  type ImportRowError,
  type TemplatePoint,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pgErrors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { DevicePointSpec } from './repository.js';
import { resolveImportParents, type ParentRef } from './importParents.js';
import { registerDevice } from './registerDevice.js';
import { gatewaysRepository as gatewaysRepo } from './repository.js';
import type { GatewayService } from './service.js';
import { templatesRepository as repo } from './templatesRepository.js';
import { readImportSheet } from '../../lib/spreadsheetImport.js';

/** The catalogue entries as read-only templates (a point's type is the catalogue's kind; no scale, no limits). */
export const builtinTemplates: BuiltinTemplateRow[] = DEVICE_KINDS.map((kind) => ({
  kind,
  name: deviceCatalog[kind].name,
  name_en: deviceCatalog[kind].name_en,
  points: deviceCatalog[kind].points.map((p) => ({
    key: p.key,
    name: p.name,
    name_en: p.name_en,
    unit: p.unit,
    type: p.kind,
    scale: 1,
    precision: p.precision,
    low: null,
    high: null,
  })),
}));

const toSpec = (p: TemplatePoint): DevicePointSpec => ({
  key: p.key,
  name: p.name,
  name_en: p.name_en,
  unit: p.unit,
  kind: p.type,
  precision: p.precision,
  scale: p.scale,
  low: p.low,
  high: p.high,
});

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);

/** Duplicate point keys and low > high, naming the point (`points[2].key`). */
function checkPoints(points: TemplatePoint[]): void {
  const seen = new Map<string, number>();
  points.forEach((p, i) => {
    const first = seen.get(p.key);
    if (first !== undefined)
      throw invalid(`points[${i}].key`, `points[${i}].key：测点键 “${p.key}” 重复（第 ${first + 1} 行与第 ${i + 1} 行）`, `points[${i}].key: point key "${p.key}" is used twice (rows ${first + 1} and ${i + 1})`);
    seen.set(p.key, i);
    if (p.low !== null && p.high !== null && p.low > p.high)
      throw invalid(`points[${i}].low`, `points[${i}].low：测点 ${p.key} 的下限大于上限`, `points[${i}].low: point ${p.key} has its low limit above its high limit`);
  });
}

type TemplateRecord = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;
const rowOut = (t: TemplateRecord) => ({
  id: t.id,
  org_id: t.org_id,
  name: t.name,
  name_en: t.name_en,
  kind: t.kind,
  points: t.points as TemplatePoint[],
  version: t.version,
  updated_at: new Date(t.updated_at).toISOString(),
});

/** The organisations whose templates the user sees: centre users their subtree, others the path to their own. */
async function visibleOrgIds(access: AccessService, user: AuthUser): Promise<number[]> {
  return (await access.scope(user)).orgIds;
}

/**
 * What a new device in a project gets: a catalogue kind's points, or a custom template's — the template must be
 * visible to the user and belong to the project's organisation or one above it (another tenant's id is 404).
 */
export async function resolveDeviceTemplate(
  db: Db,
  access: AccessService,
  user: AuthUser,
  projectId: number,
  choice: { kind?: DeviceKind | undefined; template_id?: number | undefined },
): Promise<{ kind: string; points: DevicePointSpec[]; templateId: number | null }> {
  if (choice.template_id !== undefined) {
    const t = await repo.byId(db, choice.template_id);
    const visible = await visibleOrgIds(access, user);
    if (!t || !visible.includes(t.org_id) || !(await repo.projectOrgPath(db, projectId)).includes(t.org_id))
      throw new AppError(ErrorCode.NotFound, { zh: '设备模板 template_id 不存在', en: 'Device template (template_id) not found' }, 'template_id');
    return { kind: t.kind, points: (t.points as TemplatePoint[]).map(toSpec), templateId: t.id };
  }
  if (choice.kind !== undefined) return { kind: choice.kind, points: deviceCatalog[choice.kind].points, templateId: null };
  throw invalid('template_id', '请选择设备模板（kind 或 template_id）', 'Choose a device template (kind or template_id)');
}

const cellText = (v: unknown): string => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v)).trim();
const MAX_IMPORT_ROWS = 2000;

/** /RunSetup/DevTemplateSet: custom device templates of an organisation, and the bulk device import. */
export function createTemplateService(db: Db, access: AccessService, gateways: GatewayService) {
  function assertConfigure(user: AuthUser) {
    if (user.userType === UserType.Worker || !user.permissions.includes('configure')) throw forbidden();
  }
  /** A template the user may change: in scope, and in the user's own organisation unless a centre user. */
  async function editable(user: AuthUser, id: number) {
    assertConfigure(user);
    const t = await repo.byId(db, id);
    if (!t || !(await visibleOrgIds(access, user)).includes(t.org_id)) throw notFound();
    if (user.userType !== UserType.Centre && t.org_id !== user.orgId) throw forbidden();
    return t;
  }
  const nameTaken = (name: string) =>
    new AppError(ErrorCode.Conflict, { zh: `模板名称 name “${name}” 已存在`, en: `A template named (name) "${name}" already exists` }, 'name');

  return {
    async list(user: AuthUser) {
      assertConfigure(user);
      const custom = await repo.list(db, await visibleOrgIds(access, user));
      return { builtin: builtinTemplates, custom: custom.map(rowOut) };
    },

    async create(user: AuthUser, body: DeviceTemplateCreate) {
      assertConfigure(user);
      checkPoints(body.points);
      // The organisation being onboarded: a centre user's own or one of his subtree; anyone else only his own.
      const orgId = body.org_id ?? user.orgId;
      if (orgId !== user.orgId && (user.userType !== UserType.Centre || !(await access.adminOrgIds(user)).includes(orgId)))
        throw new AppError(ErrorCode.Forbidden, { zh: 'org_id：不能在该组织下创建设备模板', en: 'org_id: you may not create device templates for this organisation' }, 'org_id');
      if (await repo.nameTaken(db, orgId, body.name)) throw nameTaken(body.name);
      const t = await repo.insert(db, orgId, user.id, { name: body.name, nameEn: body.name_en, kind: body.kind, points: body.points });
      return rowOut(t);
    },

    async update(user: AuthUser, id: number, body: DeviceTemplateUpdate) {
      const t = await editable(user, id);
      checkPoints(body.points);
      if (await repo.nameTaken(db, t.org_id, body.name, id)) throw nameTaken(body.name);
      const saved = await repo.update(db, id, body.version, { name: body.name, nameEn: body.name_en, kind: body.kind, points: body.points });
      if (!saved)
        throw new AppError(ErrorCode.Conflict, { zh: '模板已被他人修改，请刷新后再保存', en: 'Someone else saved this template meanwhile; reload and save again' }, 'version');
      return rowOut(saved);
    },

    async remove(user: AuthUser, id: number) {
      const t = await editable(user, id);
      await repo.delete(db, t.id);
      return { id: t.id };
    },

    /**
     * Checks every row of the workbook (columns: IMPORT_COLUMNS) and reports each bad cell; only if none is bad
     * are all devices created, in one transaction.
     */
    async importDevices(user: AuthUser, body: DeviceImportRequest): Promise<DeviceImportResult> {
      assertConfigure(user);
      await access.assertCanConfigure(user, body.project_id);
      const errors: ImportRowError[] = [];
      const err = (row: number, column: ImportColumn | 'file', zh: string, en: string) => errors.push({ row, column, message: { zh, en } });
      const data = await readImportSheet(body.file_base64);
      if (data === null) {
        err(0, 'file', '文件不是有效的 .xlsx 工作簿', 'The file is not a valid .xlsx workbook');
        return { ok: false, created: 0, errors };
      }
      const rows = data
        .map((cells, i) => ({ row: i + 1, cells: Array.from({ length: 7 }, (_, c) => cellText(cells[c])) }))
        .slice(1)
        .filter((r) => r.cells.some((c) => c !== ''));
      if (rows.length === 0) {
        err(0, 'file', '工作簿中没有设备行（第 1 行是表头）', 'The workbook has no device rows (row 1 is the header)');
        return { ok: false, created: 0, errors };
      }
      if (rows.length > MAX_IMPORT_ROWS) {
        err(0, 'file', `一次最多导入 ${MAX_IMPORT_ROWS} 行`, `At most ${MAX_IMPORT_ROWS} rows per import`);
        return { ok: false, created: 0, errors };
      }
      const gws = await repo.gateways(db, body.project_id);
      const gwBySn = new Map(gws.map((g) => [g.sn.toLowerCase(), g]));
      const registered = await repo.deviceSerials(db, gws.map((g) => g.id));
      const taken = new Set(registered.map((d) => `${d.gateway_id}/${d.sn}`));
      const parentRefs: ParentRef[] = [];
      const rooms = await repo.rooms(db, body.project_id);
      const visible = await visibleOrgIds(access, user);
      const path = await repo.projectOrgPath(db, body.project_id);
      const usable = visible.filter((o) => path.includes(o));
      const customs = await repo.byNames(db, usable, [...new Set(rows.map((r) => r.cells[4] ?? '').filter((s) => s !== ''))]);
      const planned: Parameters<typeof gatewaysRepo.insertDevice>[1][] = [];
      /** The sheet row of each planned device (same order), to report a row that loses a race. */
      const plannedRows: number[] = [];
      for (const { row, cells } of rows) {
        const [gatewaySn = '', deviceSn = '', name = '', nameEn = '', template = '', room = '', parentSn = ''] = cells;
        parentRefs.push({ row, sn: deviceSn, parentSn });
        const g = gwBySn.get(gatewaySn.toLowerCase());
        if (gatewaySn === '') err(row, 'gateway_sn', '网关序列号为空', 'Gateway serial number is empty');
        else if (!g) err(row, 'gateway_sn', `本项目没有网关 “${gatewaySn}”`, `This project has no gateway "${gatewaySn}"`);
        if (deviceSn === '') err(row, 'device_sn', '设备序列号为空', 'Device serial number is empty');
        else if (!DEVICE_SN_PATTERN.test(deviceSn))
          err(row, 'device_sn', '设备序列号只能包含字母、数字、“.”、“_”、“-”（1–64 个）', 'Device serial number: 1–64 letters, digits, ".", "_" or "-"');
        else if (g && taken.has(`${g.id}/${deviceSn}`))
          err(row, 'device_sn', `设备 “${deviceSn}” 在网关 ${g.sn} 下已存在或在本文件中重复`, `Device "${deviceSn}" already exists under gateway ${g.sn} or is repeated in this file`);
        if (name === '') err(row, 'name', '中文名称为空', 'Name (zh) is empty');
        else if (name.length > 64) err(row, 'name', '中文名称超过 64 个字符', 'Name (zh) is longer than 64 characters');
        if (nameEn.length > 64) err(row, 'name_en', '英文名称超过 64 个字符', 'Name (en) is longer than 64 characters');
        const lower = template.toLowerCase();
        const builtin = DEVICE_KINDS.find((k) => k === lower || deviceCatalog[k].name === template || deviceCatalog[k].name_en.toLowerCase() === lower);
        const custom = customs.find((t) => t.name.toLowerCase() === lower || (t.name_en !== '' && t.name_en.toLowerCase() === lower));
        if (template === '') err(row, 'template', '设备模板为空', 'Device template is empty');
        else if (!custom && !builtin) err(row, 'template', `没有设备模板或类型 “${template}”`, `No device template or kind "${template}"`);
        const r = room === '' ? undefined : rooms.find((x) => x.name === room || (x.name_en !== '' && x.name_en.toLowerCase() === room.toLowerCase()));
        if (room !== '' && !r) err(row, 'room', `本项目没有配电室 “${room}”`, `This project has no room "${room}"`);
        if (g && DEVICE_SN_PATTERN.test(deviceSn)) taken.add(`${g.id}/${deviceSn}`);
        if (g && (custom || builtin) && errors.length === 0) {
          plannedRows.push(row);
          planned.push({
            projectId: body.project_id,
            gatewayId: g.id,
            sn: deviceSn,
            name,
            nameEn,
            roomId: r?.id ?? null,
            kind: custom ? custom.kind : (builtin as string),
            points: custom ? (custom.points as TemplatePoint[]).map(toSpec) : deviceCatalog[builtin as DeviceKind].points,
            templateId: custom?.id ?? null,
          });
        }
      }
      const parents = resolveImportParents(parentRefs, registered, (row, zh, en) => err(row, 'parent_sn', zh, en));
      if (errors.length > 0) return { ok: false, created: 0, errors: errors.sort((a, b) => a.row - b.row) };
      let current = 0;
      try {
        await db.transaction().execute(async (trx) => {
          const ids: number[] = [];
          const bySn = new Map<string, number>();
          for (const [i, d] of planned.entries()) {
            current = plannedRows[i] ?? 0;
            const p = parents.get(current);
            const id = await registerDevice(trx, { ...d, parentId: p && 'id' in p ? p.id : null });
            ids.push(id);
            bySn.set(d.sn, id);
          }
          // A parent that is a row of this file exists only now; its serial names one row (resolveImportParents).
          for (const [i, id] of ids.entries()) {
            const p = parents.get(plannedRows[i] ?? 0);
            if (p && 'sn' in p) await gatewaysRepo.setParent(trx, id, bySn.get(p.sn) ?? null);
          }
        });
      } catch (e) {
        // Another import or registration created the same serial after the check: nothing of this file is
        // written (the transaction rolled back), and the row is reported like any other bad cell.
        if (!isUniqueViolation(e)) throw e;
        err(current, 'device_sn', '设备序列号刚被他人登记，请刷新后重试', 'This device serial number was just registered by someone else; reload and try again');
        return { ok: false, created: 0, errors };
      }
      await gateways.devicesChanged();
      return { ok: true, created: planned.length, errors: [] };
    },
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
