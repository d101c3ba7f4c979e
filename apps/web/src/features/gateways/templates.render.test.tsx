import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@gridops/contract';
import { expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { DevTemplateSetPage } from './DevTemplateSetPage';
import { DevMonitorSetPage } from './DevMonitorSetPage';

const configurer = { ...siteSession, userInfo: { permissions: ['view', 'configure'] } as unknown as UserInfo };

const pump = {
  id: 5,
  org_id: 1,
  name: '水泵',
  name_en: 'Pump',
  kind: 'meter',
  version: 3,
  updated_at: '2026-11-23T08:00:00Z',
  points: [
    { key: 'P', name: '功率', name_en: 'Power', unit: 'kW', type: 'analog', scale: 1, precision: 2, low: 0, high: 90 },
    { key: 'run', name: '运行', name_en: 'Running', unit: '', type: 'digital', scale: 1, precision: 0, low: null, high: null },
  ],
};
const builtin = [
  {
    kind: 'meter',
    name: '电能表',
    name_en: 'Energy meter',
    points: [
      { key: 'Ua', name: 'A相电压', name_en: 'Phase A voltage', unit: 'V', type: 'analog', scale: 1, precision: 1, low: null, high: null },
      { key: 'PF', name: '功率因数', name_en: 'Power factor', unit: '', type: 'analog', scale: 1, precision: 3, low: 0.955, high: null },
    ],
  },
];

describe('device templates page and the bulk import report', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: lists custom and built-in templates; a duplicate point key is caught in the form; a save sends the version', async () => {
    const { calls } = mockApi({
      'GET /api/v6/deviceTemplate/list': { builtin, custom: [pump] },
      'PUT /api/v6/deviceTemplate/5': { ...pump, version: 4 },
    });
    await renderPage(<DevTemplateSetPage />, { pageKey: 'DevTemplateSet', session: configurer });
    await expectTexts('自定义模板', '内置模板', '水泵', 'P, run', 'v3', '电能表', '复制为自定义', '新建模板');
    fireEvent.click(await screen.findByTestId('edit-template-5'));
    const table = await screen.findByTestId('point-table');
    await waitFor(() => expect(within(table).getByDisplayValue('run')).toBeTruthy());
    // Typing a duplicate key is caught in the form before anything is sent.
    fireEvent.change(within(table).getByDisplayValue('run'), { target: { value: 'P' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await expectTexts('测点键重复');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(table).getAllByDisplayValue('P')[1]!, { target: { value: 'run' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ version: 3, points: [{ key: 'P' }, { key: 'run' }] }));
  });

  it('en: English names, types and the read-only view of a built-in template', async () => {
    mockApi({ 'GET /api/v6/deviceTemplate/list': { builtin, custom: [pump] } });
    await renderPage(<DevTemplateSetPage />, { pageKey: 'DevTemplateSet', lang: 'en', session: configurer });
    await expectTexts('Custom templates', 'Built-in templates', 'Pump', 'Energy meter', 'Copy as custom');
    fireEvent.click(screen.getByTestId('copy-meter'));
    const table = await screen.findByTestId('point-table');
    await waitFor(() => expect(within(table).getByDisplayValue('Phase A voltage')).toBeTruthy());
  });

  it('a centre user creates a template in the organisation chosen on the form (his own by default)', async () => {
    const org = (id: number, parent_id: number | null, name: string, name_en: string) => ({ id, parent_id, name, name_en, tier: parent_id ? 2 : 1, enabled: true, version: 1, project_count: 0, user_count: 0 });
    const { calls } = mockApi({
      'GET /api/v6/deviceTemplate/list': { builtin, custom: [] },
      'GET /api/v6/admin/org/list': [org(1, null, '华东区域', 'East China region'), org(2, 1, '启航新能源', 'Qihang New Energy')],
      'POST /api/v6/deviceTemplate': { ...pump, id: 9, org_id: 1 },
    });
    const centre = { ...configurer, userType: 0 as const, proID: null, userInfo: { userType: 0, org_id: 1, permissions: ['view', 'configure'] } as unknown as UserInfo };
    await renderPage(<DevTemplateSetPage />, { pageKey: 'DevTemplateSet', session: centre });
    fireEvent.click(await screen.findByTestId('copy-meter'));
    await screen.findByTestId('template-org');
    await expectTexts('所属组织', '华东区域');
    fireEvent.change(screen.getByTestId('template-name'), { target: { value: '启航电表' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: '启航电表', org_id: 1, kind: 'meter' }));
    // "Copy as custom" keeps every point's decimals and limits (PF 0.955 with 3 decimals, not 0.96).
    const sent = calls.find((c) => c.method === 'POST')?.body as { points: Array<{ key: string; precision: number; low: number | null }> };
    expect(sent.points.map((p) => [p.key, p.precision, p.low])).toEqual([
      ['Ua', 1, null],
      ['PF', 3, 0.955],
    ]);
  });

  it('en: an import with a bad row shows the row-by-row report', async () => {
    const { calls } = mockApi({
      'GET /api/v6/gateway/list': [],
      'GET /api/v6/gateway/unknownDevices': [],
      'GET /api/v6/gateway/devices': [],
      'GET /api/v6/deviceTemplate/list': { builtin, custom: [pump] },
      'POST /api/v6/deviceTemplate/import': {
        ok: false,
        created: 0,
        errors: [{ row: 3, column: 'template', message: { zh: '没有设备模板或类型 “x”', en: 'No device template or kind "x"' } }],
      },
    });
    await renderPage(<DevMonitorSetPage />, { pageKey: 'DevMonitorSet', lang: 'en', session: configurer });
    fireEvent.click(await screen.findByText('Devices'));
    await expectTexts('Download import template', 'Bulk import (.xlsx)');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'devices.xlsx');
    fireEvent.change(input, { target: { files: [file] } });
    await expectTexts('Bulk import result', '1 error(s): nothing was written. Fix them and import again.', 'Template or kind', 'No device template or kind "x"');
    const sent = calls.find((c) => c.path === '/api/v6/deviceTemplate/import')?.body as { file_base64: string; project_id: number };
    expect(sent).toEqual({ project_id: 1, file_base64: 'UEsDBA==' });
  });
});
