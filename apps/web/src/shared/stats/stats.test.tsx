import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { formatTrees, treesForCo2T, treesPrecision } from '@gridops/format';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { changeExportColumns } from './changeExport';
import { ComparisonCell } from './ComparisonCell';
import { PeriodPicker } from './PeriodPicker';
import { StatCard } from './StatCard';
import { throttle } from './useLiveRefresh';

beforeEach(() => i18n.changeLanguage('zh'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<ComparisonCell>', () => {
  it('shows the scaled value and the change with its colour (use going up is red by default)', () => {
    render(<ComparisonCell value={12000} previous={10000} unit="kWh" />);
    const cell = screen.getByTestId('comparison-cell');
    expect(cell.textContent).toBe('1.20万kWh↑20.0%');
    expect(cell.dataset.direction).toBe('up');
    expect(screen.getByTestId('comparison-change').style.color).toBe('#ff4d4f');
  });

  it("flips the colours for 'up is good' and shows '-' without a base", () => {
    render(<ComparisonCell value={90} previous={100} goodDirection="up" showValue={false} />);
    expect(screen.getByTestId('comparison-change').textContent).toBe('↓10.0%');
    expect(screen.getByTestId('comparison-change').style.color).toBe('#ff4d4f');
    cleanup();
    render(<ComparisonCell value={90} previous={0} />);
    expect(screen.getByTestId('comparison-change').textContent).toBe('-');
    cleanup();
    render(<ComparisonCell value={90} pct={null} previous={80} />);
    expect(screen.getByTestId('comparison-change').textContent).toBe('-');
  });
});

describe('honest comparisons', () => {
  it("shows '-' with the reason when the base is not covered by data, in zh and en", async () => {
    render(<ComparisonCell value={300} previous={200} pct={null} reason="base_not_covered" since="2024-06-30T04:00:00.000Z" />);
    const change = screen.getByTestId('comparison-change');
    expect(change.textContent).toBe('-');
    expect(screen.getByTestId('comparison-cell').dataset.reason).toBe('base_not_covered');
    fireEvent.mouseEnter(change);
    expect(await screen.findByText('对比基期早于数据起始（2024-06-30），不计算变化率')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('en');
    render(<ComparisonCell value={50} previous={0} pct={null} reason="base_zero" />);
    fireEvent.mouseEnter(screen.getByTestId('comparison-change'));
    expect(await screen.findByText('The base period is zero: no change shown')).toBeTruthy();
  });

  it('says the reason in the export: the change column holds a number or a dash, the note column why', () => {
    const t = (key: string, o?: Record<string, unknown>) => i18n.t(key, o);
    type R = { pct: number | null; reason: 'base_not_covered' | 'base_zero' | null };
    const [pct, note] = changeExportColumns<R>(t, '同比', (r) => r.pct, (r) => r.reason, '2024-06-30');
    const cells = (r: R) => [pct, note].map((c) => (typeof c!.format === 'function' ? c!.format(undefined, r) : null));
    expect(cells({ pct: 12.5, reason: null })).toEqual([12.5, '']);
    expect(cells({ pct: null, reason: 'base_not_covered' })).toEqual(['-', '对比基期早于数据起始（2024-06-30），不计算变化率']);
    expect(cells({ pct: null, reason: 'base_zero' })).toEqual(['-', '对比基期为 0，不计算变化率']);
  });
});

describe('<StatCard>', () => {
  it('scales the value, shows the unit apart and the MoM/YoY lines', async () => {
    await i18n.changeLanguage('en');
    render(
      <StatCard
        title="Consumption"
        value={25000}
        unit="kWh"
        comparisons={[
          { mode: 'mom', previous: 20000 },
          { mode: 'yoy', pct: null },
        ]}
      />,
    );
    expect(screen.getByTestId('stat-value').textContent).toBe('25.00MWh');
    const text = screen.getByTestId('stat-card').textContent ?? '';
    expect(text).toContain('MoM↑25.0%');
    expect(text).toContain('YoY-');
  });

  it('shows 477.30 t of CO2 avoided as the same trees as every other page (one rounding)', () => {
    const trees = treesForCo2T(477.3);
    render(<StatCard title="trees" value={trees} unit="棵" precision={treesPrecision(trees)} />);
    expect(screen.getByTestId('stat-value').textContent).toBe('2.61万棵');
    expect(formatTrees(trees, 'zh').text).toBe('2.61万棵');
  });

  it("shows '-' for an empty value", () => {
    render(<StatCard title="x" value={null} unit="kW" />);
    expect(screen.getByTestId('stat-value').textContent).toBe('-');
  });
});

describe('<PeriodPicker>', () => {
  it('switches kind keeping the anchor date and steps periods', () => {
    const onChange = vi.fn();
    render(<PeriodPicker value={{ period: 'day', date: '2024-03-15' }} onChange={onChange} />);
    expect(screen.getByText('日')).toBeTruthy();
    fireEvent.click(screen.getByText('月'));
    expect(onChange).toHaveBeenLastCalledWith({ period: 'month', date: '2024-03-15' });
    fireEvent.click(screen.getByTestId('period-prev'));
    expect(onChange).toHaveBeenLastCalledWith({ period: 'day', date: '2024-03-14' });
    fireEvent.click(screen.getByTestId('period-next'));
    expect(onChange).toHaveBeenLastCalledWith({ period: 'day', date: '2024-03-16' });
  });

  it('does not step into the future and offers only the given kinds, in English too', async () => {
    await i18n.changeLanguage('en');
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    render(
      <PeriodPicker value={{ period: 'day', date: iso }} onChange={() => {}} periods={['day', 'custom']} />,
    );
    expect((screen.getByTestId('period-next') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Custom')).toBeTruthy();
    expect(screen.queryByText('Year')).toBeNull();
  });
});

describe('throttle', () => {
  it('runs the first call at once and folds a burst into one trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const th = throttle(fn, 1000);
    th.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) th.call();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
    th.call();
    th.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
