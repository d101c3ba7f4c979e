import { diagramListResponse, diagramResponse, realtimeResponse } from '@gridops/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../../session/store';
import { expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../../test/harness';
import { DevMonitorPage } from './DevMonitorPage';
import { SingleLineSetPage } from './SingleLineSetPage';

const NOW = '2026-11-25T06:00:00.000Z';
const realtime = realtimeResponse.parse({
  project_id: 1,
  now: NOW,
  rooms: [
    {
      id: 3,
      name: '1#配电室',
      kind: 'distribution',
      devices: [
        {
          id: 18,
          parent_id: null,
          sn: 'F01',
          kind: 'feeder',
          name: '1#办公楼回路',
          gateway_online: true,
          points: [
            { id: 1, key: 'breaker', name: '断路器状态', unit: '', kind: 'digital', precision: 0, value: 1, ts: NOW, quality: 'fresh' },
            { id: 2, key: 'P', name: '有功功率', unit: 'kW', kind: 'analog', precision: 2, value: 36.5, ts: NOW, quality: 'fresh' },
          ],
        },
      ],
    },
  ],
});
const doc = {
  width: 600,
  height: 400,
  elements: [
    { id: 'SRC1', type: 'source', x: 200, y: 60, label: '电源进线', label_en: 'Incomer' },
    { id: 'QF1', type: 'breaker', x: 200, y: 200, device_id: 18, label: '测试断路器', label_en: 'Test breaker' },
    { id: 'PV1', type: 'pv', x: 360, y: 300, label: '屋顶光伏', label_en: 'Rooftop PV' },
  ],
  wires: [
    { from: 'SRC1', to: 'QF1' },
    { from: 'QF1', to: 'PV1' },
  ],
};
const diagram = diagramResponse.parse({
  room_id: 3,
  project_id: 1,
  room_name: '1#配电室',
  diagram_id: 7,
  name: '光伏并网图',
  stored: true,
  version: 4,
  updated_at: NOW,
  doc,
  states: [{ element_id: 'QF1', device_id: 18, breaker_closed: true, p_kw: 36.5, i_a: 57.3, u_v: 227.5, load_rate: null, ts: NOW, quality: 'fresh' }],
});
const list = diagramListResponse.parse({
  room_id: 3,
  list: [
    { id: 2, room_id: 3, name: '一次接线图', name_en: 'Single-line diagram', version: 1, updated_at: NOW, elements: 15 },
    { id: 7, room_id: 3, name: '光伏并网图', name_en: 'PV tie-in', version: 4, updated_at: NOW, elements: 3 },
  ],
});
const api = () =>
  mockApi({
    '/api/v6/distribution/realtime': realtime,
    '/api/v6/distribution/room/3/diagrams': list,
    '/api/v6/distribution/room/3/diagram': diagram,
  });
const configurer = { ...siteSession, userInfo: { permissions: ['view', 'configure', 'control'] } } as unknown as Partial<SessionState>;

describe('single-line diagram editor and live view', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('editor (zh, configure): palette, the stored drawing, its version and the editing tools', async () => {
    api();
    await renderPage(<SingleLineSetPage />, { pageKey: 'SingleLineSet', session: configurer });
    await expectTexts('图元', '电源进线', '负荷开关', '隔离开关', '电流互感器', '充电桩', '版本 4', '撤销', '新建图');
    expect(screen.getByTestId('sld-save')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-testid="sld-node-QF1"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="sld-node-QF1"]')!.getAttribute('data-device')).toBe('18');
    expect(document.querySelector('[data-testid="sld-node-PV1"]')!.textContent).toContain('屋顶光伏');
    expect(screen.queryByTestId('sld-view-only')).toBeNull();
  });

  it('editor (en, no configure permission): view only, no palette or save', async () => {
    api();
    await renderPage(<SingleLineSetPage />, { pageKey: 'SingleLineSet', lang: 'en' });
    await expectTexts('View only: editing diagrams needs the configure permission', 'Properties');
    await waitFor(() => expect(document.querySelector('[data-testid="sld-node-PV1"]')!.textContent).toContain('Rooftop PV'));
    expect(screen.queryByTestId('sld-palette')).toBeNull();
    expect(screen.queryByTestId('sld-save')).toBeNull();
  });

  it("live view (zh): the room's diagrams to pick from and the drawn symbols with live values", async () => {
    api();
    const { getByTestId } = await renderPage(<DevMonitorPage />, { pageKey: 'DevMonitor' });
    getByTestId('tab-diagram').click();
    await waitFor(() => expect(document.querySelector('[data-testid="sld-QF1"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="sld-QF1"]')!.getAttribute('data-state')).toBe('closed');
    await expectTexts('合闸', '屋顶光伏', '光伏并网图');
    expect(document.querySelector('[data-testid="sld-PV1"]')).not.toBeNull();
  });
});
