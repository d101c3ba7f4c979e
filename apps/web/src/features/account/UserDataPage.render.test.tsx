import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountProfile, AccountSession } from '@gridops/contract';
import { centreSession, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { i18n } from '../../test/setupI18n';
import { UserDataPage, WorkerUserPage } from './UserDataPage';

const profile: AccountProfile = {
  id: 7,
  username: 'boss',
  userType: 0,
  name: '王工',
  name_en: 'Wang Gong',
  phone: '13800138000',
  email: 'wang@example.com',
  language: null,
  org_id: 1,
  org_name: '滨海能源',
  org_name_en: 'Binhai Energy',
  must_change_password: false,
};

const sessions: AccountSession[] = [
  { id: 11, device_type: 'pc', ip: '10.0.0.5', created_at: '2026-11-23T06:00:00Z', last_seen_at: '2026-11-23T07:00:00Z', expires_at: '2026-11-24T06:00:00Z', current: true },
  { id: 12, device_type: 'worker', ip: '10.0.0.9', created_at: '2026-11-22T06:00:00Z', last_seen_at: '2026-11-22T08:00:00Z', expires_at: '2026-11-23T08:00:00Z', current: false },
];

const api = () =>
  mockApi({
    'GET /api/v6/account/profile': profile,
    'GET /api/v6/account/sessions': sessions,
    'PUT /api/v6/account/profile': (body) => ({ ...profile, ...(body as object) }),
    'POST /api/v6/account/sessions/end-others': { revoked: 1 },
  });

describe('user data page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: profile, password policy, language and the sessions', async () => {
    api();
    await renderPage(<UserDataPage />, { session: centreSession, pageKey: 'CentreUserData' });
    await expectTexts('个人资料', '滨海能源', '中心用户', '修改密码', '长度 10–128 个字符', '不能是常见密码', '界面语言', '登录会话', '当前会话', '手机（运维端）', '10.0.0.9', '退出其他所有会话');
    expect((screen.getByTestId('profile-phone') as HTMLInputElement).value).toBe('13800138000');
  });

  it('en: the same in English, with the organisation English name', async () => {
    api();
    await renderPage(<UserDataPage />, { session: centreSession, pageKey: 'CentreUserData', lang: 'en' });
    await expectTexts('Profile', 'Binhai Energy', 'Centre user', 'Change password', '10 to 128 characters long', 'Sessions', 'This session', 'Phone (worker app)', 'Sign out everywhere else');
  });

  it('checks the new password against the policy as it is typed and names the field in the message', async () => {
    api();
    await renderPage(<UserDataPage />, { session: centreSession, lang: 'en' });
    await expectTexts('Password policy');
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'boss' } });
    await waitFor(() => expect(document.querySelector('[data-rule="length"]')?.getAttribute('data-ok')).toBe('0'));
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'Grid0ps-Admin!x' } });
    await waitFor(() => expect([...document.querySelectorAll('[data-rule]')].map((e) => e.getAttribute('data-ok'))).toEqual(['1', '1', '1', '1']));
    fireEvent.change(screen.getByTestId('confirm-password'), { target: { value: 'different' } });
    fireEvent.click(screen.getByTestId('change-password'));
    await expectTexts('Please enter the Current password', 'The two new passwords do not match');
  });

  it('rewrites a shown policy error in the language switched to', async () => {
    api();
    await renderPage(<UserDataPage />, { session: centreSession });
    await expectTexts('密码规则');
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'abc' } });
    await expectTexts('长度 10–128 个字符；至少包含');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await expectTexts('10 to 128 characters long; at least 3 of');
  });

  it('refuses a malformed phone beside the field before calling the server', async () => {
    const { calls } = api();
    await renderPage(<UserDataPage />, { session: centreSession });
    await expectTexts('个人资料');
    fireEvent.change(screen.getByTestId('profile-phone'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await expectTexts('手机号格式不正确');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('worker "Me" page: the same sections in one column', async () => {
    api();
    await renderPage(<WorkerUserPage />, { session: { ...centreSession, userType: 2 }, pageKey: 'WorkerUser' });
    await expectTexts('个人资料', '修改密码', '登录会话');
    expect(screen.getByTestId('user-data-page').style.gridTemplateColumns).toBe('1fr');
  });
});
