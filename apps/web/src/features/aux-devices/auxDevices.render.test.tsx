import type { AuxDeviceList, AuxRule } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { AuxDeviceSetPage } from './AuxDeviceSetPage';

const point = (id: number, key: string, name: string, name_en: string, unit: string) => ({ id, key, name, name_en, unit });
const list: AuxDeviceList = {
  devices: [
    {
      id: 31, project_id: 1, kind: 'dehumidifier', name: '1#除湿机', name_en: 'Dehumidifier 1', room_id: 7, room_name: '1#配电室', room_name_en: 'Room 1', gateway_id: 3, gateway_sn: 'GW-1', sn: 'DH1',
      setpoint_min: 45, setpoint_max: 70, remote_control: true, version: 2,
      points: [point(301, 'run', '运行状态', 'Running', ''), point(302, 'humidity_set', '湿度设定值', 'Humidity set-point', '%RH'), point(303, 'P', '有功功率', 'Active power', 'kW')],
      setpoint: { key: 'humidity_set', name: '湿度设定值', name_en: 'Humidity set-point', unit: '%RH', min: 45, max: 70, kind_min: 40, kind_max: 80, step: 1 },
    },
    {
      id: 32, project_id: 1, kind: 'light', name: '配电室照明', name_en: 'Room lights', room_id: 7, room_name: '1#配电室', room_name_en: 'Room 1', gateway_id: 3, gateway_sn: 'GW-1', sn: 'LT1',
      setpoint_min: null, setpoint_max: null, remote_control: false, version: 1, points: [point(311, 'run', '运行状态', 'Running', '')], setpoint: null,
    },
  ],
  rooms: [{ id: 7, name: '1#配电室', name_en: 'Room 1' }],
  gateways: [{ id: 3, sn: 'GW-1', name: '1#网关', name_en: 'Gateway 1' }],
  points: [{ point_id: 401, room_id: 7, device_name: '配电室环境监测', device_name_en: 'Room environment', key: 'humidity', name: '湿度', name_en: 'Humidity', unit: '%RH' }],
  timezone: 'Asia/Shanghai',
};
const rules: AuxRule[] = [
  { id: 5, project_id: 1, room_id: 7, name: '湿度高开除湿机', name_en: 'Dehumidifier on high humidity', device_id: 31, point_id: 401, above: true, on_threshold: 68, off_threshold: 63, min_on_s: 600, min_off_s: 600, window_start: null, window_end: null, enabled: true, version: 1, last_action: null, last_action_at: null },
];
const configure = { ...siteSession, userInfo: { id: 1, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1, permissions: ['view', 'configure'] } } as never;

describe('/RunSetup/AuxDeviceSet', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('lists the devices with their set-point range and remote control (zh)', async () => {
    mockApi({ 'GET /api/v6/aux-devices': list, 'GET /api/v6/aux-automation': rules });
    await renderPage(<AuxDeviceSetPage />, { pageKey: 'AuxDeviceSet', session: configure });
    await expectTexts('1#除湿机', '除湿机', '1#配电室', 'GW-1 / DH1', '45–70 %RH', '无设定值', '允许', '禁止', '导出 Excel');
  });

  it('an edit sends the limits with the version', async () => {
    const { calls } = mockApi({ 'GET /api/v6/aux-devices': list, 'GET /api/v6/aux-automation': rules, 'PUT /api/v6/aux-devices/31': list.devices[0]! });
    await renderPage(<AuxDeviceSetPage />, { pageKey: 'AuxDeviceSet', session: configure });
    fireEvent.click(await screen.findByTestId('aux-set-edit-31'));
    await screen.findByTestId('aux-sp-min');
    fireEvent.click(screen.getByTestId('aux-set-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/v6/aux-devices/31')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ setpoint_min: 45, setpoint_max: 70, remote_control: true, version: 2 });
  });

  it('shows the automation rules in English only', async () => {
    mockApi({ 'GET /api/v6/aux-devices': list, 'GET /api/v6/aux-automation': rules });
    await renderPage(<AuxDeviceSetPage />, { pageKey: 'AuxDeviceSet', session: configure, lang: 'en' });
    fireEvent.click(await screen.findByTestId('aux-tab-automation'));
    await expectTexts('Dehumidifier on high humidity', 'Room 1 · Dehumidifier 1', 'Humidity > 68 %RH on, < 63 %RH off', '600 / 600 s', 'All day', 'None yet');
    await expectEnglishOnly();
  });
});
