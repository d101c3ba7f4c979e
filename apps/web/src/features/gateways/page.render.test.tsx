import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@gridops/contract';
import { expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { DevMonitorSetPage } from './DevMonitorSetPage';

/** A site user holding the configure permission the gateway routes declare. */
const configurer = { ...siteSession, userInfo: { permissions: ['view', 'configure'] } as unknown as UserInfo };

const gateways = [
  { id: 1, sn: 'GW-SZIP-01', name: '1# 配电房网关', name_en: 'Switch room 1 gateway', online: true, last_seen_at: '2026-11-23T08:00:05Z', has_credentials: true, credentials_at: '2026-11-20T00:00:00Z', devices: 12, unknown_devices: 1 },
  { id: 2, sn: 'GW-NEW-02', name: '新网关', name_en: 'New gateway', online: false, last_seen_at: null, has_credentials: false, credentials_at: null, devices: 0, unknown_devices: 0 },
];
const unknown = [
  { gateway_id: 1, gateway_sn: 'GW-SZIP-01', device_sn: 'NEW-METER-1', point_keys: ['EP', 'P', 'Ua'], count: 42, first_seen_at: '2026-11-23T07:00:00Z', last_seen_at: '2026-11-23T08:00:00Z' },
];

const api = () =>
  mockApi({
    'GET /api/v6/gateway/list': gateways,
    'GET /api/v6/gateway/unknownDevices': unknown,
    'GET /api/v6/gateway/devices': [{ id: 7, gateway_id: 1, gateway_sn: 'GW-SZIP-01', sn: 'M-01', kind: 'meter', name: '1# 电表', name_en: 'Meter 1', points: 11 }],
    'POST /api/v6/gateway/2/credentials': { sn: 'GW-NEW-02', username: 'GW-NEW-02', password: 'once-only-secret-value' },
  });

describe('device monitoring page: gateways and unknown devices', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: lists gateways with state, last message in the site zone, device counts; issues a secret shown once', async () => {
    api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', session: configurer });
    await expectTexts('GW-SZIP-01', '1# 配电房网关', '在线', '从未连接', '1 个未登记设备', '生成密钥', '轮换密钥');
    fireEvent.click(screen.getByTestId('issue-GW-NEW-02'));
    await expectTexts('网关 GW-NEW-02 的连接凭据', 'once-only-secret-value', '密钥只显示这一次');
  });

  it('en: English names and the unknown-devices tab with adopt', async () => {
    api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', lang: 'en', session: configurer });
    await expectTexts('Switch room 1 gateway', 'Online', 'Never connected', 'Register gateway');
    fireEvent.click(screen.getByText('Unknown devices'));
    await expectTexts('NEW-METER-1', 'EP, P, Ua', '42');
    await waitFor(() => expect(screen.getByTestId('adopt-NEW-METER-1')).toBeTruthy());
  });

  it('a worker sees the page read-only', async () => {
    api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', session: { token: 't', userType: 2, organID: 1, proID: 1, baseURL: 'http://console.test' } });
    await expectTexts('GW-SZIP-01', '只读：当前账号无配置权限');
    expect(screen.queryByTestId('register-gateway')).toBeNull();
  });

  it('zh: the devices tab lists devices with their catalogue kind and point count', async () => {
    api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', session: configurer });
    fireEvent.click(await screen.findByText('设备'));
    await expectTexts('M-01', '1# 电表', '电能表', '添加设备');
  });
});
