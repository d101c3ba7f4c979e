const sqlState = (e: unknown): unknown => (typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined);

/**
 * PostgreSQL's unique_violation (PGlite reports the same SQLSTATE): two writers racing past a "does it exist?"
 * check. Callers turn it into the catalogue's conflict answer naming the field, never a 500.
 */
export const isUniqueViolation = (e: unknown): boolean => sqlState(e) === '23505';

/**
 * PostgreSQL's numeric_value_out_of_range ("value … is out of range for type integer"): a number too large for its
 * column. The contract bounds every whole number to its column type (packages/contract/src/ids.ts), so this means
 * one slipped through; the error handler still answers it as bad input (10006), never a 500.
 */
export const isNumericOutOfRange = (e: unknown): boolean => sqlState(e) === '22003';
