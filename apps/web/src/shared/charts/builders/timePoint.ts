import type { TimeInput } from '@gridops/format';

/** One sample of a time series: its time and value (null draws a break). Its own module so that the gap
 * helpers and the time-series builder can both use it without importing each other. */
export type TimePoint = readonly [time: TimeInput, value: number | null];
