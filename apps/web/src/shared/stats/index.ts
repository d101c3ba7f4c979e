export { ComparisonCell } from './ComparisonCell';
export type { ComparisonCellProps } from './ComparisonCell';
export { PeriodPicker } from './PeriodPicker';
export type { PeriodPickerProps } from './PeriodPicker';
export { StatCard } from './StatCard';
export type { StatCardProps, StatComparison } from './StatCard';
export { changePct, changeReasonText, compare, describeChange } from './change';
export { changeExportColumns } from './changeExport';
export type { Change, ChangeDirection } from './change';
export {
  ALL_PERIODS,
  CUSTOM_MAX_DAYS,
  changeKind,
  comparisonRange,
  defaultPeriod,
  granularityOf,
  isFuturePeriod,
  isValidRange,
  periodLabel,
  periodRange,
  shiftPeriod,
  toPeriodQuery,
} from './period';
export type { DateRange, Granularity, PeriodValue, StatPeriod } from './period';
export { throttle, useLiveRefresh } from './useLiveRefresh';
export type { LiveRefreshOptions } from './useLiveRefresh';
