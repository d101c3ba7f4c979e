import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expectEnglishOnly, expectTexts, renderPage, resetHarness, siteSession } from '../../test/harness';
import { fieldPath } from '../../shared/ui/listForm/ListFormPage';
import { ChargeSetPage, PvSetPage } from './PvChargePages';
import { EssSetPage, FanSetPage } from './WindEssPages';

const devices = [
  { id: 11, kind: 'pv_inverter', name: '1#光伏逆变器', name_en: 'PV inverter 1', sn: 'INV1' },
  { id: 21, kind: 'pcs', name: '储能变流器PCS', name_en: 'PCS', sn: 'PCS1' },
  { id: 31, kind: 'ev_charger', name: '1#充电桩', name_en: 'EV charger 1', sn: 'EV1' },
];
const base = { project_id: 1, version: 1 };
const lists: Record<string, unknown> = {
  pv: { items: [{ ...base, id: 1, name: '1#屋面光伏阵列', name_en: 'Rooftop array 1', capacity_kwp: 400, azimuth_deg: 170, tilt_deg: 20, performance_ratio: 0.8, inverter_ids: [11] }], devices },
  wind: { items: [], devices: [] },
  ess: {
    items: [{ ...base, id: 2, name: 'PCS储能系统', name_en: 'PCS storage system', pcs_device_id: 21, capacity_kwh: 1000, power_kw: 500, soc_min_pct: 10, soc_max_pct: 95, schedule: [{ start: '00:00', end: '06:00', mode: 'charge', power_kw: 500 }] }],
    devices,
  },
  charger: { items: [{ ...base, id: 3, name: '1#充电桩', name_en: 'EV charger 1', device_id: 31, connectors: 2, connector_type: 'gbt_dc', rated_kw: 120, service_fee_yuan_kwh: 0.8 }], devices },
};
const configure = { ...siteSession, userInfo: { id: 1, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1, permissions: ['view', 'configure'] } } as never;

/** The four lists; PUT answers with a refusal naming a nested field, as the server does for overlapping periods. */
function mock() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push(`${method} ${url.pathname}`);
      if (method === 'PUT') return Response.json({ code: 10006, msg: '策略时段不能重叠', data: { field: 'schedule.0.start' } }, { status: 400 });
      const kind = url.pathname.split('/').pop()!;
      return Response.json({ code: 1, msg: 'ok', data: lists[kind] ?? null });
    }),
  );
  return calls;
}

describe('energy-efficiency sets', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('maps a server field to the form path', () => {
    expect(fieldPath('schedule.1.start')).toEqual(['schedule', 1, 'start']);
    expect(fieldPath('name')).toEqual(['name']);
  });

  it('PV arrays (zh) and chargers (en)', async () => {
    mock();
    await renderPage(<PvSetPage />, { pageKey: 'PvSet' });
    await expectTexts('1#屋面光伏阵列', '1#光伏逆变器', '170');
    resetHarness();
    mock();
    await renderPage(<ChargeSetPage />, { pageKey: 'ChargeSet', lang: 'en' });
    await expectTexts('EV charger 1', 'DC fast (GB/T)', '0.80');
    await expectEnglishOnly();
  });

  it('wind turbines: an empty list offers to add one', async () => {
    mock();
    await renderPage(<FanSetPage />, { pageKey: 'FanSet', session: configure });
    await expectTexts('新增风电机组');
  });

  it('storage: a refusal lands on the schedule field it names, and above the form', async () => {
    const calls = mock();
    await renderPage(<EssSetPage />, { pageKey: 'EssSet', session: configure });
    await expectTexts('10–95%');
    expect(document.body.textContent).toContain('00:00–06:00 充电');
    fireEvent.click(screen.getByTestId('ess-set-edit-2'));
    await screen.findByTestId('ess-start-0');
    fireEvent.click(screen.getByTestId('ess-set-save'));
    await screen.findByTestId('ess-set-refusal');
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toContain('策略时段不能重叠');
    expect(calls).toContain('PUT /api/v6/assets/ess/2');
  });
});
