import type { Member, UserInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { centreSession, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { testOrgTree } from '../../test/orgFixture';
import { MembersPage } from './MembersPage';

const centreInfo = (permissions: UserInfo['permissions']): UserInfo => ({
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

const member = (m: Partial<Member>): Member => ({
  id: 7,
  username: 'ann',
  name: '安娜',
  name_en: 'Ann',
  user_type: 1,
  org_id: 1,
  org_name: '长江集团',
  org_name_en: 'Changjiang Group',
  project_ids: [3],
  permissions: ['view'],
  phone: '13800000000',
  email: 'ann@example.com',
  enabled: true,
  locked: false,
  must_change_password: true,
  version: 1,
  created_at: '2026-11-23T08:00:00.000Z',
  manageable: true,
  ...m,
});

const session = (permissions: UserInfo['permissions']) => ({ ...centreSession, userInfo: centreInfo(permissions) });
const ALL: UserInfo['permissions'] = ['view', 'configure', 'control', 'manageUsers'];

const api = (extra: Record<string, unknown> = {}) =>
  mockApi({
    'GET /api/v6/member/list': { total: 2, list: [member({}), member({ id: 8, username: 'wu', name: '吴刚', name_en: 'Wu', user_type: 2, enabled: false, locked: true, must_change_password: false, permissions: ['view', 'control'] })] },
    '/api/v6/org/tree': testOrgTree,
    ...extra,
  });

describe('member management page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('lists members with role, sites, permissions and status (zh)', async () => {
    api();
    await renderPage(<MembersPage />, { session: session(ALL), pageKey: 'CentreUserManage' });
    await expectTexts('ann', '安娜', '站点用户', '运维人员', '苏州工业园光储充站', '遥控', '已停用', '已锁定', '待改密', '解锁', '启用');
  });

  it('lists members in English', async () => {
    api();
    await renderPage(<MembersPage />, { session: session(ALL), pageKey: 'CentreUserManage', lang: 'en' });
    await expectTexts('Ann', 'Site user', 'Worker', 'Suzhou PV-storage-charging station', 'Control', 'Disabled', 'Locked', 'Must change password', 'Invite member');
  });

  it('shows a stronger member read-only and offers no reset of one\'s own password', async () => {
    mockApi({
      'GET /api/v6/member/list': {
        total: 2,
        list: [
          member({ id: 1, username: 'centre', name: '张伟', name_en: 'Zhang Wei', user_type: 0, project_ids: [] }),
          member({ id: 9, username: 'boss', name: '老板', name_en: 'Boss', permissions: ['view', 'control'], locked: true, manageable: false }),
        ],
      },
      '/api/v6/org/tree': testOrgTree,
    });
    await renderPage(<MembersPage />, { session: session(ALL), pageKey: 'CentreUserManage' });
    await expectTexts('老板', '仅可查看');
    // Only its own row can be edited; neither row offers a reset, a disable or an unlock.
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(1);
    for (const action of ['重置密码', '停用', '解锁']) expect(screen.queryAllByRole('button', { name: action }), action).toHaveLength(0);
  });

  it('says so to a user without the manage-users permission', async () => {
    api();
    await renderPage(<MembersPage />, { session: session(['view']), pageKey: 'CentreUserManage' });
    await expectTexts('当前账号没有成员管理权限。');
  });

  it("shows the server's refusal next to the field it names", async () => {
    mockApi({
      'GET /api/v6/member/list': { total: 0, list: [] },
      '/api/v6/org/tree': testOrgTree,
    });
    // Replace the create answer with the server's field error.
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'POST' && String(input).includes('/api/v6/member')) {
        return Response.json({ code: 10008, msg: '用户名已被使用', data: { field: 'username' } });
      }
      return original(input, init);
    }) as typeof fetch;
    await renderPage(<MembersPage />, { session: session(ALL), pageKey: 'CentreUserManage' });
    // Inviting waits for the organisation tree the form offers.
    const invite = await screen.findByTestId('member-invite');
    await waitFor(() => expect((invite as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(invite);
    fireEvent.change(await screen.findByTestId('member-username'), { target: { value: 'site' } });
    fireEvent.change(screen.getByTestId('member-name'), { target: { value: '李娜' } });
    // The form needs a site for a site user: choose the first.
    fireEvent.mouseDown(screen.getByTestId('member-projects').querySelector('.ant-select-selector') ?? screen.getByTestId('member-projects'));
    fireEvent.click(await screen.findByText('苏州工业园光储充站', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('member-save'));
    await expectTexts('用户名已被使用');
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error [data-testid="member-username"]')).not.toBeNull());
  });
});
