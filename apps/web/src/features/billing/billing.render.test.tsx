import type { BillingTariff, UserInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expenseFixture } from '../../test/fixtures/energyPages';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { PowerExpensePage } from '../energy/pages/PowerExpensePage';
import { BillingSetPage } from './BillingSetPage';
import { defaultMonths } from './touGrid';

const info = (permissions: UserInfo['permissions']): UserInfo => ({
  id: 2, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1, project_id: 1, project_ids: [1], can_control: true, permissions, mqtt: { username: 's', pass: 'p' },
});
const session = (permissions: UserInfo['permissions']) => ({ ...siteSession, userInfo: info(permissions) });

const tariffs: BillingTariff[] = [
  { id: 1, project_id: 1, name: '两部制分时电价（2026年5月前）', name_en: 'Two-part TOU tariff (until May 2026)', valid_from: '2020-01-01', valid_to: '2026-05-31', months: defaultMonths(), demand_mode: 'demand', basic_price: 40, capacity_kva: null, pf_standard: 0.9, feed_in_price: 0.391, declared_demand_kw: null, version: 1 },
  { id: 2, project_id: 1, name: '两部制分时电价（2026年6月起）', name_en: 'Two-part TOU tariff (from June 2026)', valid_from: '2026-06-01', valid_to: null, months: defaultMonths(), demand_mode: 'capacity', basic_price: 28, capacity_kva: 1600, pf_standard: 0.85, feed_in_price: null, declared_demand_kw: null, version: 3 },
];

const bill = {
  energy_charge: 4960,
  basic_charge: 12000,
  pf_adjustment: -37.2,
  feed_in_revenue: 20,
  total: 16902.8,
  months: [
    { month: '2026-11', energy_charge: 4960, demand_mode: 'demand' as const, basic_quantity: 300, basic_charge: 12000, demand_actual_kw: 312.4, demand_source: 'quarter_hour' as const, declared_demand_kw: 300, demand_penalty: 0, pf_standard: 0.9, power_factor: 0.96, pf_source: 'energy' as const, pf_kwh: 8000, pf_kvarh: 2300, pf_adjust_pct: -0.75, pf_adjustment: -37.2, feed_in_energy: 50, feed_in_revenue: 20, total: 16902.8 },
  ],
};

describe('billing page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('lists tariffs with validity, basic charge, PF standard, feed-in price and their TOU grid (zh)', async () => {
    mockApi({ 'GET /api/v6/billing/tariffs': tariffs });
    await renderPage(<BillingSetPage />, { session: session(['view', 'configure']), pageKey: 'BillingSet' });
    await expectTexts('两部制分时电价（2026年6月起）', '2020-01-01 – 2026-05-31', '2026-06-01 – 长期', '按需量', '40 元/kW·月', '按容量', '1600 kVA', '0.90', '0.85', '0.391 元/kWh', '新增电价', '尖峰', '谷');
    expect(screen.getByTestId('billing-grid-1')).toBeTruthy();
  });

  it('opens the form with the month editor and shows a gap in a day before saving (en)', async () => {
    mockApi({ 'GET /api/v6/billing/tariffs': tariffs });
    await renderPage(<BillingSetPage />, { lang: 'en', session: session(['view', 'configure']), pageKey: 'BillingSet' });
    await expectTexts('Two-part TOU tariff (from June 2026)', 'open-ended', 'By maximum demand', '40 CNY/kW·month');
    await expectEnglishOnly();
    fireEvent.click(screen.getByTestId('billing-edit-2'));
    await expectTexts('Edit tariff', 'Time-of-use periods', 'Energy prices (CNY/kWh)', 'Transformer capacity');
  });

  it('fills every month\'s band hours from a provincial preset; the prices are left to type (zh and en)', async () => {
    mockApi({ 'GET /api/v6/billing/tariffs': tariffs });
    await renderPage(<BillingSetPage />, { session: session(['view', 'configure']), pageKey: 'BillingSet' });
    fireEvent.click(await screen.findByTestId('billing-add'));
    const pick = async (label: string) => {
      const select = await screen.findByTestId('billing-preset');
      fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
      fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
    };
    await pick('浙江 一般工商业');
    await expectTexts('按省份套用时段');
    expect(screen.getByTestId('billing-preset-hint').textContent).toContain('全年尖峰 9:00–11:00');
    // Zhejiang has a critical peak and no flat band: a sharp price to type, no flat one; the default's peak price stays.
    expect(screen.queryByTestId('billing-price-sharp')).not.toBeNull();
    expect(screen.queryByTestId('billing-price-flat')).toBeNull();
    expect((screen.getByTestId('billing-price-sharp') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('billing-price-peak') as HTMLInputElement).value).toBe('1.00');
    expect(screen.getAllByDisplayValue('09:00').length).toBeGreaterThan(0);
    resetHarness();

    mockApi({ 'GET /api/v6/billing/tariffs': tariffs });
    await renderPage(<BillingSetPage />, { lang: 'en', session: session(['view', 'configure']), pageKey: 'BillingSet' });
    fireEvent.click(await screen.findByTestId('billing-add'));
    await pick('Jiangsu, general industrial & commercial');
    expect(screen.getByTestId('billing-preset-hint').textContent).toContain('Critical peak: July–August');
  });

  it('is read-only without the configuration permission', async () => {
    mockApi({ 'GET /api/v6/billing/tariffs': tariffs });
    await renderPage(<BillingSetPage />, { session: session(['view']), pageKey: 'BillingSet' });
    await expectTexts('当前账号没有配置权限，只能查看。');
    await waitFor(() => expect(screen.queryByTestId('billing-add')).toBeNull());
  });
});

describe('expense report bill', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('shows the monthly bill: energy, demand charge, power-factor adjustment, feed-in revenue (zh and en)', async () => {
    mockApi({ '/api/v6/energy/expense': { ...expenseFixture, bill } });
    await renderPage(<PowerExpensePage />, { pageKey: 'PowerExpense' });
    await expectTexts('电费账单（按月）', '电度电费', '按需量', '300.0 kW', '312.4 / 300.0', '15 分钟平均', '超需量加收', '0.96 / 0.90', '由有功、无功电量计算', '-0.75%', '-37.20', '上网收入', '16,902.80', '应付电费');
    resetHarness();
    mockApi({ '/api/v6/energy/expense': { ...expenseFixture, bill } });
    await renderPage(<PowerExpensePage />, { lang: 'en', pageKey: 'PowerExpense' });
    await expectTexts('Bill by month', 'Energy charge', 'PF adjustment', 'Feed-in revenue', 'Amount due', '16,902.80', 'from kWh and kvarh', '15-minute mean', 'Over-declaration surcharge');
    await expectEnglishOnly();
  });
});
