import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the monthly report: settings, stored reports, the job's claims, and the month's event/work-order/gateway counts. Rules: service.ts. */
export interface SettingsRow {
  project_id: number;
  sections: string[];
  recipients: string[];
  languages: string[];
  auto_generate: boolean;
  version: number;
}
export interface ReportRow {
  id: number;
  project_id: number;
  month: string;
  trigger: string;
  sections: string[];
  languages: string[];
  generated_at: Date;
  pdf_bytes: number;
  xlsx_bytes: number;
  mail_status: string;
  deliveries: unknown[];
}
export interface NewReport {
  project_id: number;
  month: string;
  trigger: 'job' | 'manual' | 'seed';
  sections: string[];
  languages: string[];
  figures: unknown;
  pdf: Buffer;
  xlsx: Buffer;
  mail_status: string;
}
export interface EventCountRow {
  event_type: number;
  level: number;
  count: number;
  acknowledged: number;
  closed: number;
  ack_seconds: number | null;
  close_seconds: number | null;
}
export interface GatewayOutageRow {
  id: number;
  sn: string;
  name: string;
  name_en: string;
  outages: number;
  outage_seconds: number;
}

const reportColumns = [
  'id',
  'project_id',
  'month',
  'trigger',
  'sections',
  'languages',
  'generated_at',
  sql<number>`octet_length(pdf)`.as('pdf_bytes'),
  sql<number>`octet_length(xlsx)`.as('xlsx_bytes'),
  'mail_status',
  'deliveries',
] as const;

