import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
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
