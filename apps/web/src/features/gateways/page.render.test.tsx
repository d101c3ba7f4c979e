import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@gridops/contract';
import { expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { deliverLive } from '../../api/liveBus';
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

const api = (over: Record<string, unknown> = {}) =>
  mockApi({
    'GET /api/v6/gateway/list': gateways,
    'GET /api/v6/gateway/unknownDevices': unknown,
    'GET /api/v6/gateway/devices': [
      { id: 7, gateway_id: 1, gateway_sn: 'GW-SZIP-01', sn: 'M-01', kind: 'meter', name: '1# 电表', name_en: 'Meter 1', points: 11, room_id: 3, room_name: '1#配电房', room_name_en: 'Switch room 1', parent_id: null },
      { id: 8, gateway_id: 1, gateway_sn: 'GW-SZIP-01', sn: 'QF-02', kind: 'breaker', name: '2# 馈线', name_en: 'Feeder 2', points: 6, room_id: null, room_name: null, room_name_en: null, parent_id: null },
      { id: 9, gateway_id: 1, gateway_sn: 'GW-SZIP-01', sn: 'QF-01', kind: 'feeder', name: '1# 出线', name_en: 'Feeder 1', points: 6, room_id: 3, room_name: '1#配电房', room_name_en: 'Switch room 1', parent_id: null },
    ],
    'GET /api/v6/gateway/rooms': [{ id: 3, name: '1#配电房', name_en: 'Switch room 1', devices: 1 }],
    'POST /api/v6/gateway/devices/room': { moved: 1 },
    'PUT /api/v6/gateway/device/7': { id: 7 },
    'POST /api/v6/gateway/2/credentials': { sn: 'GW-NEW-02', username: 'GW-NEW-02', password: 'once-only-secret-value' },
    'GET /api/v6/gateway/kit': kit,
    ...over,
  });

const sub = `mosquitto_sub -h gw.example.com -p 1883 -u 'GW-NEW-02' -P "$GRIDOPS_GW_PASSWORD" -i 'gw-GW-NEW-02' -c -q 1 -k 60 -v -t 'v1.1/gateway/GW-NEW-02/command'`;
const kit = {
  gateway_id: 2,
  project_id: 1,
  sn: 'GW-NEW-02',
  name: '新网关',
  name_en: 'New gateway',
  online: false,
  last_seen_at: null,
  has_credentials: true,
  heartbeat_s: 90,
  broker: {
    host: 'gw.example.com',
    external: false,
    tcp: { host: 'gw.example.com', port: 1883, url: 'mqtt://gw.example.com:1883' },
    tls: { host: 'gw.example.com', port: 8883, url: 'mqtts://gw.example.com:8883' },
    ws: { host: 'gw.example.com', port: 8084, url: 'ws://gw.example.com:8084/mqtt' },
    wss: null,
  },
  main_session: { username: 'GW-NEW-02', client_id: 'gw-GW-NEW-02', clean_session: false, keepalive_s: 60 },
  aux_session: { username: 'GW-NEW-02/pub', client_id: 'gw-GW-NEW-02/pub-1', clean_session: true },
  topics: [
    { name: 'telemetry', topic: 'v1.1/gateway/GW-NEW-02/telemetry', direction: 'publish', qos: 1, sample: '{"ts":1795370000000,"devices":[{"sn":"M1","values":{"Ua":231.4}}]}' },
    { name: 'command', topic: 'v1.1/gateway/GW-NEW-02/command', direction: 'subscribe', qos: 1, sample: '{"id":"c-1","command":"breaker","params":{"device_sn":"F01","close":false}}' },
  ],
  mosquitto_sub: sub,
  mosquitto_pub: [{ name: 'status', line: `mosquitto_pub -h gw.example.com -p 1883 -u 'GW-NEW-02/pub' -P "$GRIDOPS_GW_PASSWORD" -i 'gw-GW-NEW-02/pub-1' -q 1 -t 'v1.1/gateway/GW-NEW-02/status' -m '{}'` }],
};

describe('device monitoring page: gateways and unknown devices', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: lists gateways with state, last message in the site zone, device counts; issues a secret shown once', async () => {
    api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', session: configurer });
    await expectTexts('GW-SZIP-01', '1# 配电房网关', '在线', '从未连接', '1 个未登记设备', '生成密钥', '轮换密钥');
    fireEvent.click(screen.getByTestId('issue-GW-NEW-02'));
    await expectTexts('网关 GW-NEW-02 的连接凭据', 'once-only-secret-value', '密钥只显示这一次');
    // The kit: broker from the server, sessions, topics with samples, command lines with the secret filled in.
    await expectTexts('mqtt://gw.example.com:1883', 'mqtts://gw.example.com:8883', 'ws://gw.example.com:8084/mqtt', '未配置', 'gw-GW-NEW-02', 'GW-NEW-02/pub', '关闭（持久会话），keepalive 60 s', 'v1.1/gateway/GW-NEW-02/telemetry', '命令（仅主会话）', '等待网关连接……收到第一条消息后变绿');
    expect(screen.getByTestId('kit-sub').textContent).toContain(`-P 'once-only-secret-value' -i 'gw-GW-NEW-02'`);
    expect(screen.getByTestId('kit-pub-status').textContent).toContain(`-u 'GW-NEW-02/pub' -P 'once-only-secret-value'`);
    expect(screen.getByTestId('kit-download')).toBeTruthy();
  });

  it('en: the kit from a row shows no secret, the password as a variable, and turns green when the online push arrives', async () => {
    let online = false;
    const { calls } = api({ 'GET /api/v6/gateway/kit': () => ({ ...kit, online }) });
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', lang: 'en', session: configurer });
    fireEvent.click(await screen.findByTestId('kit-GW-NEW-02'));
    await expectTexts('Connection kit of gateway GW-NEW-02', 'Shown once when generated; rotate if lost', 'Commands (main session only)', 'Waiting for the gateway… turns green at its first message');
    online = true;
    // This project's push refreshes the dialog at once (the periodic refresh is 15 s away).
    act(() => deliverLive({ topic: 't', command: 'gateway_status', data: { project_id: 1, gateway_id: 2, sn: 'GW-NEW-02', online: true } }));
    await expectTexts('Gateway connected (message received)');
    expect(screen.getByTestId('kit-sub').textContent).toContain('-P "$GRIDOPS_GW_PASSWORD"');
    expect(screen.queryByTestId('secret-password')).toBeNull();
    expect(calls.some((c) => c.path === '/api/v6/gateway/kit')).toBe(true);
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
    await expectTexts('M-01', '1# 电表', '电能表', '添加设备', '1#配电房');
  });

  it('en: flags devices in no room and moves the selected ones into a room', async () => {
    const { calls } = api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', lang: 'en', session: configurer });
    fireEvent.click(await screen.findByText('Devices'));
    await expectTexts('Switch room 1', 'Not placed', '1 device(s) are not placed in a room');
    const row = (await screen.findByTestId('device-unplaced-8')).closest('tr')!;
    fireEvent.click(row.querySelector('input[type="checkbox"]')!);
    fireEvent.click(screen.getByTestId('move-devices'));
    fireEvent.mouseDown(within(await screen.findByTestId('move-devices-room')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Switch room 1'));
    fireEvent.click(screen.getByTestId('move-devices-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v6/gateway/devices/room')?.body).toEqual({ project_id: 1, device_ids: [8], room_id: 3 }));
  });

  it('zh: the add-device dialog has the upstream device field', async () => {
    api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', session: configurer });
    fireEvent.click(await screen.findByText('设备'));
    fireEvent.click(await screen.findByTestId('add-device'));
    await expectTexts('上级设备', '电表选它计量的进线或出线开关，出线选它所在的变压器；单线图草稿据此把设备画在对应支路和母线段上。');
  });

  it('en: editing a meter offers the devices of its room (not itself, not other rooms) and saves parent_id', async () => {
    const { calls } = api();
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', lang: 'en', session: configurer });
    fireEvent.click(await screen.findByText('Devices'));
    const row = (await screen.findByText('M-01')).closest('tr')!;
    fireEvent.click(within(row).getByText('Edit'));
    await expectTexts('Upstream device', 'A meter: the incomer or feeder breaker it measures; a feeder: the transformer it hangs under. The diagram draft draws the device on that branch and busbar section.');
    fireEvent.mouseDown(within(await screen.findByTestId('device-parent')).getByRole('combobox'));
    const option = await screen.findByTitle('Feeder 1 · QF-01 · Feeder');
    expect(screen.queryByTitle(/QF-02/)).toBeNull();
    expect(screen.queryByTitle(/· M-01 ·/)).toBeNull();
    fireEvent.click(option);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/v6/gateway/device/7')?.body).toEqual({ name: '1# 电表', name_en: 'Meter 1', room_id: 3, parent_id: 9 }));
  });
});
