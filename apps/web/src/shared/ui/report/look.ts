import { createContext, useContext } from 'react';
import type { QueryLook } from '../QueryState';

/** The loading / error / empty look a report page's feature uses; the default uses the common strings only. */
export const REPORT_QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 5,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};

export const ReportLookContext = createContext<QueryLook>(REPORT_QUERY);

/** The look of the report page around this section (its own query states match the page's). */
export const useReportLook = (): QueryLook => useContext(ReportLookContext);