export const monthReportRepository = {
  async project(db: Db, id: number) {
    return db.selectFrom('projects').select(['id', 'org_id', 'name', 'name_en', 'timezone', 'created_at']).where('id', '=', id).executeTakeFirst();
  },
  async projects(db: Db, ids?: number[]) {
    let q = db.selectFrom('projects').select(['id', 'org_id', 'name', 'name_en', 'timezone', 'created_at']).orderBy('id');
    if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
    return q.execute();
  },
  /** The organisation and its ancestors, nearest first (whose SMTP server sends the site's report). */
  async orgChain(db: Db, orgId: number): Promise<number[]> {
    const r = await sql<{ id: number }>`
      WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT id, parent_id, 0 FROM organizations WHERE id = ${orgId}
        UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM organizations o JOIN up ON o.id = up.parent_id WHERE up.depth < 32)
      SELECT id FROM up ORDER BY depth`.execute(db);
    return r.rows.map((x) => x.id);
  },
  async settings(db: Db, projectIds: number[]): Promise<SettingsRow[]> {
    if (projectIds.length === 0) return [];
    return db.selectFrom('month_report_settings').select(['project_id', 'sections', 'recipients', 'languages', 'auto_generate', 'version']).where('project_id', 'in', projectIds).execute();
  },
  /** Inserts (expected version 0) or updates at the expected version; false when someone else saved first. */
  async saveSettings(db: Db, s: Omit<SettingsRow, 'version'>, expectedVersion: number): Promise<boolean> {
    const values = { sections: JSON.stringify(s.sections), recipients: JSON.stringify(s.recipients), languages: JSON.stringify(s.languages), auto_generate: s.auto_generate };
    if (expectedVersion === 0) {
      const r = await db.insertInto('month_report_settings').values({ project_id: s.project_id, ...values }).onConflict((oc) => oc.column('project_id').doNothing()).returning('project_id').executeTakeFirst();
      return r !== undefined;
    }
    const r = await db
      .updateTable('month_report_settings')
      .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
      .where('project_id', '=', s.project_id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  async reports(db: Db, projectId: number): Promise<ReportRow[]> {
    return db.selectFrom('month_reports').select(reportColumns).where('project_id', '=', projectId).orderBy('month', 'desc').execute();
  },
  async report(db: Db, projectId: number, month: string) {
    return db.selectFrom('month_reports').select([...reportColumns, 'figures']).where('project_id', '=', projectId).where('month', '=', month).executeTakeFirst();
  },
  async file(db: Db, id: number) {
    return db.selectFrom('month_reports').select(['id', 'project_id', 'month', 'pdf', 'xlsx']).where('id', '=', id).executeTakeFirst();
  },
  /** Stores a site-month's report, replacing an earlier one (regeneration); answers its id. */
  async upsertReport(db: Db, r: NewReport): Promise<number> {
    const values = {
      trigger: r.trigger,
      sections: JSON.stringify(r.sections),
      languages: JSON.stringify(r.languages),
      figures: JSON.stringify(r.figures),
      pdf: r.pdf,
      xlsx: r.xlsx,
      mail_status: r.mail_status,
    };
    const row = await db
      .insertInto('month_reports')
      .values({ project_id: r.project_id, month: r.month, ...values })
      .onConflict((oc) => oc.columns(['project_id', 'month']).doUpdateSet({ ...values, generated_at: sql`now()`, deliveries: '[]' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async setMail(db: Db, id: number, status: string, deliveries: unknown[]): Promise<void> {
    await db.updateTable('month_reports').set({ mail_status: status, deliveries: JSON.stringify(deliveries) }).where('id', '=', id).execute();
  },
  /**
   * The job's claim of a site-month: one atomic statement, so of several instances exactly one gets it. A claim
   * not marked done within the lease (a crashed instance) may be taken again.
   */
  async claim(db: Db, projectId: number, month: string, leaseMinutes: number): Promise<boolean> {
    const r = await db
      .insertInto('month_report_claims')
      .values({ project_id: projectId, month })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'month'])
          .doUpdateSet({ claimed_at: sql`now()` })
          .where('month_report_claims.done', '=', false)
          .where('month_report_claims.claimed_at', '<', sql<Date>`now() - make_interval(mins => ${leaseMinutes})`),
      )
      .returning('project_id')
      .executeTakeFirst();
    return r !== undefined;
  },
  async finishClaim(db: Db, projectId: number, month: string): Promise<void> {
    await db.updateTable('month_report_claims').set({ done: true }).where('project_id', '=', projectId).where('month', '=', month).execute();
  },
  async releaseClaim(db: Db, projectId: number, month: string): Promise<void> {
    await db.deleteFrom('month_report_claims').where('project_id', '=', projectId).where('month', '=', month).where('done', '=', false).execute();
  },

  /** Events raised in [from, to) by type and level, with acknowledge/close counts and summed durations (s). */
  async eventCounts(db: Db, projectId: number, from: Date, to: Date): Promise<EventCountRow[]> {
    return db
      .selectFrom('events')
      .select([
        'event_type',
        'level',
        sql<number>`count(*)::int`.as('count'),
        sql<number>`(count(*) FILTER (WHERE acknowledged_at IS NOT NULL))::int`.as('acknowledged'),
        sql<number>`(count(*) FILTER (WHERE closed_at IS NOT NULL))::int`.as('closed'),
        sql<number | null>`sum(extract(epoch FROM acknowledged_at - raised_at))::float8`.as('ack_seconds'),
        sql<number | null>`sum(extract(epoch FROM closed_at - raised_at))::float8`.as('close_seconds'),
      ])
      .where('project_id', '=', projectId)
      .where('raised_at', '>=', from)
      .where('raised_at', '<', to)
      .groupBy(['event_type', 'level'])
      .execute();
  },
  /** Work orders opened and closed in [from, to), and open at `to`. */
  async workOrderCounts(db: Db, projectId: number, from: Date, to: Date) {
    return db
      .selectFrom('work_orders')
      .select([
        sql<number>`(count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to}))::int`.as('opened'),
        sql<number>`(count(*) FILTER (WHERE closed_at >= ${from} AND closed_at < ${to}))::int`.as('closed'),
        sql<number>`(count(*) FILTER (WHERE created_at < ${to} AND (closed_at IS NULL OR closed_at >= ${to})))::int`.as('open'),
      ])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
  },
  /**
   * Each gateway of the site with its communication-loss events (gateway watch, key `gateway.commLost`, cleared
   * when heard again) overlapping [from, to): count and seconds inside the window; an uncleared one lasts to `to`.
   * (The FILTER matters: for a gateway without events the LEFT JOIN's NULL row would otherwise count the whole
   * window, since greatest() ignores NULLs.)
   */
  async gatewayOutages(db: Db, projectId: number, from: Date, to: Date): Promise<GatewayOutageRow[]> {
    const rows = await sql<GatewayOutageRow>`
      SELECT g.id, g.sn, g.name, g.name_en,
             count(e.id)::int AS outages,
             coalesce(sum(extract(epoch FROM least(coalesce(e.cleared_at, ${to}), ${to}) - greatest(e.raised_at, ${from}))) FILTER (WHERE e.id IS NOT NULL), 0)::float8 AS outage_seconds
        FROM gateways g
        LEFT JOIN events e ON e.project_id = g.project_id
             AND e.message_key = 'gateway.commLost'
             AND e.message_params ->> 'gateway' = g.sn
             AND e.raised_at < ${to}
             AND coalesce(e.cleared_at, ${to}) > ${from}
       WHERE g.project_id = ${projectId}
       GROUP BY g.id
       ORDER BY g.id`.execute(db);
    return rows.rows;
  },
};
