/**
 * PostgreSQL's unique_violation (PGlite reports the same SQLSTATE): two writers racing past a "does it exist?"
 * check. Callers turn it into the catalogue's conflict answer naming the field, never a 500.
 */
export const isUniqueViolation = (e: unknown): boolean => typeof e === 'object' && e !== null && 'code' in e && e.code === '23505';
