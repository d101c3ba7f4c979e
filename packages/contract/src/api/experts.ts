import { z } from 'zod';
import { dbId, dbIdParam, int32Param } from '../ids.js';

/**
 * Experts (docs/experts.md): electricians who register on a public page with their PRC special-operation
 * certificates, are reviewed by a centre user, and once approved are in the expert library.
 */

/** The PRC special-operation certificates (特种作业操作证, electrician category) an expert may hold. */
export const CERTIFICATE_TYPES = ['lowVoltage', 'highVoltage', 'powerCable', 'relayProtection', 'electricalTest', 'explosionProof'] as const;
export const certificateType = z.enum(CERTIFICATE_TYPES);
export type CertificateType = z.infer<typeof certificateType>;
export const certificateTypeNames: Record<CertificateType, { zh: string; en: string }> = {
  lowVoltage: { zh: '低压电工作业', en: 'Low-voltage electrician' },
  highVoltage: { zh: '高压电工作业', en: 'High-voltage electrician' },
  powerCable: { zh: '电力电缆作业', en: 'Power cable work' },
  relayProtection: { zh: '继电保护作业', en: 'Relay protection work' },
  electricalTest: { zh: '电气试验作业', en: 'Electrical testing' },
  explosionProof: { zh: '防爆电气作业', en: 'Explosion-proof electrical work' },
};

/** What an expert may be dispatched for. */
export const SPECIALITIES = ['hvDistribution', 'lvDistribution', 'transformer', 'relay', 'testing', 'pv', 'storage', 'charging'] as const;
export const speciality = z.enum(SPECIALITIES);
export type Speciality = z.infer<typeof speciality>;
export const specialityNames: Record<Speciality, { zh: string; en: string }> = {
  hvDistribution: { zh: '高压配电', en: 'HV distribution' },
  lvDistribution: { zh: '低压配电', en: 'LV distribution' },
  transformer: { zh: '变压器', en: 'Transformers' },
  relay: { zh: '继电保护', en: 'Relay protection' },
  testing: { zh: '电气试验', en: 'Electrical testing' },
  pv: { zh: '光伏', en: 'Photovoltaics' },
  storage: { zh: '储能', en: 'Energy storage' },
  charging: { zh: '充电桩', en: 'EV charging' },
};

/** A certificate photo: PNG or JPEG (checked by its magic bytes on the server), at most this many bytes. */
export const CERTIFICATE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** A registration carries at most this many certificates. */
export const CERTIFICATES_MAX = 3;
/** Reminders are raised this many days before a certificate expires; the library tags them. */
export const CERTIFICATE_REMIND_DAYS = 30;

export const expertStatus = z.enum(['pending', 'approved', 'rejected']);
export type ExpertStatus = z.infer<typeof expertStatus>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'a real date');
const expertPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,20}$/, 'a phone number: digits, spaces, "-" and a leading "+"');
const name = z.string().trim().min(1).max(64);

export const certificateInput = z.object({
  cert_type: certificateType,
  number: z.string().trim().min(1).max(64),
  issued_on: isoDate,
  expires_on: isoDate,
  /** The photo, base64 (no data: prefix); PNG or JPEG, at most 2 MB decoded. */
  photo: z.string().min(1).max(Math.ceil((CERTIFICATE_PHOTO_MAX_BYTES * 4) / 3) + 1024),
});
export type CertificateInput = z.infer<typeof certificateInput>;

export const expertRegisterRequest = z.object({
  /** The organisation's expert invitation code (its centre users see it on the registrations page). */
  invite_code: z.string().trim().min(4).max(32),
  name,
  name_en: z.string().trim().max(64).default(''),
  phone: expertPhone,
  /** The region in Chinese (or as the expert writes it) and in English; an empty English one falls back to it. */
  region: z.string().trim().min(1).max(64),
  region_en: z.string().trim().max(64).default(''),
  specialities: z.array(speciality).min(1).max(SPECIALITIES.length),
  certificates: z.array(certificateInput).min(1).max(CERTIFICATES_MAX),
});
export type ExpertRegisterRequest = z.input<typeof expertRegisterRequest>;
export const expertRegisterResponse = z.object({ id: z.number().int() });

export const certificate = z.object({
  id: z.number().int(),
  cert_type: certificateType,
  number: z.string(),
  issued_on: z.string(),
  expires_on: z.string(),
  /** Days until expiry (negative once expired), counted from today (UTC). */
  days_left: z.number().int(),
  photo_type: z.string(),
});
export type Certificate = z.infer<typeof certificate>;

export const expert = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  org_name_en: z.string(),
  name: z.string(),
  name_en: z.string(),
  phone: z.string(),
  region: z.string(),
  /** The region in English; '' when not given (English readers see `region`). */
  region_en: z.string(),
  specialities: z.array(speciality),
  status: expertStatus,
  reject_reason: z.string(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  enabled: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  certificates: z.array(certificate),
});
export type Expert = z.infer<typeof expert>;

export const expertListQuery = z.object({
  status: expertStatus.default('approved'),
  speciality: speciality.optional(),
  region: z.string().trim().max(64).optional(),
  /** Only experts with a certificate expiring within 30 days (or already expired). */
  expiring: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  keyword: z.string().trim().max(64).optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(200).default(50),
});
export const expertListResponse = z.object({ total: z.number().int(), list: z.array(expert) });
export const expertIdParams = z.object({ id: dbIdParam });
export const certificateIdParams = z.object({ certId: dbIdParam });
export const certificatePhoto = z.object({ photo_type: z.string(), photo: z.string() });

export const expertReviewRequest = z
  .object({ decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(200).default('') })
  .refine((r) => r.decision === 'approve' || r.reason.length > 0, { path: ['reason'], message: 'a reason is required to reject' });

export const expertUpdateRequest = z.object({
  name,
  name_en: z.string().trim().max(64),
  phone: expertPhone,
  region: z.string().trim().min(1).max(64),
  region_en: z.string().trim().max(64).default(''),
  specialities: z.array(speciality).min(1).max(SPECIALITIES.length),
  version: dbId,
});
export type ExpertUpdateRequest = z.infer<typeof expertUpdateRequest>;
export const expertStatusRequest = z.object({ enabled: z.boolean() });
export const expertInviteCode = z.object({ org_id: z.number().int(), org_name: z.string(), org_name_en: z.string(), code: z.string() });
