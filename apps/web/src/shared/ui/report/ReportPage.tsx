import type { ColProps } from 'antd';
import type { ReactNode } from 'react';
import { ExportButton } from '../../export/ExportButton';
import type { ExportColumn } from '../../export/xlsx';
import { PeriodPicker } from '../../stats/PeriodPicker';
import type { PeriodValue, StatPeriod } from '../../stats/period';
import { QueryState } from '../QueryState';
import type { QueryLook } from '../QueryState';
import { REPORT_QUERY, ReportLookContext } from './look';
import { StatCards } from './StatCards';
import type { StatItem } from './StatCards';
import { useSiteToday } from './useReportQuery';
import type { ReportState } from './useReportQuery';

/** The period picker of a report: its value (from `useReportPeriod`) and which kinds it offers. */
export interface ReportPeriod {
  value: PeriodValue;
  onChange: (value: PeriodValue) => void;
  periods?: readonly StatPeriod[];
}

/** The report's rows as an Excel file (raw numbers in the API's units); disabled while there are none. */
export interface ReportExport<Row> {
  fileName: string;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
}

type DataAttributes = { [k: `data-${string}`]: string | number | undefined };

export interface ReportPageProps<T, Row> {
  /** Without a picker the report is an overview of fixed spans (today, this month, this year). */
  period?: ReportPeriod;
  /** Other controls after the picker (an energy-type switch, a threshold…). */
  controls?: ReactNode;
  export?: ReportExport<Row>;
  /** Loading / failure / retry of the report's queries (`reportState(...)` or `useReportQuery().state`). */
  state: ReportState;
  /** The answer the report is drawn from; the content renders only once it is there. */
  data: T | null | undefined;
  /** No figures to show (default: no answer). */
  empty?: boolean;
  /** The feature's look of the query states (default {@link REPORT_QUERY}: common strings, `state-*` ids). */
  look?: QueryLook;
  /** Test id of the whole page and, with `content`, of the block under the toolbar (with data attributes). */
  testId?: string;
  content?: (data: T) => DataAttributes;
  /** Alerts above the stat cards (tariff missing, rows over a threshold). */
  notices?: (data: T) => ReactNode;
  stats?: (data: T) => readonly StatItem[];
  /** The default grid cell of a stat card. */
  statCol?: ColProps;
  /** The charts and tables (`ReportRow`, `ReportSection`, `ReportChart`). */
  children: (data: T) => ReactNode;
}

/** Vertical stack with the console's 12 px rhythm. */
export function ReportStack({ children, ...attrs }: { children: ReactNode } & DataAttributes) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, width: '100%' }} {...attrs}>
      {children}
    </div>
  );
}

/** Toolbar row: pickers on the left, actions (export) on the right. */
export function ReportToolbar({ left, right }: { left: ReactNode; right?: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'center' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>{left}</div>
      {right}
    </div>
  );
}

/**
 * The skeleton of every report page (carbon, integrated energy, the energy statistics and overviews): period
 * picker on the site's clock and controls on the left, export on the right, then under one loading / error
 * (with retry) / empty state the notices, the stat cards and the page's charts and tables. Pages give only
 * their data and content, so a new report cannot drift in layout or states from the others.
 */
export function ReportPage<T, Row = never>(props: ReportPageProps<T, Row>) {
  const { period, controls, state, data, look = REPORT_QUERY } = props;
  const today = useSiteToday();
  const exp = props.export;
  const toolbar = period || controls || exp;
  return (
    <ReportLookContext.Provider value={look}>
      <ReportStack data-testid={props.testId}>
        {toolbar && (
          <ReportToolbar
            left={
              <>
                {period && <PeriodPicker value={period.value} onChange={period.onChange} periods={period.periods} today={today} />}
                {controls}
              </>
            }
            right={exp && <ExportButton fileName={exp.fileName} columns={exp.columns} rows={exp.rows} disabled={exp.rows.length === 0} />}
          />
        )}
        <QueryState
          look={look}
          loading={state.loading}
          error={state.error}
          empty={props.empty ?? (data === null || data === undefined)}
          onRetry={state.retry}
        >
          {data !== null && data !== undefined && (
            <ReportStack {...props.content?.(data)}>
              {props.notices?.(data)}
              {props.stats && <StatCards items={props.stats(data)} col={props.statCol} />}
              {props.children(data)}
            </ReportStack>
          )}
        </QueryState>
      </ReportStack>
    </ReportLookContext.Provider>
  );
}
