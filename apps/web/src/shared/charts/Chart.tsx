import { Empty, Skeleton } from 'antd';
import { Component, lazy, Suspense, useMemo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './builders/common';
import { hasChartData } from './hasChartData';

// ECharts (~180 kB gzip) is its own chunk, fetched the first time a chart with data renders.
const LazyEChartView = lazy(async () => ({ default: (await import('./EChartView')).EChartView }));

export interface ChartProps {
  option: ChartOption;
  /** Pixels or any CSS length; default 300. The width follows the container. */
  height?: number | string;
  /** Overrides the automatic empty check (`hasChartData`). */
  empty?: boolean;
  /** Shows a skeleton instead of the chart (data still loading). */
  loading?: boolean;
  className?: string;
  style?: CSSProperties;
  onEvents?: Record<string, (params: unknown) => void>;
  /** Accessible name of the chart area. */
  ariaLabel?: string;
}

/** A failed chunk load (network, deploy in between) shows a message instead of breaking the page. */
class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The console's one chart component: themed, responsive, lazy, with a localised empty state. */
export function Chart({
  option,
  height = 300,
  empty,
  loading,
  className,
  style,
  onEvents,
  ariaLabel,
}: ChartProps) {
  const { t, i18n } = useTranslation();
  const isEmpty = useMemo(() => empty ?? !hasChartData(option), [empty, option]);
  const box: CSSProperties = { height, width: '100%', ...style };
  const centred: CSSProperties = { ...box, display: 'flex', alignItems: 'center', justifyContent: 'center' };

  if (loading) return <Skeleton.Node active style={{ ...box }} className={className} />;
  if (isEmpty)
    return (
      <div style={centred} className={className} data-testid="chart-empty" role="img" aria-label={ariaLabel}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
      </div>
    );
  return (
    <div role="img" aria-label={ariaLabel} data-testid="chart" className={className} style={box}>
      <ChunkBoundary
        fallback={
          <div style={centred}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.loadFailed')} />
          </div>
        }
      >
        <Suspense fallback={<Skeleton.Node active style={{ height: '100%', width: '100%' }} />}>
          <LazyEChartView
            option={option}
            lang={i18n.language === 'en' ? 'en' : 'zh'}
            style={{ height: '100%', width: '100%' }}
            onEvents={onEvents}
          />
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}
