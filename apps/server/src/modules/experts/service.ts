import { startRepeatingJob } from '../../lib/repeatingJob.js';
import {
  CERTIFICATE_PHOTO_MAX_BYTES,
  CERTIFICATE_REMIND_DAYS,
  certificateTypeNames,
  ErrorCode,
  eventMessage,
  UserType,
  type CertificateType,
  type Expert,
  type ExpertStatus,
  type Speciality,
} from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { guardImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import { requirePermission, type AccessService } from '../access/service.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { eventRepository } from '../event/repository.js';
import { expertsRepository as repo, type CertificateRow, type ExpertRow } from './repository.js';

export interface ExpertRegistration {
  invite_code: string;
  name: string;
  name_en: string;
  phone: string;
  region: string;
  region_en: string;
  specialities: Speciality[];
  certificates: { cert_type: CertificateType; number: string; issued_on: string; expires_on: string; photo: string }[];
}

export interface ExpertListFilter {
  status: ExpertStatus;
  speciality?: Speciality | undefined;
  region?: string | undefined;
  expiring?: boolean | undefined;
  keyword?: string | undefined;
  page: number;
  size: number;
}

export interface RegisterLimitOptions {
  /** Registrations one address may send within the window. */
  maxPerWindow: number;
  windowMinutes: number;
}

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Experts: the public registration (rate-limited per address), the review by centre users with manageUsers,
 * and the library. Every read and write is scoped to the caller's organisations: a centre user's subtree, a site
 * user's organisation path (the experts of its own organisation and of the group and region above it, whom the
 * site calls on). Only centre users with manageUsers review, edit and disable experts or see registrations not yet
 * approved; workers see none here (their expert pages are their own registration).
 */
export function createExpertService(db: Db, access: AccessService, limits: RegisterLimitOptions = { maxPerWindow: 10, windowMinutes: 60 }) {
  /** The organisations whose experts the user may read (`read`) or manage (`manage`: centre users only). */
  async function orgScope(user: AuthUser, purpose: 'read' | 'manage' = 'manage'): Promise<number[]> {
    const reads = user.userType === UserType.Centre || (purpose === 'read' && user.userType === UserType.Site);
    if (!reads) throw forbidden();
    return (await access.scope(user)).orgIds;
  }

  /** Registrations not yet approved (names, phones, photos of applicants) are for centre reviewers only. */
  function requireReviewer(user: AuthUser): void {
    if (user.userType !== UserType.Centre) throw forbidden();
    requirePermission(user, 'manageUsers');
  }

  function toExpert(r: ExpertRow, certs: CertificateRow[]): Expert {
    return {
      id: r.id,
      org_id: r.org_id,
      org_name: r.org_name,
      org_name_en: r.org_name_en,
      name: r.name,
      name_en: r.name_en,
      phone: r.phone,
      region: r.region,
      region_en: r.region_en,
      specialities: r.specialities as Speciality[],
      status: r.status,
      reject_reason: r.reject_reason,
      reviewed_by: r.reviewer,
      reviewed_at: r.reviewed_at ? r.reviewed_at.toISOString() : null,
      enabled: r.enabled,
      version: r.version,
      created_at: r.created_at.toISOString(),
      certificates: certs
        .filter((c) => c.expert_id === r.id)
        .map((c) => ({
          id: c.id,
          cert_type: c.cert_type as CertificateType,
          number: c.number,
          issued_on: c.issued_on,
          expires_on: c.expires_on,
          days_left: c.days_left,
          photo_type: c.photo_type,
        })),
    };
  }

  async function load(orgIds: number[], id: number): Promise<Expert> {
    const row = await repo.get(db, orgIds, id);
    if (!row) throw forbidden();
    return toExpert(row, await repo.certificates(db, [id]));
  }

  return {
    /** Public: no session. Counts the address's attempt first, then checks everything naming the field. */
    async register(input: ExpertRegistration, ip: string): Promise<{ id: number }> {
      const attempts = await repo.countRegistration(db, ip, limits.windowMinutes);
      if (attempts > limits.maxPerWindow) {
        throw new AppError(ErrorCode.TooManyAttempts, {
          zh: `注册请求过多，请 ${limits.windowMinutes} 分钟后再试`,
          en: `Too many registrations. Please try again in ${limits.windowMinutes} minutes.`,
        });
      }
      const orgId = await repo.orgByInviteCode(db, input.invite_code);
      if (orgId === undefined) throw invalid('invite_code', '邀请码无效', 'This invitation code is not valid');
      const today = todayUtc();
      const certificates = [];
      for (const [i, c] of input.certificates.entries()) {
        const f = (name: string) => `certificates.${i}.${name}`;
        if (c.expires_on <= c.issued_on) throw invalid(f('expires_on'), '有效期须晚于发证日期', 'The expiry date must be after the issue date');
        if (c.issued_on > today) throw invalid(f('issued_on'), '发证日期不能晚于今天', 'The issue date cannot be in the future');
        if (c.expires_on < today) throw invalid(f('expires_on'), '证书已过期', 'This certificate has expired');
        const photo = await guardImage(Buffer.from(c.photo, 'base64'), { field: f('photo'), label: { zh: '证书照片', en: 'certificate photo' }, maxBytes: CERTIFICATE_PHOTO_MAX_BYTES });
        certificates.push({ cert_type: c.cert_type, number: c.number, issued_on: c.issued_on, expires_on: c.expires_on, photo: photo.bytes, photo_type: photo.mime });
      }
      const id = await repo.insert(db, {
        org_id: orgId,
        name: input.name,
        name_en: input.name_en,
        phone: input.phone,
        region: input.region,
        region_en: input.region_en,
        specialities: [...new Set(input.specialities)],
        certificates,
      });
      return { id };
    },

    async inviteCode(user: AuthUser) {
      requirePermission(user, 'manageUsers');
      await orgScope(user);
      const org = await repo.inviteCode(db, user.orgId);
      if (!org) throw forbidden();
      return { org_id: org.id, org_name: org.name, org_name_en: org.name_en, code: org.expert_invite_code };
    },

    async list(user: AuthUser, f: ExpertListFilter): Promise<{ total: number; list: Expert[] }> {
      const orgIds = await orgScope(user, 'read');
      if (f.status !== 'approved') requireReviewer(user);
      const { total, rows } = await repo.list(
        db,
        {
          orgIds,
          status: f.status,
          speciality: f.speciality,
          region: f.region,
          keyword: f.keyword,
          expiringWithinDays: f.expiring ? CERTIFICATE_REMIND_DAYS : undefined,
        },
        f.page,
        f.size,
      );
      const certs = await repo.certificates(db, rows.map((r) => r.id));
      return { total, list: rows.map((r) => toExpert(r, certs)) };
    },

    async get(user: AuthUser, id: number): Promise<Expert> {
      const orgIds = await orgScope(user, 'read');
      const e = await load(orgIds, id);
      if (e.status !== 'approved') requireReviewer(user);
      return e;
    },

    async photo(user: AuthUser, certId: number) {
      const orgIds = await orgScope(user, 'read');
      const row = await repo.photo(db, orgIds, certId);
      if (!row) throw forbidden();
      if (row.status !== 'approved') requireReviewer(user);
      return { photo_type: row.photo_type, photo: row.photo.toString('base64') };
    },

    async review(user: AuthUser, id: number, decision: 'approve' | 'reject', reason: string): Promise<Expert> {
      requirePermission(user, 'manageUsers');
      const orgIds = await orgScope(user);
      const e = await load(orgIds, id);
      if (decision === 'reject' && !reason.trim()) throw invalid('reason', '驳回须填写原因', 'A reason is required to reject');
      if (e.status !== 'pending') {
        throw new AppError(ErrorCode.Conflict, { zh: '该注册申请已被审核', en: 'This registration has already been reviewed' }, 'status');
      }
      const done = await repo.review(db, id, decision === 'approve' ? 'approved' : 'rejected', decision === 'approve' ? '' : reason.trim(), user.id);
      if (!done) throw new AppError(ErrorCode.Conflict, { zh: '该注册申请已被审核', en: 'This registration has already been reviewed' }, 'status');
      return load(orgIds, id);
    },

    async update(user: AuthUser, id: number, w: { name: string; name_en: string; phone: string; region: string; region_en: string; specialities: Speciality[]; version: number }) {
      requirePermission(user, 'manageUsers');
      const orgIds = await orgScope(user);
      await load(orgIds, id);
      const { version, ...write } = w;
      const done = await repo.update(db, id, { ...write, specialities: [...new Set(write.specialities)] }, version);
      if (!done) {
        throw new AppError(ErrorCode.Conflict, { zh: '该专家已被他人修改，请刷新后重试', en: 'Someone else changed this expert; reload and try again' }, 'version');
      }
      return load(orgIds, id);
    },

    async setStatus(user: AuthUser, id: number, enabled: boolean): Promise<Expert> {
      requirePermission(user, 'manageUsers');
      const orgIds = await orgScope(user);
      const e = await load(orgIds, id);
      if (e.status !== 'approved') throw invalid('enabled', '只有已通过审核的专家可以停用或启用', 'Only approved experts can be disabled or enabled');
      await repo.setEnabled(db, id, enabled);
      return load(orgIds, id);
    },
  };
}

