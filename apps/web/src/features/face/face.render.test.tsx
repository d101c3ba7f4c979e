import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expectEnglishOnly, expectTexts, renderPage, resetHarness, siteSession } from '../../test/harness';
import { FaceLibraryPage } from './FaceLibraryPage';
import { personStatus } from './PeopleTab';

const base = { project_id: 1, version: 1 };
const people = {
  items: [
    { ...base, id: 1, name: '王芳', name_en: 'Wang Fang', kind: 'staff', company: 'SIP O&M Co.', phone: '', group_id: 5, valid_from: null, valid_until: null, enabled: true, has_photo: true, photo_width: 240, photo_height: 240, deleting: false, sync: { synced: 1, pending: 0, failed: 1, deleting: 0 } },
    { ...base, id: 2, name: '访客张三', name_en: 'Visitor Zhang San', kind: 'visitor', company: 'State Grid Suzhou', phone: '', group_id: null, valid_from: '2020-01-01', valid_until: '2020-01-02', enabled: true, has_photo: false, photo_width: null, photo_height: null, deleting: false, sync: { synced: 0, pending: 0, failed: 0, deleting: 0 } },
  ],
};
const groups = {
  items: [{ ...base, id: 5, name: '运维班组', name_en: 'Maintenance crew', door_ids: [9], days: [1, 2, 3, 4, 5], time_from: '07:30', time_to: '19:00' }],
  doors: [{ id: 9, kind: 'env_sensor', name: '配电室门禁', name_en: 'Switch-room door', sn: 'ENV1' }],
};
const terminals = { items: [{ id: 9, sn: 'ACT', name: 'Room door face terminal', room_name: 'Distribution room 1', enrolled: 1, pending: 0, failed: 1, deleting: 0, last_seen: '2026-11-20T06:15:00.000Z' }] };
const sync = { items: [{ person_id: 1, terminal_id: 9, terminal_name: 'Room door face terminal', status: 'failed', reason: 'face quality too low', attempts: 2, updated_at: '2026-11-20T06:15:00.000Z' }] };
const records = {
  total: 2,
  list: [
    { id: 31, ts: '2026-11-19T18:15:00.000Z', terminal_id: 9, terminal_name: 'Room door face terminal', person_id: null, person_name: '', stranger: true, score: 0.31, result: 'deny', has_snapshot: true, event_id: 77 },
    { id: 30, ts: '2026-11-19T02:15:00.000Z', terminal_id: 9, terminal_name: 'Room door face terminal', person_id: 1, person_name: 'Wang Fang', stranger: false, score: 0.95, result: 'pass', has_snapshot: true, event_id: null },
  ],
};
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const configure = { ...siteSession, userInfo: { id: 1, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1, permissions: ['view', 'configure'] } } as never;

function mock() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push(`${method} ${url.pathname}`);
      if (method === 'POST') return Response.json({ code: 10006, msg: '人脸照片至少 200×200 像素（当前 1×1）', data: { field: 'photo' } }, { status: 400 });
      if (url.pathname.endsWith('/photo')) return Response.json({ code: 1, msg: 'ok', data: { photo_type: 'image/png', photo: PNG_1PX } });
      if (url.pathname.endsWith('/people')) return Response.json({ code: 1, msg: 'ok', data: people });
      if (url.pathname.endsWith('/groups')) return Response.json({ code: 1, msg: 'ok', data: groups });
      if (url.pathname.endsWith('/terminals')) return Response.json({ code: 1, msg: 'ok', data: terminals });
      if (url.pathname.endsWith('/face/sync')) return Response.json({ code: 1, msg: 'ok', data: sync });
      if (url.pathname.endsWith('/face/records')) return Response.json({ code: 1, msg: 'ok', data: records });
      if (url.pathname.endsWith('/snapshot')) return Response.json({ code: 1, msg: 'ok', data: { photo_type: 'image/png', photo: PNG_1PX } });
      if (url.pathname.endsWith('/face/settings')) return Response.json({ code: 1, msg: 'ok', data: { project_id: 1, night_from: '22:00', night_to: '06:00' } });
      return Response.json({ code: 1, msg: 'ok', data: null });
    }),
  );
  return calls;
}

