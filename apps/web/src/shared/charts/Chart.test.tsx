import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { Chart } from './Chart';
import type { ChartOption } from './builders/common';

// ECharts needs a real canvas; the lazily loaded view is replaced by a stub that shows what it was given.
vi.mock('./EChartView', () => ({
  EChartView: ({ option, lang }: { option: ChartOption; lang: string }) => (
    <div data-testid="echart-stub" data-lang={lang}>
      {JSON.stringify(option.series)}
    </div>
  ),
}));

describe('<Chart>', () => {
  beforeEach(() => i18n.changeLanguage('zh'));
  afterEach(() => cleanup());

  it('shows 暂无数据 / No data when the series are empty, without loading ECharts', async () => {
    render(<Chart option={{ series: [{ type: 'line', data: [] }] }} height={200} />);
    expect(screen.getByTestId('chart-empty').textContent).toContain('暂无数据');
    expect(screen.getByTestId('chart-empty').style.height).toBe('200px');
    cleanup();
    await i18n.changeLanguage('en');
    render(<Chart option={{ series: [] }} />);
    expect(screen.getByTestId('chart-empty').textContent).toContain('No data');
    expect(screen.queryByTestId('echart-stub')).toBeNull();
  });

  it('loads the chart view lazily when there is data, with the current language', async () => {
    render(<Chart option={{ series: [{ type: 'bar', data: [1, 2] }] }} />);
    const stub = await screen.findByTestId('echart-stub');
    expect(stub.dataset.lang).toBe('zh');
    expect(stub.textContent).toContain('"data":[1,2]');
  });

  it('honours the empty override and the loading state', () => {
    render(<Chart option={{ series: [{ type: 'bar', data: [1] }] }} empty />);
    expect(screen.getByTestId('chart-empty')).toBeTruthy();
    cleanup();
    const { container } = render(<Chart option={{ series: [] }} loading />);
    expect(container.querySelector('.ant-skeleton')).toBeTruthy();
  });
});
