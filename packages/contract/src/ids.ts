import { z } from 'zod';

/**
 * Ids (and the other whole numbers) the server stores in PostgreSQL `integer` columns. A value above it is bad
 * input (10006 naming the field), not a database error: without the bound, 2147483648 passed validation and
 * failed in SQL with a 500.
 */
export const INT4_MAX = 2_147_483_647;

/** An id in a JSON body. */
export const dbId = z.number().int().positive().max(INT4_MAX);
/** An id in a query string or path (text coerced to a number). */
export const dbIdParam = z.coerce.number().int().positive().max(INT4_MAX);
/** Comma-separated ids in a query string, e.g. `3,17,42`. */
export const dbIdList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'comma-separated ids')
  .refine((s) => s.split(',').every((n) => Number(n) <= INT4_MAX), `ids of at most ${INT4_MAX}`)
  .transform((s) => s.split(',').map(Number));