describe('face library', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('judges status on the site calendar', () => {
    expect(personStatus({ enabled: true, valid_from: null, valid_until: '2026-01-01' }, '2026-01-02')).toBe('expired');
    expect(personStatus({ enabled: true, valid_from: '2026-02-01', valid_until: null }, '2026-01-02')).toBe('notYet');
    expect(personStatus({ enabled: false, valid_from: null, valid_until: null }, '2026-01-02')).toBe('disabled');
    expect(personStatus({ enabled: true, valid_from: '2026-01-01', valid_until: '2026-01-02' }, '2026-01-02')).toBe('enabled');
  });

  it('people (zh): thumbnail fetched only for rows with a photo, kind, group, validity, status; read-only without configure', async () => {
    const calls = mock();
    await renderPage(<FaceLibraryPage />, { pageKey: 'FacerecManage' });
    await expectTexts('王芳', '员工', '运维班组', '长期有效', '启用', '访客张三', '已过期', '2020-01-01 – 2020-01-02', '只读：当前账号无配置权限', '失败 1/2', '未下发');
    fireEvent.click(screen.getByTestId('face-sync-1'));
    await expectTexts('face quality too low');
    await waitFor(() => expect(screen.getByTestId('face-thumb-1').getAttribute('data-loaded')).toBe('yes'));
    expect(calls).toContain('GET /api/v6/face/people/1/photo');
    expect(calls).not.toContain('GET /api/v6/face/people/2/photo');
  });

  it('groups (en): doors and weekly window, all in English', async () => {
    mock();
    await renderPage(<FaceLibraryPage />, { pageKey: 'FacerecManage', lang: 'en' });
    fireEvent.click(await screen.findByTestId('face-tab-groups'));
    await expectTexts('Maintenance crew', 'Switch-room door', 'Mon Tue Wed Thu Fri', '07:30–19:00');
    await expectEnglishOnly();
  });

  it('a refused photo lands on the photo field and above the form', async () => {
    const calls = mock();
    await renderPage(<FaceLibraryPage />, { pageKey: 'FacerecManage', session: configure });
    fireEvent.click(await screen.findByTestId('face-people-add'));
    fireEvent.change(await screen.findByTestId('face-name'), { target: { value: '新人' } });
    fireEvent.change(screen.getByTestId('face-name-en'), { target: { value: 'Newcomer' } });
    // Without a photo the form asks for one before anything is sent.
    fireEvent.click(screen.getByTestId('face-people-save'));
    await screen.findByText('请选择人脸照片');
    expect(calls).not.toContain('POST /api/v6/face/people');
    const file = new File([Uint8Array.from(atob(PNG_1PX), (c) => c.charCodeAt(0))], 'tiny.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('face-photo-input'), { target: { files: [file] } });
    await screen.findByTestId('face-photo-preview');
    fireEvent.click(screen.getByTestId('face-people-save'));
    await screen.findByTestId('face-people-refusal');
    await waitFor(() => expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toContain('人脸照片至少 200×200 像素（当前 1×1）'));
    expect(calls).toContain('POST /api/v6/face/people');
  });

  it('terminals and recognition records (en): counts, night window, stranger alarm, audited snapshot on demand', async () => {
    const calls = mock();
    await renderPage(<FaceLibraryPage />, { pageKey: 'FacerecManage', lang: 'en' });
    fireEvent.click(await screen.findByTestId('face-tab-terminals'));
    await expectTexts('Room door face terminal', 'Distribution room 1', 'Night window (stranger alerts)');
    expect((await screen.findByTestId('face-terminal-enrolled-ACT')).textContent).toBe('1');
    fireEvent.click(screen.getByTestId('face-tab-records'));
    await expectTexts('Stranger', 'Wang Fang', 'Denied', 'Passed', 'Raised', '31%');
    expect(calls).not.toContain('GET /api/v6/face/records/31/snapshot');
    fireEvent.click(screen.getByTestId('face-record-view-31'));
    await screen.findByTestId('face-snapshot-img');
    expect(calls).toContain('GET /api/v6/face/records/31/snapshot');
    await expectEnglishOnly();
  });
});
