import type { Expert, UserInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { centreSession, expectEnglishOnly, expectTexts, HAN, mockApi, renderPage, resetHarness } from '../../test/harness';
import { ExpertLibraryPage, ExpertReviewPage } from './ExpertsPage';
import { RegisterExpertPage } from './RegisterExpertPage';

const info = (permissions: UserInfo['permissions']): UserInfo => ({
  id: 1,
  org_id: 1,
  username: 'centre',
  name: '张伟',
  name_en: 'Zhang Wei',
  userType: 0,
  project_id: null,
  project_ids: [],
  can_control: false,
  permissions,
  mqtt: { username: 'session-1', pass: 'p' },
});
const session = (permissions: UserInfo['permissions']) => ({ ...centreSession, userInfo: info(permissions) });

const expert = (e: Partial<Expert> = {}): Expert => ({
  id: 5,
  org_id: 1,
  org_name: '华东区域',
  org_name_en: 'East China',
  name: '王磊',
  name_en: 'Wang Lei',
  phone: '13912345678',
  region: '江苏',
  region_en: 'Jiangsu',
  specialities: ['hvDistribution', 'relay'],
  status: 'approved',
  reject_reason: '',
  reviewed_by: 'Zhang Wei',
  reviewed_at: '2026-11-20T08:00:00.000Z',
  enabled: true,
  version: 2,
  created_at: '2026-11-19T08:00:00.000Z',
  certificates: [
    { id: 9, cert_type: 'highVoltage', number: 'T320101', issued_on: '2024-01-01', expires_on: '2026-12-05', days_left: 12, photo_type: 'image/png' },
  ],
  ...e,
});

describe('expert pages', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('lists the library with specialities, certificates and the expiry tag (zh)', async () => {
    mockApi({ 'GET /api/v6/expert/list': { total: 1, list: [expert()] } });
    await renderPage(<ExpertLibraryPage />, { session: session(['view', 'manageUsers']), pageKey: 'WorkerManage' });
    await expectTexts('王磊', '高压配电', '继电保护', '高压电工作业', '12 天后到期', '可派遣');
    // The region in the reader's language (issue 26 item 8: "Jiangsu" in the Chinese list).
    expect(screen.getByTestId('expert-region-cell').textContent).toBe('江苏');
  });

  it('lists the library in English without Chinese', async () => {
    mockApi({ 'GET /api/v6/expert/list': { total: 1, list: [expert()] } });
    await renderPage(<ExpertLibraryPage />, { session: session(['view', 'manageUsers']), pageKey: 'WorkerManage', lang: 'en' });
    await expectTexts('Wang Lei', 'HV distribution', 'High-voltage electrician', 'Expires in 12 days', 'Available');
    expect(screen.getByTestId('expert-region-cell').textContent).toBe('Jiangsu');
    await expectEnglishOnly();
  });

  it('reviews: shows the invitation code, and a rejection needs a reason before anything is sent', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/v6/expert/list': { total: 1, list: [expert({ status: 'pending', reviewed_by: null, reviewed_at: null })] },
      'GET /api/v6/expert/inviteCode': { org_id: 1, org_name: '华东区域', org_name_en: 'East China', code: 'AB12CD34EF' },
      '/api/v6/expert/certificate/9/photo': { photo_type: 'image/png', photo: 'iVBORw0KGgo=' },
      'POST /api/v6/expert/5/review': (body) => {
        sent.push(body);
        return expert();
      },
    });
    await renderPage(<ExpertReviewPage />, { session: session(['view', 'manageUsers']), pageKey: 'WorkerProcess', lang: 'en' });
    await expectTexts('AB12CD34EF', 'Wang Lei');
    fireEvent.click(await screen.findByTestId('expert-open-5'));
    fireEvent.click(await screen.findByTestId('expert-reject'));
    await expectTexts('Please fill this in');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('expert-approve'));
    await waitFor(() => expect(sent).toEqual([{ decision: 'approve', reason: '' }]));
  });

  it('tells a user without manage-users that the review is not theirs', async () => {
    mockApi({ 'GET /api/v6/expert/list': { total: 0, list: [] } });
    await renderPage(<ExpertReviewPage />, { session: session(['view']), pageKey: 'WorkerProcess' });
    await expectTexts('当前账号没有审核专家的权限。');
  });

  it('shows the registration form in both languages and the field the server refuses', async () => {
    mockApi({});
    await renderPage(<RegisterExpertPage />, { session: {}, lang: 'en' });
    await expectTexts('Register as an expert', 'Invitation code', 'Certificate type', 'Low-voltage electrician', 'JPEG, PNG or WebP, at most 2 MB');
    // The language switch names 中文 in Chinese on purpose; the form itself has no Chinese.
    expect(document.querySelector('.login-card')?.textContent).not.toMatch(HAN);
    resetHarness();
    mockApi({});
    await renderPage(<RegisterExpertPage />, { session: {} });
    await expectTexts('注册成为专家', '邀请码', '证书类型', '低压电工作业');
  });
});
