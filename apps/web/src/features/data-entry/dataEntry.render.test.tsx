import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ManualReading } from '@gridops/contract';
import { expectEnglishOnly, expectTexts, renderPage, resetHarness, siteSession } from '../../test/harness';
import { consumptionChartOption } from './chart';
import { DataEntryPage } from './DataEntryPage';
import { localToIso } from './ReadingsPanel';

const meter = { id: 3, project_id: 1, energy_type: 'water', name: '站区自来水表', name_en: 'Station mains water meter', unit: 'm³', multiplier: 1, room_id: null, version: 1, point_id: 40, node_id: 12, last_read_at: '2025-03-17T01:00:00.000Z', last_value: 1620.5, readings: 3 };
const reading = (id: number, read_at: string, value: number, consumption: number | null, swap: number | null = null): ManualReading => ({
  id,
  meter_id: 3,
  read_at,
  value,
  replacement: swap !== null,
  old_final_value: swap,
  note: '',
  version: 1,
  has_photo: false,
  consumption,
  entered_by: 'site',
});
const readings = [reading(1, '2025-03-03T01:00:00.000Z', 1580, null), reading(2, '2025-03-10T01:00:00.000Z', 4.5, 30.4, 1610.4), reading(3, '2025-03-17T01:00:00.000Z', 30, 25.5)];
const configure = { ...siteSession, userInfo: { id: 1, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1, permissions: ['view', 'configure'] } } as never;

function mock() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push(`${method} ${url.pathname}`);
      if (method === 'POST') return Response.json({ code: 10006, msg: '读数不能小于上一次读数 30（2025-03-17 09:00）', data: { field: 'value' } }, { status: 400 });
      if (url.pathname.endsWith('/readings')) return Response.json({ code: 1, msg: 'ok', data: { meter, items: readings } });
      if (url.pathname.endsWith('/meters')) return Response.json({ code: 1, msg: 'ok', data: { timezone: 'Asia/Shanghai', items: [meter], rooms: [], nodes: [] } });
      return Response.json({ code: 1, msg: 'ok', data: null });
    }),
  );
  return calls;
}

describe('data entry', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('reads site-local times and charts the consumption between readings', () => {
    expect(localToIso('2025-03-10 09:00', 'Asia/Shanghai')).toBe('2025-03-10T01:00:00.000Z');
    const option = consumptionChartOption(readings, 'Asia/Shanghai', { series: 'Consumption', unit: 'm³' });
    expect((option.xAxis as { data: string[] }).data).toEqual(['03-10 09:00', '03-17 09:00']);
    const data = (option.series as { data: { value: number }[] }[])[0]!.data;
    expect(data.map((d) => d.value)).toEqual([30.4, 25.5]);
  });

  it('lists the meters and the first meter readings with consumption and the replacement (zh)', async () => {
    const calls = mock();
    await renderPage(<DataEntryPage />, { pageKey: 'DataEntrySet' });
    await expectTexts('站区自来水表', '已计入', '2025-03-10 09:00', '30.4', '旧表最终读数 1610.4', '只读：当前账号无配置权限');
    expect(calls).toContain('GET /api/v6/data-entry/meters/3/readings');
  });

  it('is all English in English', async () => {
    mock();
    await renderPage(<DataEntryPage />, { pageKey: 'DataEntrySet', lang: 'en' });
    await expectTexts('Station mains water meter', 'Included', "Old meter's final reading 1610.4", 'Consumption (m³)');
    await expectEnglishOnly();
  });

  it('a decreasing reading is refused on its field', async () => {
    mock();
    await renderPage(<DataEntryPage />, { pageKey: 'DataEntrySet', session: configure });
    fireEvent.click(await screen.findByTestId('readings-add'));
    const value = await screen.findByTestId('reading-value');
    fireEvent.change(value, { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('readings-save'));
    await waitFor(() => expect(screen.getByTestId('readings-refusal').textContent).toContain('读数不能小于上一次读数 30'));
  });
});
