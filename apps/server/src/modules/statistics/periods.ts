import type { StatPeriod } from '@gridops/contract';
import { ErrorCode } from '@gridops/contract';
import { PeriodError, resolvePeriod as resolveSitePeriod, type ResolvedPeriod, type SiteZone } from '@gridops/format';
import { AppError } from '../../lib/errors.js';

/**
 * Period pickers → the site's local date ranges and buckets. The calendar lives in the site clock
 * (@gridops/format siteClock.ts): every date is a calendar date of the site's own zone (projects.timezone).
 */
export {
  MAX_CUSTOM_DAYS,
  addDays,
  bucketKeys,
  dayOf,
  daysBetween,
  monthOf,
  siteDate,
  siteDayEnd,
  siteDayStart,
  upTo,
  yearOf,
  ymd,
} from '@gridops/format';
export type { ResolvedPeriod } from '@gridops/format';

/** {@link resolveSitePeriod} with bad input as the catalogue's validation error naming the field. */
export function resolvePeriod(
  q: { period: StatPeriod; date?: string | undefined; from?: string | undefined; to?: string | undefined },
  zone: SiteZone,
  now = new Date(),
): ResolvedPeriod {
  try {
    return resolveSitePeriod(q, zone, now);
  } catch (e) {
    if (e instanceof PeriodError) throw new AppError(ErrorCode.Validation, e.text, e.field);
    throw e;
  }
}
