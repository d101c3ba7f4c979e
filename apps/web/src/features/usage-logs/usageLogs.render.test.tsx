import type { AuditEntry, UserInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { centreSession, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import type { TFunction } from 'i18next';
import { actionName, targetName } from './actionNames';
import { diffRows } from './api';
import { UsageLogsPage } from './UsageLogsPage';

const info = (permissions: UserInfo['permissions']): UserInfo => ({
  id: 1,
  org_id: 1,
  username: 'centre',
  name: '张伟',
  name_en: 'Zhang Wei',
  userType: 0,
  project_id: null,
  project_ids: [],
  can_control: permissions.includes('control'),
  permissions,
  mqtt: { username: 'session-1', pass: 'p' },
});
const session = (permissions: UserInfo['permissions']) => ({ ...centreSession, userInfo: info(permissions) });

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-23T08:00:00.000Z',
  org_id: 1,
  project_id: null,
  user_id: 1,
  username: 'centre',
  kind: 'write',
  action: 'member.update',
  target_type: 'member',
  target_id: '7',
  before: { phone: '13800000001', permissions: ['view'], name: 'Ann' },
  after: { phone: '13800000002', permissions: ['view', 'configure'], name: 'Ann' },
  ip: '10.0.0.8',
  user_agent: 'Mozilla/5.0',
  device_type: 'pc',
  ...e,
});

const api = () =>
  mockApi({
    'GET /api/v6/audit/list': {
      total: 3,
      list: [
        entry({}),
        entry({ id: '2', kind: 'login_failed', action: 'user.login', target_type: null, target_id: null, before: null, after: { reason: 'wrong_password' }, ip: '10.0.0.9' }),
        entry({ id: '3', kind: 'control', action: 'control.execute', target_type: 'control_command', target_id: '42', before: null, after: { device_id: 5 } }),
      ],
    },
  });

describe('usage log page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('lists logins, changes and control operations (zh)', async () => {
    api();
    await renderPage(<UsageLogsPage />, { session: session(['view', 'manageUsers']), pageKey: 'UseLogs' });
    await expectTexts('成员 · 修改', '账号登录 · 登录', '遥控 · 执行', '登录失败', '遥控操作', '10.0.0.9', '遥控命令 #42', '电脑', '导出 Excel');
    // The code stays at hand for the filter (title of the cell), not as the visible name.
    expect(screen.getAllByTestId('audit-action').map((el) => el.getAttribute('title'))).toEqual(['member.update', 'user.login', 'control.execute']);
    expect(screen.queryByText('member.update')).toBeNull();
  });

  it('shows before → after with the changed fields marked (en)', async () => {
    api();
    await renderPage(<UsageLogsPage />, { session: session(['view', 'manageUsers']), pageKey: 'UseLogs', lang: 'en' });
    await expectTexts('Change', 'Failed login', 'Control', 'Desktop', 'Members · edit', 'Remote control · execute', 'Control command #42');
    fireEvent.click(await screen.findByTestId('audit-view-1'));
    await waitFor(() => expect(screen.getByTestId('audit-diff')).toBeTruthy());
    await expectTexts('Before', 'After', '13800000001', '13800000002');
    // phone and permissions changed, name did not.
    expect(screen.getAllByText('changed')).toHaveLength(2);
  });

  it('says so to a user without the manage-users permission', async () => {
    api();
    await renderPage(<UsageLogsPage />, { session: session(['view']), pageKey: 'UseLogs', lang: 'en' });
    await expectTexts('This account does not hold the manage-users permission needed to read the usage log.');
  });

  it('names an action from its code, and falls back to the code for an unknown module', () => {
    const t = ((key: string, o?: { defaultValue?: string }) => ({ 'auditLog.module.face': 'Face recognition', 'auditLog.verb.view': 'view', 'auditLog.targetType.face_person': 'Person' })[key] ?? o?.defaultValue ?? key) as unknown as TFunction;
    expect(actionName(t, 'face.photo.view')).toBe('Face recognition · view');
    expect(actionName(t, 'face.somethingNew')).toBe('Face recognition');
    expect(actionName(t, 'brandNew.create')).toBe('brandNew.create');
    expect(targetName(t, 'face_person', '6')).toBe('Person #6');
    expect(targetName(t, 'unknown_kind', '7')).toBe('unknown_kind #7');
  });

  it('diffs objects field by field', () => {
    expect(diffRows({ a: 1, b: [1] }, { a: 1, b: [1, 2], c: 'x' })).toEqual([
      { field: 'a', before: 1, after: 1, changed: false },
      { field: 'b', before: [1], after: [1, 2], changed: true },
      { field: 'c', before: undefined, after: 'x', changed: true },
    ]);
    expect(diffRows(null, null)).toEqual([{ field: '', before: null, after: null, changed: false }]);
  });
});
