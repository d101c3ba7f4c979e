import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { IeCategory, IeMeter } from '@gridops/contract';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { meterRows } from './IeMetersPage';
import { IeElecSetPage, IeElecTypeSetPage, IeWaterSetPage } from './IeSetPages';

const category = (id: number, key: string, name: string, name_en: string, meter_count = 0): IeCategory => ({ id, project_id: 1, energy_type: 'power', key, name, name_en, sort: id * 10, builtin: true, meter_count, version: 1 });
const meter = (node_id: number, parent_id: number | null, name: string, name_en: string, extra: Partial<IeMeter> = {}): IeMeter => ({
  node_id,
  parent_id,
  depth: parent_id === null ? 0 : 1,
  node_type: 'load',
  name,
  name_en,
  device_name: null,
  device_name_en: null,
  point_key: null,
  leaf: true,
  assignable: true,
  category_id: null,
  ...extra,
});
const categories = [category(1, 'lighting_socket', '照明插座用电', 'Lighting and sockets', 1), category(2, 'hvac', '空调用电', 'HVAC')];
const meters = [
  meter(10, null, '总进线', 'Main incomer', { node_type: 'grid', assignable: false, leaf: false }),
  meter(11, 10, '1#变压器', 'Transformer 1', { leaf: false }),
  meter(12, 11, '1#照明回路', 'Lighting feeder 1', { category_id: 1 }),
];
const configure = { ...siteSession, userInfo: { id: 1, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1, permissions: ['view', 'configure'] } } as never;

const api = () =>
  mockApi({
    'GET /api/v6/ie/categories': { categories },
    'GET /api/v6/ie/meters': (_b, url) => ({ meters: url.searchParams.get('energy_type') === 'power' ? meters : [] }),
    'PUT /api/v6/ie/meters': { assigned: 2 },
  });

describe('integrated-energy sets', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('nests the meters under their parents', () => {
    const [root] = meterRows(meters);
    expect(root!.node_id).toBe(10);
    expect(root!.children![0]!.children![0]!.node_id).toBe(12);
  });

  it('electricity categories (zh): built-in sub-items with their meter counts', async () => {
    api();
    await renderPage(<IeElecTypeSetPage />, { pageKey: 'IeElecTypeSet' });
    await expectTexts('照明插座用电', '空调用电', 'Lighting and sockets', '内置');
  });

  it('electricity meters (en): categories per meter, the incomer not assignable, English only', async () => {
    api();
    await renderPage(<IeElecSetPage />, { pageKey: 'IeElecSet', lang: 'en' });
    await expectTexts('Lighting feeder 1', 'Not consumption', 'Lighting and sockets');
    await expectEnglishOnly();
  });

  it('shows a double count before saving and does not offer to save it', async () => {
    const calls = api();
    await renderPage(<IeElecSetPage />, { pageKey: 'IeElecSet', session: configure });
    await expectTexts('1#变压器');
    const select = screen.getByTestId('ie-select-11');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('空调用电'));
    await expectTexts('「1#照明回路」在「1#变压器」之下，不能与它同时分项');
    expect(screen.getByTestId('ie-save').closest('button')!.disabled).toBe(true);
    expect(calls.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a site without a water tree says where to add one', async () => {
    api();
    await renderPage(<IeWaterSetPage />, { pageKey: 'IeWaterSet' });
    await waitFor(() => expect(document.body.textContent).toContain('本站尚无水计量树'));
  });
});
