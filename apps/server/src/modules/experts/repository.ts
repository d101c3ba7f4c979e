import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

export interface ExpertRow {
  id: number;
  org_id: number;
  org_name: string;
  org_name_en: string;
  name: string;
  name_en: string;
  phone: string;
  region: string;
  region_en: string;
  specialities: string[];
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string;
  reviewer: string | null;
  reviewed_at: Date | null;
  enabled: boolean;
  version: number;
  created_at: Date;
}

export interface CertificateRow {
  id: number;
  expert_id: number;
  cert_type: string;
  number: string;
  issued_on: string;
  expires_on: string;
  days_left: number;
  photo_type: string;
}

export interface ExpertFilter {
  orgIds: number[];
  status: 'pending' | 'approved' | 'rejected';
  speciality?: string | undefined;
  region?: string | undefined;
  expiringWithinDays?: number | undefined;
  keyword?: string | undefined;
}

export interface NewExpert {
  org_id: number;
  name: string;
  name_en: string;
  phone: string;
  region: string;
  region_en: string;
  specialities: string[];
  certificates: { cert_type: string; number: string; issued_on: string; expires_on: string; photo: Buffer; photo_type: string }[];
}

export interface ExpertWrite {
  name: string;
  name_en: string;
  phone: string;
  region: string;
  region_en: string;
  specialities: string[];
}

