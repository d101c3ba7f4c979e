/**
 * Rollup sums in numeric instead of double precision. A sum of doubles overflows ("value out of range") once it
 * passes 1.8e308, and on PostgreSQL that failed the whole ingest batch, every gateway's messages with it. numeric
 * has no such ceiling (and adds decimal values exactly); the ingest and the quarter-hour compaction sum
 * `value::numeric`. Readers get plain numbers (the NUMERIC type parser in db/database.ts), and an average
 * sum/count is a value within the point's range again.
 */
export const name = '0009_rollup_numeric_sums';
export const up = `
ALTER TABLE rollup_hourly ALTER COLUMN sum TYPE numeric;
ALTER TABLE rollup_daily ALTER COLUMN sum TYPE numeric;
ALTER TABLE rollup_15m ALTER COLUMN sum TYPE numeric;
`;
