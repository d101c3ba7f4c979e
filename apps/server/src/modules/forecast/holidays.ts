/**
 * Chinese public holidays and make-up working days (调休上班), as the State Council's yearly notices set them
 * (国务院办公厅关于2025年/2026年部分节假日安排的通知, 国办发明电〔2024〕12号 and the notice of 4 Nov 2025). Dates are
 * site dates. A year's notice comes out in November: add the next year here (a table the operator edits in the
 * console is not built yet, docs/forecast.md "Not done").
 */
export interface HolidayCalendar {
  /** Days off (法定节假日 and the weekend days moved into them). */
  off: ReadonlySet<string>;
  /** Weekend days that are worked (调休上班). */
  work: ReadonlySet<string>;
}

const range = (from: string, days: number): string[] =>
  Array.from({ length: days }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

export const CN_HOLIDAYS: HolidayCalendar = {
  off: new Set([
    // 2025
    '2025-01-01',
    ...range('2025-01-28', 8), // 春节 1/28–2/4
    ...range('2025-04-04', 3), // 清明
    ...range('2025-05-01', 5), // 劳动节
    ...range('2025-05-31', 3), // 端午 5/31–6/2
    ...range('2025-10-01', 8), // 国庆、中秋 10/1–10/8
    // 2026
    ...range('2026-01-01', 3), // 元旦 1/1–1/3
    ...range('2026-02-15', 9), // 春节 2/15–2/23
    ...range('2026-04-04', 3), // 清明 4/4–4/6
    ...range('2026-05-01', 5), // 劳动节 5/1–5/5
    ...range('2026-06-19', 3), // 端午 6/19–6/21
    ...range('2026-09-25', 3), // 中秋 9/25–9/27
    ...range('2026-10-01', 7), // 国庆 10/1–10/7
  ]),
  work: new Set([
    '2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11',
    '2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10',
  ]),
};

/**
 * The kind of day for the load profile: 'wd1'–'wd5' Monday–Friday, 'sat', 'sun'. A public holiday counts as a
 * Sunday; a make-up working day as a working day ('work': the pooled Monday–Friday profile, since it replaces
 * no particular weekday).
 */
export type DayClass = 'wd1' | 'wd2' | 'wd3' | 'wd4' | 'wd5' | 'sat' | 'sun' | 'work';

export function dayClass(date: string, cal: HolidayCalendar = CN_HOLIDAYS): DayClass {
  if (cal.off.has(date)) return 'sun';
  if (cal.work.has(date)) return 'work';
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  return dow === 0 ? 'sun' : dow === 6 ? 'sat' : (`wd${dow}` as DayClass);
}

/** Whether a class is a working day (its samples also feed the pooled 'work' profile). */
export const isWorkClass = (c: DayClass) => c !== 'sat' && c !== 'sun';