/** A certificate the expiry job claimed: one reminder per certificate and expiry date. */
export interface ClaimedCertificate {
  id: number;
  cert_type: string;
  number: string;
  expires_on: string;
  days_left: number;
  expert_name: string;
  expert_name_en: string;
  project_id: number;
  project_name: string;
  project_name_en: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function baseQuery(db: Db) {
  return db
    .selectFrom('experts as e')
    .innerJoin('organizations as o', 'o.id', 'e.org_id')
    .leftJoin('users as r', 'r.id', 'e.reviewed_by')
    .select([
      'e.id',
      'e.org_id',
      'o.name as org_name',
      'o.name_en as org_name_en',
      'e.name',
      'e.name_en',
      'e.phone',
      'e.region',
      'e.region_en',
      'e.specialities',
      'e.status',
      'e.reject_reason',
      sql<string | null>`coalesce(nullif(r.name_en, ''), r.name)`.as('reviewer'),
      'e.reviewed_at',
      'e.enabled',
      'e.version',
      'e.created_at',
    ]);
}

export const expertsRepository = {
  async orgByInviteCode(db: Db, code: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('organizations')
      .select('id')
      .where(sql<SqlBool>`upper(expert_invite_code) = upper(${code})`)
      .where('enabled', '=', true)
      .executeTakeFirst();
    return row?.id;
  },

  async inviteCode(db: Db, orgId: number) {
    return db.selectFrom('organizations').select(['id', 'name', 'name_en', 'expert_invite_code']).where('id', '=', orgId).executeTakeFirst();
  },

  /** Counts a registration attempt of an address; answers the attempts within the window (this one included). */
  async countRegistration(db: Db, ip: string, windowMinutes: number): Promise<number> {
    const expired = sql<boolean>`l.window_start <= now() - make_interval(secs => ${windowMinutes * 60}::float8)`;
    const r = await sql<{ attempts: number }>`
      INSERT INTO expert_register_limits AS l (ip, attempts, window_start) VALUES (${ip}, 1, now())
      ON CONFLICT (ip) DO UPDATE SET
        attempts = CASE WHEN ${expired} THEN 1 ELSE l.attempts + 1 END,
        window_start = CASE WHEN ${expired} THEN now() ELSE l.window_start END
      RETURNING l.attempts`.execute(db);
    return r.rows[0]?.attempts ?? 0;
  },

  async insert(db: Db, e: NewExpert): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('experts')
        .values({ org_id: e.org_id, name: e.name, name_en: e.name_en, phone: e.phone, region: e.region, region_en: e.region_en, specialities: e.specialities })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('expert_certificates')
        .values(e.certificates.map((c) => ({ expert_id: row.id, ...c })))
        .execute();
      return row.id;
    });
  },

  async list(db: Db, f: ExpertFilter, page: number, size: number): Promise<{ total: number; rows: ExpertRow[] }> {
    if (f.orgIds.length === 0) return { total: 0, rows: [] };
    let q = baseQuery(db).where('e.org_id', 'in', f.orgIds).where('e.status', '=', f.status);
    if (f.speciality) q = q.where(sql<SqlBool>`${f.speciality} = ANY(e.specialities)`);
    if (f.region) {
      const r = `%${escapeLike(f.region)}%`;
      q = q.where((eb) => eb.or([eb('e.region', 'ilike', r), eb('e.region_en', 'ilike', r)]));
    }
    if (f.keyword) {
      const k = `%${escapeLike(f.keyword)}%`;
      q = q.where((eb) => eb.or([eb('e.name', 'ilike', k), eb('e.name_en', 'ilike', k), eb('e.phone', 'ilike', k)]));
    }
    if (f.expiringWithinDays !== undefined) {
      const days = f.expiringWithinDays;
      q = q.where(
        sql<SqlBool>`EXISTS (SELECT 1 FROM expert_certificates c WHERE c.expert_id = e.id AND c.expires_on <= (now() AT TIME ZONE 'UTC')::date + ${days}::int)`,
      );
    }
    const total = await db
      .selectFrom(q.as('x'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const rows = await q.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(size).offset((page - 1) * size).execute();
    return { total: total.n, rows };
  },

  get: (db: Db, orgIds: number[], id: number): Promise<ExpertRow | undefined> =>
    orgIds.length === 0 ? Promise.resolve(undefined) : baseQuery(db).where('e.id', '=', id).where('e.org_id', 'in', orgIds).executeTakeFirst(),

  async certificates(db: Db, expertIds: number[]): Promise<CertificateRow[]> {
    if (expertIds.length === 0) return [];
    return db
      .selectFrom('expert_certificates as c')
      .select([
        'c.id',
        'c.expert_id',
        'c.cert_type',
        'c.number',
        sql<string>`c.issued_on::text`.as('issued_on'),
        sql<string>`c.expires_on::text`.as('expires_on'),
        sql<number>`(c.expires_on - (now() AT TIME ZONE 'UTC')::date)::int`.as('days_left'),
        'c.photo_type',
      ])
      .where('c.expert_id', 'in', expertIds)
      .orderBy('c.id')
      .execute();
  },

  photo: (db: Db, orgIds: number[], certId: number) =>
    orgIds.length === 0
      ? Promise.resolve(undefined)
      : db
          .selectFrom('expert_certificates as c')
          .innerJoin('experts as e', 'e.id', 'c.expert_id')
          .select(['c.photo', 'c.photo_type', 'e.status'])
          .where('c.id', '=', certId)
          .where('e.org_id', 'in', orgIds)
          .executeTakeFirst(),

  /** Decides a pending registration; false when it is no longer pending (someone else decided first). */
  async review(db: Db, id: number, status: 'approved' | 'rejected', reason: string, reviewerId: number): Promise<boolean> {
    const r = await db
      .updateTable('experts')
      .set({ status, reject_reason: reason, reviewed_by: reviewerId, reviewed_at: new Date(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },

  async update(db: Db, id: number, w: ExpertWrite, version: number): Promise<boolean> {
    const r = await db
      .updateTable('experts')
      .set({ ...w, version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },

  async setEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
    await db.updateTable('experts').set({ enabled, version: sql<number>`version + 1` }).where('id', '=', id).execute();
  },

  /**
   * Claims the certificates of approved, enabled experts that expire within `days` days and have no reminder for
   * this expiry date yet, marking them reminded in the same statement: with several instances (or a second run)
   * each certificate is claimed once. The event goes to the first project of the expert's organisation subtree;
   * certificates of organisations without a project are not claimed.
   */
  async claimExpiring(db: Db, days: number): Promise<ClaimedCertificate[]> {
    const r = await sql<ClaimedCertificate>`
      WITH RECURSIVE anc(org_id, ancestor_id) AS (
        SELECT id, id FROM organizations
        UNION ALL
        SELECT a.org_id, o.parent_id FROM anc a JOIN organizations o ON o.id = a.ancestor_id WHERE o.parent_id IS NOT NULL
      ),
      home AS (
        SELECT a.ancestor_id AS org_id, min(p.id) AS project_id FROM anc a JOIN projects p ON p.org_id = a.org_id GROUP BY a.ancestor_id
      )
      UPDATE expert_certificates c SET reminded_expiry = c.expires_on
      FROM experts e, home h, projects p
      WHERE e.id = c.expert_id AND h.org_id = e.org_id AND p.id = h.project_id
        AND e.status = 'approved' AND e.enabled
        AND c.expires_on >= (now() AT TIME ZONE 'UTC')::date
        AND c.expires_on <= (now() AT TIME ZONE 'UTC')::date + ${days}::int
        AND c.reminded_expiry IS DISTINCT FROM c.expires_on
      RETURNING c.id, c.cert_type, c.number, c.expires_on::text AS expires_on,
        (c.expires_on - (now() AT TIME ZONE 'UTC')::date)::int AS days_left,
        e.name AS expert_name, e.name_en AS expert_name_en, p.id AS project_id, p.name AS project_name, p.name_en AS project_name_en`.execute(db);
    return r.rows;
  },
};
