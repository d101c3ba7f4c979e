// @gridops/format — time, unit and number formatting shared by the web console and the server (spec §9), and
// the site clock (siteClock.ts): each site's zone, local day/month/year boundaries, periods, "now at the site".
// Every function is pure: the current time is an option (default Date.now()), nothing reads global state
// except the runtime's local time zone when no `tz` offset is given.
export { DEFAULT_LANG, EMPTY_TEXT, isEmptyValue, normalizeLang } from './lang.js';
export type { Lang } from './lang.js';
export { MAX_PRECISION, formatNumber, normalizePrecision, round, toNumber } from './number.js';
export { percentChange, percentOf } from './percent.js';
export type { NumericInput } from './number.js';
export {
  DEFAULT_DATE_PATTERN,
  OTHER_YEAR_PATTERN,
  RELATIVE_MAX_DAYS,
  SAME_YEAR_PATTERN,
  formatDate,
  formatRelative,
  toMillis,
} from './time.js';
export type { RelativeTimeOptions, TimeInput, TimeZoneOptions } from './time.js';
export { EN_MEGA_THRESHOLD, SCALABLE_UNITS, SCALE_THRESHOLD, ZH_YI_THRESHOLD, baseUnit, joinUnit, scaleUnit } from './unit.js';
export type { KwhScale, ScaleUnitOptions, ScaledValue } from './unit.js';
export {
  MAX_CUSTOM_DAYS,
  PeriodError,
  addDays,
  bucketKeys,
  dayOf,
  daysBetween,
  daysInMonth,
  formatInZone,
  isValidDate,
  isValidZone,
  monthOf,
  monthRange,
  offsetLabel,
  resolvePeriod,
  DAY_MS,
  DEFAULT_SITE_ZONE,
  runtimeZone,
  shiftMonth,
  siteDate,
  siteDayEnd,
  siteDayStart,
  siteNow,
  siteRangeInstants,
  toZonedIso,
  upTo,
  wallClock,
  yearEarlier,
  yearOf,
  yearRange,
  ymd,
  formatSiteTimeFor,
  shortOffsetLabel,
  zoneLabel,
  zoneOffsetMinutes,
  zonedInstant,
} from './siteClock.js';
export type {
  CalendarPeriod,
  DateRange,
  PeriodGranularity,
  PeriodQuery,
  ResolvedPeriod,
  SiteZone,
  WallClock,
} from './siteClock.js';
export { TREE_CO2_KG_PER_YEAR, formatTrees, treesForCo2Kg, treesForCo2T, treesPrecision } from './equivalents.js';
