import { z } from 'zod';

/** The largest value of a PostgreSQL `smallint` column. */
export const INT2_MAX = 32_767;
/**
 * The largest value of a PostgreSQL `integer` column (ids, versions, counts). A value above it is bad input (10006
 * naming the field), not a database error: without the bound, 2147483648 passed validation and failed in SQL
 * with a 500 ("out of range for type integer").
 */
export const INT4_MAX = 2_147_483_647;

/** The column type a whole number of a request is stored in or compared with, as OpenAPI names it. */
export type IntFormat = 'int16' | 'int32' | 'int64';

/** The range of each column type; `int64` (bigint columns, epoch milliseconds) stops where a JS number is exact. */
export const INT_FORMAT_RANGE: Record<IntFormat, { min: number; max: number }> = {
  int16: { min: -INT2_MAX - 1, max: INT2_MAX },
  int32: { min: -INT4_MAX - 1, max: INT4_MAX },
  int64: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
};

/*
 * Every whole number of a request (params, query, body) is one of these, bounded to its column type, so that a
 * value out of range is refused with 10006 naming the field before any SQL runs. The bounds come before `.int()`:
 * 1e20 is then told the column's limit rather than zod's safe-integer one. `format` names the column type in the
 * OpenAPI document; routes/intBounds.test.ts checks that every integer of every request schema has one and stays
 * inside it. Narrow further with `.min()`/`.max()` where the column or the rule demands.
 */
const whole = (format: IntFormat) => z.number().min(INT_FORMAT_RANGE[format].min).max(INT_FORMAT_RANGE[format].max).int().meta({ format });
/** The same from text (query strings and path segments); `''` coerces to 0, which the bounds then judge. */
const wholeFromText = (format: IntFormat) =>
  z.coerce.number().min(INT_FORMAT_RANGE[format].min).max(INT_FORMAT_RANGE[format].max).int().meta({ format });

/** A whole number stored in a `smallint` column. */
export const int16 = whole('int16');
/** A whole number stored in an `integer` column. */
export const int32 = whole('int32');
/** A whole number stored in a `bigint` column, or epoch milliseconds: the safe-integer range. */
export const int64 = whole('int64');
/** The same, in a query string or path (text coerced to a number). */
export const int16Param = wholeFromText('int16');
export const int32Param = wholeFromText('int32');
export const int64Param = wholeFromText('int64');

/** An id (`serial`, `integer` references) in a JSON body. */
export const dbId = int32.min(1);
/** An id in a query string or path. */
export const dbIdParam = int32Param.min(1);
/** An id of a `bigserial` table (sessions, events and their logs, control commands, captures, robot inspections). */
export const bigId = int64.min(1);
export const bigIdParam = int64Param.min(1);
/** A row's optimistic-lock `version` (an `integer` column): what the client last read. */
export const rowVersion = int32.min(1);
export const rowVersionParam = int32Param.min(1);
/** A page number of a list (the offset it makes is computed in SQL as an integer). */
export const pageParam = int32Param.min(1);

/** Comma-separated ids in a query string, e.g. `3,17,42`. */
export const dbIdList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'comma-separated ids')
  .refine((s) => s.split(',').every((n) => Number(n) <= INT4_MAX), `ids of at most ${INT4_MAX}`)
  .transform((s) => s.split(',').map(Number));
