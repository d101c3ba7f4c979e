import { Space } from 'antd';
import type { ReactNode } from 'react';
import { ExportButton } from '../export';
import type { ExportButtonProps } from '../export';
import { PeriodPicker } from '../stats';
import type { PeriodPickerProps } from '../stats';
import { QueryState } from './QueryState';
import type { QueryStateProps } from './QueryState';

export interface ReportPageProps<Row> {
  /** The period the report covers. */
  period: PeriodPickerProps;
  /** Other controls shown after the period picker (an energy-type switch, a filter…). */
  controls?: ReactNode;
  /** The table's rows as an Excel file; the button is disabled while there are no rows. */
  exportFile: Pick<ExportButtonProps<Row>, 'fileName' | 'columns' | 'rows'>;
  /** Loading, failure and empty states of the report's query. */
  query: Omit<QueryStateProps, 'children'>;
  'data-testid'?: string;
  /** The report itself (stat cards, charts, table), rendered once the data is there. */
  children: ReactNode;
}

/**
 * The frame every report page shares (carbon, integrated energy, centre carbon): period picker and controls
 * on the left, export on the right, then the report under one loading/error/empty state. Pages give only
 * their content, so a new report page cannot drift in layout or states from the others.
 */
export function ReportPage<Row>({ period, controls, exportFile, query, children, ...rest }: ReportPageProps<Row>) {
  const { rows } = exportFile;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid={rest['data-testid']}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <PeriodPicker {...period} />
          {controls}
        </Space>
        <ExportButton {...exportFile} disabled={Array.isArray(rows) && rows.length === 0} />
      </Space>
      <QueryState {...query}>{children}</QueryState>
    </Space>
  );
}

/** The report's content: sections one under the other at the page's spacing. */
export function ReportBody({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, string | number | undefined>) {
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} {...data}>
      {children}
    </Space>
  );
}
