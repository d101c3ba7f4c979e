import type { PushSettingsData, UserInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { centreSession, expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { PushSettingsPage } from './PushSettingsPage';

const info = (permissions: UserInfo['permissions'], userType: 0 | 1 = 0): UserInfo => ({
  id: 1,
  org_id: 1,
  username: 'centre',
  name: '张伟',
  name_en: 'Zhang Wei',
  userType,
  project_id: null,
  project_ids: [],
  can_control: false,
  permissions,
  mqtt: { username: 'session-1', pass: 'p' },
});
const session = (permissions: UserInfo['permissions'], userType: 0 | 1 = 0) => ({ ...centreSession, userInfo: info(permissions, userType) });

const settings: PushSettingsData = {
  smtp: { org_id: 1, host: 'smtp.example.com', port: 465, secure: true, username: 'robot', from_addr: 'alarms@example.com', password_set: true, configured: true },
  channels: [{ id: 3, org_id: 1, kind: 'dingtalk', name: 'Duty robot', url: 'https://oapi.dingtalk.com/robot/send?access_token=x', secret_set: true, enabled: true }],
  rules: [{ id: 7, org_id: 1, project_id: 2, name: 'Night faults', event_types: [2, 3], min_level: 3, user_ids: [1], channel_ids: [3], quiet_start: '22:00', quiet_end: '07:00', escalate_minutes: 15, escalate_user_ids: [1], enabled: true }],
  members: [{ id: 1, name: '张伟', name_en: 'Zhang Wei', email: 'zhang.wei@example.com' }],
  projects: [{ id: 2, name: '苏州工业园站', name_en: 'Suzhou Park station' }],
};
const routes = (sent: unknown[] = []) => ({
  'GET /api/v6/push/settings': settings,
  'GET /api/v6/push/deliveries': [
    { id: 9, org_id: 1, rule_id: 7, event_id: 11, target: 'webhook', to_addr: 'Duty robot', subject: 's', status: 'failed', attempts: 5, last_error: 'HTTP 500: boom', created_at: '2026-11-23T08:00:00.000Z', sent_at: null, next_at: '2026-11-23T08:10:00.000Z' },
  ],
  'POST /api/v6/push/test': (body: unknown) => {
    sent.push(body);
    return { ok: true, error: '' };
  },
});

describe('push settings page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('shows SMTP, channels (secret shown only as set), rules and the delivery log (zh)', async () => {
    mockApi(routes());
    await renderPage(<PushSettingsPage />, { session: session(['view', 'configure']), pageKey: 'CentreSendmsgTools' });
    await expectTexts('邮件（SMTP）', '机器人通道', 'Duty robot', '钉钉', '已设置', 'Night faults', '苏州工业园站', '告警', '故障', 'Ⅲ级', '22:00–07:00', '15 分钟未确认：张伟', '发送记录', '失败', 'HTTP 500: boom');
  });

  it('renders in English without Chinese and sends a channel test', async () => {
    const sent: unknown[] = [];
    mockApi(routes(sent));
    await renderPage(<PushSettingsPage />, { session: session(['view', 'configure']), pageKey: 'CentreSendmsgTools', lang: 'en' });
    await expectTexts('E-mail (SMTP)', 'Robot channels', 'DingTalk', 'Suzhou Park station', 'Level III', 'After 15 min unacknowledged: Zhang Wei', 'Delivery log', 'Failed');
    await expectEnglishOnly();
    fireEvent.click(screen.getByTestId('push-channel-test-3'));
    await waitFor(() => expect(sent).toEqual([{ target: 3, org_id: 1 }]));
  });

  it("shows a site user his sites' rules only, without SMTP, channels or the delivery log", async () => {
    const siteSettings: PushSettingsData = {
      ...settings,
      smtp: { org_id: 1, host: '', port: 25, secure: false, username: '', from_addr: '', password_set: false, configured: true },
      channels: [],
    };
    const { calls } = mockApi({ 'GET /api/v6/push/settings': siteSettings });
    await renderPage(<PushSettingsPage />, { session: session(['view', 'configure'], 1), pageKey: 'UcSendmsgTools' });
    await expectTexts('您可以管理本人负责站点的推送规则', '本组织的邮件服务器已设置。', 'Night faults', '苏州工业园站', '1 个机器人通道（中心管理）');
    expect(screen.queryByTestId('push-smtp')).toBeNull();
    expect(screen.queryByTestId('push-channel-add')).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/api/v6/push/deliveries');
    // A new rule names one of his sites: the whole-organisation choice is not offered.
    fireEvent.click(screen.getByTestId('push-rule-add'));
    await expectTexts('新增');
    expect(document.body.textContent).not.toContain('整个组织');
  });

  it('tells a site user without the configure permission that push settings are managed by centre users', async () => {
    mockApi(routes());
    await renderPage(<PushSettingsPage />, { session: session(['view'], 1), pageKey: 'UcSendmsgTools' });
    await expectTexts('推送设置由中心用户按组织管理，当前账号无法修改。');
  });
});
