import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MONTH_REPORT_SECTIONS } from '@gridops/contract';
import { expectEnglishOnly, expectTexts, renderPage, resetHarness, siteSession } from '../../test/harness';
import { dailyEnergyOption } from './charts';
import { MonthReportSetPage, parseRecipients } from './MonthReportSetPage';
import { lastMonthStart, RunReportPage } from './RunReportPage';

const figures = {
  project_id: 1,
  name: '苏州工业园区站',
  name_en: 'Suzhou Industrial Park',
  month: '2026-10',
  zone: 'Asia/Shanghai',
  currency: 'CNY',
  energy: {
    tariff_configured: true,
    total_kwh: 12345.6,
    total_cost: 9876.54,
    bands: [
      { band: 'sharp', energy: 1000, cost: 1500 },
      { band: 'peak', energy: 4000, cost: 4000 },
      { band: 'flat', energy: 4345.6, cost: 3000 },
      { band: 'valley', energy: 3000, cost: 1376.54 },
    ],
    daily: [
      { date: '2026-10-01', energy: 400, cost: 300 },
      { date: '2026-10-02', energy: 420, cost: 310 },
    ],
    energy_charge: 9876.54,
    basic_charge: 2000,
    pf_adjustment: -50,
    feed_in_revenue: 100,
    bill_total: 11726.54,
    power_factor: 0.95,
    pf_source: 'energy',
    pf_standard: 0.9,
    pf_adjust_pct: -0.75,
    peak_demand_kw: 320.5,
    declared_demand_kw: 300,
    demand_penalty: 220,
  },
  new_energy: { pv_capacity_kwp: 400, generation_kwh: 30000, self_consumption_pct: 92.5, equivalent_hours: 75, storage_capacity_kwh: 1000, charged_kwh: 8000, discharged_kwh: 7200, storage_efficiency_pct: 90, cycles: 7.2 },
  carbon: { emissions_kg: 7000, avoided_kg: 17000, net_kg: -10000 },
  events: { total: 12, by_level: [{ key: 1, count: 2 }, { key: 3, count: 10 }], by_type: [{ key: 2, count: 12 }], acknowledged: 10, closed: 8, mean_ack_minutes: 12.5, mean_close_minutes: 95 },
  inspection: { total: 30, done: 27, overdue: 3, late: 1, rate: 90, findings: 2 },
  defects: { opened: 4, closed: 3, open: 2 },
  gateways: [{ id: 5, sn: 'GW-SZIP-01', name: '1#网关', name_en: 'Gateway 1', availability_pct: 99.8, outages: 1, outage_minutes: 90 }],
};
const report = { id: 7, project_id: 1, month: '2026-10', trigger: 'job', sections: [...MONTH_REPORT_SECTIONS], languages: ['zh', 'en'], generated_at: '2026-11-01T00:05:00Z', pdf_bytes: 80000, xlsx_bytes: 9000, mail_status: 'sent', deliveries: [] };
const settings = { items: [{ project_id: 1, name: '苏州工业园区站', name_en: 'Suzhou Industrial Park', sections: ['energy', 'events'], recipients: ['ops@example.com'], languages: ['zh'], auto_generate: true, version: 2 }] };
const configure = { ...siteSession, userInfo: { id: 1, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1, permissions: ['view', 'configure'] } } as never;

function mock(opts: { generated?: boolean; figures?: typeof figures } = {}) {
  const shown = opts.figures ?? figures;
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push({ method, path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname.endsWith('/settings') && method === 'PUT') return Response.json({ code: 10006, msg: '收件人 a@b.c 重复', data: { field: 'recipients' } }, { status: 400 });
      if (url.pathname.endsWith('/settings')) return Response.json({ code: 1, msg: 'ok', data: settings });
      if (url.pathname.endsWith('/generate')) return Response.json({ code: 1, msg: 'ok', data: { report, figures: shown } });
      if (url.pathname.endsWith('/report')) return Response.json({ code: 1, msg: 'ok', data: opts.generated === false ? { report: null, figures: null } : { report, figures: shown } });
      return Response.json({ code: 1, msg: 'ok', data: null });
    }),
  );
  return calls;
}

describe('monthly operation report pages', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('starts on last month and splits recipients; the daily chart is a pure option', () => {
    expect(lastMonthStart('2026-11-26')).toBe('2026-10-01');
    expect(lastMonthStart('2026-01-01')).toBe('2025-12-01');
    expect(parseRecipients('a@x.cn\n b@y.com, ;c@z.org\n')).toEqual(['a@x.cn', 'b@y.com', 'c@z.org']);
    const o = dailyEnergyOption(figures.energy.daily, { t: (k) => k, lang: 'en' }) as { series: { data: number[] }[]; xAxis: { data: string[] } };
    expect(o.series[0]!.data).toEqual([400, 420]);
    expect(o.xAxis.data).toEqual(['10-01', '10-02']);
    expect((dailyEnergyOption([], { t: (k) => k, lang: 'en' }) as { series: unknown[] }).series).toEqual([]);
  });

  it('shows the report in Chinese with its sections, and in English only English', async () => {
    mock();
    await renderPage(<RunReportPage />, { pageKey: 'RunReport', session: configure });
    await expectTexts('能耗与电费', '新能源与储能', '网关可用率', '1#网关', '已发送邮件', '重新生成', '下载 PDF', '0.95（考核标准 0.90，由有功、无功电量计算）', '-0.75%', '核定需量', '超核定需量加收');
    resetHarness();
    mock();
    await renderPage(<RunReportPage />, { pageKey: 'RunReport', lang: 'en' });
    await expectTexts('Energy and cost', 'Gateway 1', 'Mean time to acknowledge', 'Download PDF', '0.95 (standard 0.90, from kWh and kvarh)', 'Declared demand');
    expect(screen.queryByTestId('mr-generate')).toBeNull();
    await expectEnglishOnly();
  });

  it('without a tariff, the cost cells and charges say 未配置电价 with a link to the tariff page, never 0', async () => {
    mock({ figures: { ...figures, energy: { ...figures.energy, tariff_configured: false } } });
    await renderPage(<RunReportPage />, { pageKey: 'RunReport', session: configure });
    await expectTexts('去配置电价');
    await waitFor(() => expect(screen.getByTestId('mr-bill').textContent).toContain('未配置电价'));
    expect(screen.getByTestId('mr-energy').querySelectorAll('[data-testid="cost-unknown"]').length).toBeGreaterThan(1);
  });

  it('offers to generate a missing report and generates it', async () => {
    const calls = mock({ generated: false });
    await renderPage(<RunReportPage />, { pageKey: 'RunReport', session: configure });
    await screen.findByTestId('mr-not-generated');
    fireEvent.click(screen.getByTestId('mr-generate'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/generate'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ project_id: expect.any(Number), send_mail: false });
  });

  it('settings: one row per site, the refusal lands on recipients', async () => {
    const calls = mock();
    await renderPage(<MonthReportSetPage />, { pageKey: 'MonthReportSet', session: configure });
    await expectTexts('苏州工业园区站', 'ops@example.com', '事件统计');
    expect(screen.queryByTestId('month-report-set-add')).toBeNull();
    expect(screen.queryByTestId('month-report-set-delete-1')).toBeNull();
    fireEvent.click(screen.getByTestId('month-report-set-edit-1'));
    await screen.findByTestId('mr-set-recipients');
    fireEvent.click(screen.getByTestId('month-report-set-save'));
    await screen.findByTestId('month-report-set-refusal');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ project_id: 1, version: 2, recipients: ['ops@example.com'], sections: ['energy', 'events'] });
  });
});
