import { Card, Col, Row } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/builders/common';
import { QueryState } from '../QueryState';
import { useReportLook } from './look';
import type { ReportState } from './useReportQuery';

export interface ReportSectionProps {
  title?: ReactNode;
  /** Controls in the card's header (a unit switch, a view switch). */
  extra?: ReactNode;
  testId?: string;
  style?: CSSProperties;
  /** A query of its own (a secondary chart): its loading and failure stay inside this card. */
  state?: ReportState;
  /** Skeleton rows while `state` loads. */
  rows?: number;
  children: ReactNode;
}

/** A titled card of a report (chart, table, notes), filling its grid cell. */
export function ReportSection({ title, extra, testId, style, state, rows = 6, children }: ReportSectionProps) {
  const look = useReportLook();
  return (
    <Card size="small" title={title} extra={extra} style={{ height: '100%', ...style }} data-testid={testId}>
      {state ? (
        <QueryState look={look} loading={state.loading} error={state.error} rows={rows} onRetry={state.retry}>
          {children}
        </QueryState>
      ) : (
        children
      )}
    </Card>
  );
}

export interface ReportChartProps extends Omit<ReportSectionProps, 'children'> {
  option: ChartOption;
  height?: number;
  ariaLabel?: string;
  /** Anything under the chart (a small table of its figures). */
  children?: ReactNode;
}

/** A section holding one chart (its option a pure function of the data, built by the page). */
export function ReportChart({ option, height = 300, ariaLabel, children, ...section }: ReportChartProps) {
  return (
    <ReportSection {...section}>
      <Chart option={option} height={height} ariaLabel={ariaLabel} />
      {children}
    </ReportSection>
  );
}

/**
 * Sections side by side: `spans` (of 24) from the `at` breakpoint up, stacked below it. Children that are
 * `false`/`null` are skipped, with their span.
 */
export function ReportRow({
  spans,
  at = 'xl',
  children,
}: {
  spans: readonly number[];
  at?: 'md' | 'lg' | 'xl';
  children: ReactNode[];
}) {
  return (
    <Row gutter={[12, 12]}>
      {children.map((child, i) =>
        child === null || child === false ? null : (
          <Col key={i} xs={24} {...{ [at]: spans[i] ?? 24 }}>
            {child}
          </Col>
        ),
      )}
    </Row>
  );
}
