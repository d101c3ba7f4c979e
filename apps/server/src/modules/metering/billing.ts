import {
  ErrorCode,
  type BillingTariff,
  type BillingTariffCreate,
  type BillingTariffUpdate,
  type DemandMode,
  type PfStandard,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { tariffRows, toTariffMonths } from './tariff.js';
import { tariffRepository, type TariffRepository, type TariffVersionRow, type TariffVersionValues } from './tariffRepository.js';

const invalid = (field: string, zh: string, en: string) =>
  new AppError(ErrorCode.Validation, { zh: `${field}：${zh}`, en: `${field}: ${en}` }, field);

/** Stored row → API form. */
export const toBillingTariff = (r: TariffVersionRow): BillingTariff => ({
  id: r.id,
  project_id: r.project_id,
  name: r.name,
  name_en: r.name_en,
  valid_from: r.valid_from,
  valid_to: r.valid_to,
  months: toTariffMonths(r.rows),
  demand_mode: r.demand_mode as DemandMode,
  basic_price: r.basic_price,
  capacity_kva: r.capacity_kva,
  pf_standard: r.pf_standard as PfStandard | null,
  feed_in_price: r.feed_in_price,
  declared_demand_kw: r.declared_demand_kw,
  version: r.version,
});

type Fields = Omit<BillingTariffCreate, 'project_id'>;

/** Checks one tariff on its own (TOU months, dates, basic charge); returns what to store. Throws 10006 naming the field. */
export function tariffValues(v: Fields): TariffVersionValues {
  if (v.valid_to !== null && v.valid_to < v.valid_from)
    throw invalid('valid_to', '结束日期早于开始日期', 'the end date is before the start date');
  if (v.demand_mode === 'capacity' && v.capacity_kva === null)
    throw invalid('capacity_kva', '按容量计收基本电费时须填写变压器容量', 'the transformer capacity is required for a capacity charge');
  if (v.demand_mode !== 'demand' && v.declared_demand_kw !== null)
    throw invalid('declared_demand_kw', '仅按需量计收基本电费时可填写核定需量', 'a declared demand applies only to a demand charge');
  if (v.demand_mode !== 'none' && v.basic_price <= 0)
    throw invalid('basic_price', '基本电价须大于 0', 'the basic charge price must be above 0');
  return {
    name: v.name,
    name_en: v.name_en,
    valid_from: v.valid_from,
    valid_to: v.valid_to,
    rows: tariffRows(v.months),
    demand_mode: v.demand_mode,
    basic_price: v.demand_mode === 'none' ? 0 : v.basic_price,
    capacity_kva: v.demand_mode === 'capacity' ? v.capacity_kva : null,
    pf_standard: v.pf_standard,
    feed_in_price: v.feed_in_price,
    declared_demand_kw: v.demand_mode === 'demand' ? v.declared_demand_kw : null,
  };
}

/** Refuses a validity that overlaps another tariff of the site (10006 on `valid_from`, naming the other one). */
export function checkOverlap(v: { valid_from: string; valid_to: string | null }, others: TariffVersionRow[]) {
  const end = v.valid_to ?? '9999-12-31';
  const hit = others.find((o) => v.valid_from <= (o.valid_to ?? '9999-12-31') && o.valid_from <= end);
  if (hit) {
    const range = `${hit.valid_from} – ${hit.valid_to ?? '…'}`;
    throw invalid(
      'valid_from',
      `有效期与电价“${hit.name}”（${range}）重叠`,
      `the validity overlaps tariff "${hit.name_en || hit.name}" (${range})`,
    );
  }
}

/**
 * /RunSetup/BillingSet: a site's tariffs with validity periods. Reads need the project in scope; writes need
 * 'configure' too, run all-or-nothing with the site's tariffs locked (overlap check), use a version check, and
 * are recorded in the usage log with before → after.
 */
export function createBillingService(db: Db, access: AccessService, audit?: AuditService, tariffs: TariffRepository = tariffRepository) {
  async function own(user: AuthUser, id: number) {
    const row = await tariffs.byId(db, id);
    if (!row) throw notFound();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  return {
    async list(user: AuthUser, projectId: number): Promise<BillingTariff[]> {
      await access.assertProject(user, projectId);
      return (await tariffs.versions(db, projectId)).map(toBillingTariff);
    },

    async create(user: AuthUser, body: BillingTariffCreate): Promise<BillingTariff> {
      await access.assertCanConfigure(user, body.project_id);
      const values = tariffValues(body);
      const id = await tariffs.locked(db, body.project_id, async (trx, current) => {
        checkOverlap(values, current);
        const newId = await tariffs.insert(trx, body.project_id, values);
        const after = toBillingTariff((await tariffs.byId(trx, newId))!);
        await audit?.recordChange(trx, { action: 'billing.createTariff', target: { type: 'tariff', id: newId }, before: null, after, projectId: body.project_id });
        return newId;
      });
      return toBillingTariff((await tariffs.byId(db, id))!);
    },

    async update(user: AuthUser, id: number, body: BillingTariffUpdate): Promise<BillingTariff> {
      const row = await own(user, id);
      const values = tariffValues(body);
      await tariffs.locked(db, row.project_id, async (trx, current) => {
        checkOverlap(values, current.filter((o) => o.id !== id));
        const before = current.find((o) => o.id === id);
        if (!before || !(await tariffs.update(trx, id, body.version, values)))
          throw new AppError(
            ErrorCode.Conflict,
            { zh: '该电价已被他人修改，请刷新后重试', en: 'this tariff was changed by someone else; reload and try again' },
            'version',
          );
        const after = toBillingTariff((await tariffs.byId(trx, id))!);
        await audit?.recordChange(trx, { action: 'billing.updateTariff', target: { type: 'tariff', id }, before: toBillingTariff(before), after, projectId: row.project_id });
      });
      return toBillingTariff((await tariffs.byId(db, id))!);
    },

    async remove(user: AuthUser, id: number) {
      const row = await own(user, id);
      await tariffs.locked(db, row.project_id, async (trx) => {
        await tariffs.remove(trx, id);
        await audit?.recordChange(trx, { action: 'billing.deleteTariff', target: { type: 'tariff', id }, before: toBillingTariff(row), after: null, projectId: row.project_id });
      });
      return { id };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
