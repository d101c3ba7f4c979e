import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CERTIFICATE_PHOTO_MAX_BYTES, ErrorCode } from '@gridops/contract';
import { hashPassword } from '../../lib/password.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { jpegWithGps, storedImageFacts } from '../../test-support/photo.js';
import { attackImages, makePng } from '../../test-support/png.js';
import { backfill as regionBackfill } from '../../db/migrations/0052_expert_region_en.js';
import { remindExpiringCertificates } from './service.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface ExpertAnswer {
  id: number;
  name_en: string;
  region: string;
  region_en: string;
  status: string;
  reject_reason: string;
  enabled: boolean;
  version: number;
  certificates: { id: number; days_left: number; expires_on: string }[];
}

/** Real images: the server decodes and re-encodes every photo (lib/imageGuard). */
const PNG = makePng(40, 30);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'binary');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Experts on a real database: public registration (validation naming the field, rate limit per address),
 * review (approve, reject with a reason), the library, tenancy, and the certificate expiry reminder.
 */
describe.each(backends)('experts on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let other: string;
  let code: string;
  let ipCounter = 0;
  /** Each registration from its own address, so the per-address limit does not interfere (it has its own test). */
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: unknown, remoteAddress = '127.0.0.1') => {
    const res = await t.app.inject({ method, url, remoteAddress, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const registration = (over: Record<string, unknown> = {}, cert: Record<string, unknown> = {}) => ({
    invite_code: code,
    name: '王磊',
    name_en: 'Wang Lei',
    phone: '+86 139 1234 5678',
    region: '江苏',
    region_en: 'Jiangsu',
    specialities: ['hvDistribution', 'relay'],
    certificates: [{ cert_type: 'highVoltage', number: 'T320101', issued_on: day(-400), expires_on: day(600), photo: PNG.toString('base64'), ...cert }],
    ...over,
  });
  const register = (body: unknown, ip = nextIp()) => call<{ id: number; field?: string }>('POST', '/api/v6/expert/register', undefined, body, ip);

  beforeAll(async () => {
    t = await startTestApp(backend);
    centre = await loginAs(t.app, 'centre');
    site = await loginAs(t.app, 'site');
    const db = t.database.db;
    const org = await db.insertInto('organizations').values({ parent_id: null, name: '其他客户', name_en: 'Other tenant', tier: 1, code: 'OT-experts' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({ username: 'other-experts', name: 'Other', user_type: 0, org_id: org.id, password_hash: await hashPassword('demo1234'), permissions: ['view', 'manageUsers'] })
      .execute();
    other = await loginAs(t.app, 'other-experts');
    code = (await call<{ code: string }>('GET', '/api/v6/expert/inviteCode', centre)).data.code;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the invitation code only to centre users who manage users', async () => {
    expect(code).toMatch(/^[0-9A-F]{10}$/);
    expect((await call('GET', '/api/v6/expert/inviteCode', site)).code).toBe(ErrorCode.Forbidden);
  });

  it('refuses bad registrations naming the field', async () => {
    // The demo seed has experts of its own (work orders are assigned to one): nothing may be added to them.
    const before = await t.database.db.selectFrom('experts').select('id').orderBy('id').execute();
    const cases: [unknown, string][] = [
      [registration({ phone: 'call me' }), 'phone'],
      [registration({ invite_code: 'NOPE-NOPE' }), 'invite_code'],
      [registration({ specialities: ['astrology'] }), 'specialities.0'],
      [registration({}, { expires_on: day(-1) }), 'certificates.0.expires_on'],
      [registration({}, { photo: GIF.toString('base64') }), 'certificates.0.photo'],
      [registration({}, { photo: Buffer.concat([PNG, Buffer.alloc(CERTIFICATE_PHOTO_MAX_BYTES)]).toString('base64') }), 'certificates.0.photo'],
      [registration({}, { cert_type: 'plumber' }), 'certificates.0.cert_type'],
    ];
    for (const [body, field] of cases) {
      const r = await register(body);
      expect(r.code, field).toBe(ErrorCode.Validation);
      expect((r.data as { field?: string } | null)?.field, JSON.stringify(r)).toBe(field);
    }
    const wrongType = await register(registration({}, { photo: GIF.toString('base64') }));
    expect(wrongType.msg).toBe('The certificate photo must be a JPEG, PNG or WebP image');
    expect(await t.database.db.selectFrom('experts').select('id').orderBy('id').execute()).toEqual(before);
  });

  it.each(attackImages())('refuses a certificate "photo" that is no image: $name', async ({ bytes }) => {
    const r = await register(registration({}, { photo: bytes.toString('base64') }));
    expect(r.code).toBe(ErrorCode.Validation);
    expect((r.data as { field?: string } | null)?.field).toBe('certificates.0.photo');
  });

  it('rate-limits registrations per address', async () => {
    const ip = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await register(registration({ invite_code: 'NOPE-NOPE' }), ip)).code);
    expect(codes.slice(0, 10).every((c) => c === ErrorCode.Validation)).toBe(true);
    expect(codes[10]).toBe(ErrorCode.TooManyAttempts);
  });

  it('registers, approves and lists an expert; a rejection needs a reason', async () => {
    const reg = await register(registration({}, { photo: (await jpegWithGps()).toString('base64') }));
    expect(reg.code).toBe(1);
    const id = reg.data.id;

    // Pending: visible to reviewers, not in the library.
    const pending = await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list?status=pending', centre);
    expect(pending.data.list.map((e) => e.id)).toContain(id);
    const library = await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list', centre);
    expect(library.data.list.map((e) => e.id)).not.toContain(id);
    const detail = await call<ExpertAnswer>('GET', `/api/v6/expert/${id}`, centre);
    // Stored re-encoded, without the EXIF (GPS, camera) the phone wrote; served with its real type and nosniff.
    const photoRes = await t.app.inject({ method: 'GET', url: `/api/v6/expert/certificate/${detail.data.certificates[0]!.id}/photo`, headers: apiHeaders(centre) });
    expect(photoRes.headers['x-content-type-options']).toBe('nosniff');
    const photo = photoRes.json<Envelope<{ photo_type: string; photo: string }>>();
    expect(photo.data.photo_type).toBe('image/jpeg');
    expect(await storedImageFacts(Buffer.from(photo.data.photo, 'base64'))).toEqual({ format: 'jpeg', width: 400, height: 300, hasExif: false, mentionsCamera: false });

    const noReason = await call('POST', `/api/v6/expert/${id}/review`, centre, { decision: 'reject', reason: ' ' });
    expect(noReason.code).toBe(ErrorCode.Validation);
    expect((noReason.data as { field?: string }).field).toBe('reason');

    const approved = await call<ExpertAnswer>('POST', `/api/v6/expert/${id}/review`, centre, { decision: 'approve' });
    expect(approved.data.status).toBe('approved');
    const again = await call('POST', `/api/v6/expert/${id}/review`, centre, { decision: 'reject', reason: 'late' });
    expect(again.code).toBe(ErrorCode.Conflict);

    const filtered = await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list?speciality=relay&region=jiangsu', centre);
    expect(filtered.data.list.map((e) => e.id)).toContain(id);
    const otherSpeciality = await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list?speciality=pv', centre);
    expect(otherSpeciality.data.list.map((e) => e.id)).not.toContain(id);

    // Edit with a version check; disable.
    const edited = await call<ExpertAnswer>('PUT', `/api/v6/expert/${id}`, centre, { name: '王磊', name_en: 'Wang Lei (HV)', phone: '13912345678', region: '江苏', region_en: 'Jiangsu Province', specialities: ['pv'], version: approved.data.version });
    expect(edited.data.name_en).toBe('Wang Lei (HV)');
    expect([edited.data.region, edited.data.region_en]).toEqual(['江苏', 'Jiangsu Province']);
    const stale = await call('PUT', `/api/v6/expert/${id}`, centre, { name: 'x', name_en: 'x', phone: '13912345678', region: 'x', specialities: ['pv'], version: approved.data.version });
    expect(stale.code).toBe(ErrorCode.Conflict);
    const disabled = await call<ExpertAnswer>('POST', `/api/v6/expert/${id}/status`, centre, { enabled: false });
    expect(disabled.data.enabled).toBe(false);

    const second = await register(registration({ name_en: 'Li Ming' }));
    const rejected = await call<ExpertAnswer>('POST', `/api/v6/expert/${second.data.id}/review`, centre, { decision: 'reject', reason: 'Certificate photo unreadable' });
    expect(rejected.data.status).toBe('rejected');
    expect(rejected.data.reject_reason).toBe('Certificate photo unreadable');
  });

  it('keeps an expert\'s region in both languages: registered, listed, found by either, edited (issue 26 item 8)', async () => {
    // The demo's expert: Chinese and English region, not the pinyin in both lists.
    const demo = (await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list?keyword=Zhou%20Jianguo', centre)).data.list[0]!;
    expect([demo.region, demo.region_en]).toEqual(['江苏', 'Jiangsu']);

    const reg = await register(registration({ name_en: 'Qian Feng', region: '浙江杭州', region_en: 'Hangzhou, Zhejiang' }));
    expect(reg.code).toBe(1);
    const id = reg.data.id;
    const pending = await call<ExpertAnswer>('GET', `/api/v6/expert/${id}`, centre);
    expect([pending.data.region, pending.data.region_en]).toEqual(['浙江杭州', 'Hangzhou, Zhejiang']);
    for (const q of ['杭州', 'hangzhou']) {
      const found = await call<{ list: ExpertAnswer[] }>('GET', `/api/v6/expert/list?status=pending&region=${encodeURIComponent(q)}`, centre);
      expect(found.data.list.map((e) => e.id), q).toContain(id);
    }
    // The English one may be left out (English readers then see the Chinese); a registration without it still works.
    const edited = await call<ExpertAnswer>('PUT', `/api/v6/expert/${id}`, centre, { name: '钱锋', name_en: 'Qian Feng', phone: '13912345678', region: '浙江', region_en: '', specialities: ['pv'], version: pending.data.version });
    expect([edited.data.region, edited.data.region_en]).toEqual(['浙江', '']);
    const bare = await register(registration({ name_en: 'Sun Yu', region: '上海', region_en: undefined }));
    expect(bare.code).toBe(1);
    expect((await call<ExpertAnswer>('GET', `/api/v6/expert/${bare.data.id}`, centre)).data.region_en).toBe('');
  });

  it('migration 0052 gives regions typed in one language their other language (pinyin provinces get the Chinese name)', async () => {
    const db = t.database.db;
    const rows = [
      ['Jiangsu', '江苏', 'Jiangsu'],
      ['Shanghai Municipality', '上海', 'Shanghai Municipality'],
      ['inner mongolia', '内蒙古', 'inner mongolia'],
      ['浙江杭州', '浙江杭州', ''],
      ['Bavaria', 'Bavaria', 'Bavaria'],
    ] as const;
    const ids: number[] = [];
    const org = await db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [region] of rows) {
      const r = await db.insertInto('experts').values({ org_id: org.id, name: `迁移 ${region}`, phone: '13900000000', region, region_en: '' }).returning('id').executeTakeFirstOrThrow();
      ids.push(r.id);
    }
    await sql.raw(regionBackfill).execute(db);
    const after = await db.selectFrom('experts').select(['id', 'region', 'region_en']).where('id', 'in', ids).orderBy('id').execute();
    expect(after.map((r) => [r.region, r.region_en])).toEqual(rows.map(([, zh, en]) => [zh, en]));
    await db.deleteFrom('experts').where('id', 'in', ids).execute();
  });

  it('keeps experts within their organisation and reviewers with manageUsers', async () => {
    const reg = await register(registration({ name_en: 'Zhao Tenant' }));
    const id = reg.data.id;
    expect((await call('GET', `/api/v6/expert/${id}`, other)).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', `/api/v6/expert/${id}/review`, other, { decision: 'approve' })).code).toBe(ErrorCode.Forbidden);
    const otherList = await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list?status=pending', other);
    expect(otherList.data.list).toEqual([]);
    // Site users read the approved experts of their organisations, never registrations, reviews or edits.
    const siteList = await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list', site);
    expect(siteList.code).toBe(1);
    expect(siteList.data.list.every((e) => e.status === 'approved')).toBe(true);
    expect(siteList.data.list.map((e) => e.name_en)).toContain('Zhou Jianguo');
    expect((await call('GET', '/api/v6/expert/list?status=pending', site)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/expert/${id}`, site)).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', `/api/v6/expert/${id}/review`, site, { decision: 'approve' })).code).toBe(ErrorCode.Forbidden);
    // A centre user without manageUsers cannot review or see pending registrations.
    await t.database.db.updateTable('users').set({ permissions: ['view'] }).where('username', '=', 'other-experts').execute();
    const viewer = await loginAs(t.app, 'other-experts');
    expect((await call('GET', '/api/v6/expert/list?status=pending', viewer)).code).toBe(ErrorCode.Forbidden);
    await t.database.db.updateTable('users').set({ permissions: ['view', 'manageUsers'] }).where('username', '=', 'other-experts').execute();
  });

  it('raises one reminder per certificate expiring within 30 days, not twice', async () => {
    const reg = await register(registration({ name_en: 'Sun Expiring' }, { expires_on: day(10), number: 'EXP-10' }));
    await call('POST', `/api/v6/expert/${reg.data.id}/review`, centre, { decision: 'approve' });
    const far = await register(registration({ name_en: 'Zhou Far' }, { expires_on: day(90), number: 'EXP-90' }));
    await call('POST', `/api/v6/expert/${far.data.id}/review`, centre, { decision: 'approve' });

    const first = await remindExpiringCertificates(t.database.db);
    const mine = first.filter((e) => e.text.key === 'expert.certificateExpiring' && (e.text.params as { number: string }).number === 'EXP-10');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.type).toBe(3);
    expect(first.some((e) => (e.text.params as { number?: string }).number === 'EXP-90')).toBe(false);
    const second = await remindExpiringCertificates(t.database.db);
    expect(second.filter((e) => (e.text.params as { number?: string }).number === 'EXP-10')).toEqual([]);

    const stored = await t.database.db
      .selectFrom('events')
      .select(['event_type', 'message_en'])
      .where('message_key', '=', 'expert.certificateExpiring')
      .where(sql<boolean>`message_params->>'number' = 'EXP-10'`)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.message_en).toMatch(/^Expert Sun Expiring: certificate "High-voltage electrician" No\. EXP-10 expires on .* \(in 10 days\)$/);

    const expiring = await call<{ list: ExpertAnswer[] }>('GET', '/api/v6/expert/list?expiring=true', centre);
    const found = expiring.data.list.find((e) => e.id === reg.data.id);
    expect(found?.certificates[0]?.days_left).toBe(10);
    expect(expiring.data.list.some((e) => e.id === far.data.id)).toBe(false);
  });
});