export type ExpertService = ReturnType<typeof createExpertService>;

/**
 * The certificate expiry reminder: a message event (type 3) for every certificate of an approved expert that
 * expires within 30 days, once per certificate and expiry date (the claim marks it in the same transaction).
 */
export async function remindExpiringCertificates(db: Db): Promise<RaisedEvent[]> {
  return db.transaction().execute(async (trx) => {
    const claimed = await repo.claimExpiring(trx, CERTIFICATE_REMIND_DAYS);
    const raised: RaisedEvent[] = [];
    for (const c of claimed) {
      const now = new Date();
      const names = certificateTypeNames[c.cert_type as CertificateType] ?? { zh: c.cert_type, en: c.cert_type };
      const text = eventMessage('expert.certificateExpiring', {
        expert: { zh: c.expert_name, en: c.expert_name_en },
        certificate: names,
        number: c.number,
        expires: c.expires_on,
        days: c.days_left,
      });
      const eventId = await eventRepository.insert(trx, {
        projectId: c.project_id,
        deviceId: null,
        pointId: null,
        ruleId: null,
        type: 3,
        level: 4,
        title: c.project_name,
        text,
        value: null,
        limit: null,
        raisedAt: now,
      });
      raised.push({
        eventId,
        projectId: c.project_id,
        type: 3,
        level: 4,
        project: { zh: c.project_name, en: c.project_name_en },
        text,
        raisedAt: now.getTime(),
      });
    }
    return raised;
  });
}

/** Runs the reminder at start and then every `everyMs` (hourly by default: the claim makes extra runs harmless). */
export function startCertificateReminders(db: Db, onEvents: (e: RaisedEvent[]) => Promise<void>, log: FastifyBaseLogger, everyMs = 3_600_000) {
  return startRepeatingJob(
    async () => {
      const raised = await remindExpiringCertificates(db);
      if (raised.length) await onEvents(raised);
    },
    (err) => log.warn({ err }, 'certificate reminders failed'),
    0,
    everyMs,
  );
}
