import { userInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../../test/harness';
import { controlLogFixture, realtimeFixture } from '../../../test/fixtures/distribution';
import { orgTreeFixture } from '../../../test/fixtures/org';
import { AuxControlPage } from './AuxControlPage';

vi.mock('../../../shared/charts/EChartView', async () => (await import('../../../test/chartStub')).chartStub);

const operator = userInfo.parse({
  id: 7,
  org_id: 2,
  username: 'operator',
  name: '张工',
  name_en: 'Engineer Zhang',
  userType: 1,
  project_id: 1,
  project_ids: [1],
  can_control: true,
  permissions: ['view', 'configure', 'control', 'manageUsers'],
  mqtt: { username: 'u7', pass: 'p7' },
});

const auxFixture = (en: boolean) => [
  { device_id: 41, room_id: 3, room_name: en ? 'Distribution room 1' : '1#配电室', name: en ? 'Exhaust fan 1' : '1#轴流风机', kind: 'fan', running: false, power_kw: 0, setpoint: { key: 'speed', name: en ? 'Speed level' : '风速档位', unit: '', value: 2, min: 1, max: 3, step: 1 }, ts: '2026-11-25T06:00:00.000Z', gateway_online: true, actions: ['on', 'off', 'setpoint'] },
  { device_id: 42, room_id: 3, room_name: en ? 'Distribution room 1' : '1#配电室', name: en ? 'Air conditioner 1' : '1#精密空调', kind: 'air_conditioner', running: true, power_kw: 2.41, setpoint: { key: 'temp_set', name: en ? 'Temperature set-point' : '温度设定值', unit: '°C', value: 26, min: 16, max: 30, step: 0.5 }, ts: '2026-11-25T06:00:00.000Z', gateway_online: true, actions: ['on', 'off', 'setpoint'] },
  { device_id: 43, room_id: 3, room_name: en ? 'Distribution room 1' : '1#配电室', name: en ? 'Room lights' : '配电室照明', kind: 'light', running: null, power_kw: null, setpoint: null, ts: null, gateway_online: true, actions: ['on', 'off'] },
];

const api = (en = false) =>
  mockApi({
    '/api/v6/distribution/realtime': realtimeFixture,
    '/api/v6/control/aux-targets': auxFixture(en),
    '/api/v6/control/log': controlLogFixture,
    '/api/v6/org/tree': orgTreeFixture,
    'POST /api/v6/control/select': { selection_id: 's-1', device_id: 42, device_name: '1#精密空调', action: 'setpoint', expires_at: new Date(Date.now() + 30_000).toISOString(), breaker_closed: null, setpoint: { key: 'temp_set', value: 24 } },
  });

describe('auxiliary control page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('shows devices, states and set-points; an operator selects a set-point change with its value', async () => {
    const m = api();
    await renderPage(<AuxControlPage />, { pageKey: 'AuxControl', session: { ...siteSession, userInfo: operator } });
    await expectTexts('1#轴流风机', '1#精密空调', '配电室照明', '运行', '停止', '温度设定值 26.0', '1# 环境监测');
    const input = await screen.findByTestId('aux-sp-input-42');
    fireEvent.change(input.querySelector('input') ?? input, { target: { value: '24' } });
    fireEvent.click(screen.getByTestId('aux-sp-set-42'));
    await screen.findByTestId('control-dialog');
    await waitFor(() => expect(m.calls.find((c) => c.path === '/api/v6/control/select')?.body).toEqual({ device_id: 42, action: 'setpoint', value: 24 }));
    await expectTexts('温度设定值调至 24.0°C');
  });

  it('without the control permission: states only, no buttons', async () => {
    api();
    await renderPage(<AuxControlPage />, { pageKey: 'AuxControl' });
    await expectTexts('1#精密空调', '当前账号没有遥控遥调权限');
    expect(screen.queryByTestId('aux-op-41-on')).toBeNull();
  });

  it('in English', async () => {
    api(true);
    await renderPage(<AuxControlPage />, { pageKey: 'AuxControl', lang: 'en', session: { ...siteSession, userInfo: operator } });
    await expectTexts('Exhaust fan 1', 'Running', 'Stopped', 'Switch on', 'Temperature set-point 26.0');
  });
});
