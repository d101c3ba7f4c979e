import type { InspectionSchedule, TaskStatus } from '@gridops/contract';
import { zonedInstant } from '@gridops/format';
import rrule from 'rrule';

const { RRule } = rrule;

/** ISO weekday 1 (Monday) … 7 (Sunday) → rrule's weekday. */
const WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const clockParts = (hhmm: string) => hhmm.split(':').map(Number) as [number, number];

/**
 * The schedule as an rrule `RRule` over *floating* times: each occurrence's UTC fields are the site's wall clock
 * (date and window start). Evaluating in floating time and converting each occurrence with the site's zone
 * afterwards keeps a 09:00 window at 09:00 on both sides of a daylight-saving change.
 */
function floatingRule(s: InspectionSchedule, windowStart: string) {
  const [y, m, d] = parts(s.start_date);
  const [h, min] = clockParts(windowStart);
  const dtstart = new Date(Date.UTC(y, m - 1, d, h, min));
  const until = s.kind === 'once' ? dtstart : s.until ? new Date(Date.UTC(...(([uy, um, ud]) => [uy, um - 1, ud, 23, 59] as const)(parts(s.until)))) : null;
  switch (s.kind) {
    case 'once':
    case 'daily':
      return new RRule({ freq: RRule.DAILY, dtstart, until, ...(s.kind === 'once' ? { count: 1 } : {}) });
    case 'weekly':
      return new RRule({ freq: RRule.WEEKLY, dtstart, until, byweekday: [...new Set(s.weekdays)].sort().map((w) => WEEKDAYS[w - 1] ?? RRule.MO) });
    case 'monthly':
      return new RRule({ freq: RRule.MONTHLY, dtstart, until, bymonthday: s.month_day ?? d });
  }
}

/** The stored form: RFC 5545 DTSTART with the site's TZID and the RRULE line. */
export function scheduleRrule(s: InspectionSchedule, zone: string, windowStart: string): string {
  const text = floatingRule(s, windowStart).toString();
  // rrule writes floating times as UTC ("…Z"); the schedule means the site's wall clock.
  return text.replace(/^DTSTART:(\d{8}T\d{6})Z$/m, `DTSTART;TZID=${zone}:$1`).replace(/UNTIL=(\d{8}T\d{6})Z/, 'UNTIL=$1');
}

/** The site dates (YYYY-MM-DD) the schedule falls on between `from` and `to`, both inclusive. */
export function occurrenceDates(s: InspectionSchedule, windowStart: string, from: string, to: string): string[] {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  const rule = floatingRule(s, windowStart);
  return rule.between(new Date(Date.UTC(fy, fm - 1, fd)), new Date(Date.UTC(ty, tm - 1, td, 23, 59, 59)), true).map((o) => o.toISOString().slice(0, 10));
}

/** The instants a task's window opens and closes: the site's wall clock on its date. */
export function taskWindow(date: string, windowStart: string, windowEnd: string, zone: string): { start: Date; end: Date } {
  const [y, m, d] = parts(date);
  const [sh, sm] = clockParts(windowStart);
  const [eh, em] = clockParts(windowEnd);
  return { start: new Date(zonedInstant(zone, y, m, d, sh, sm)), end: new Date(zonedInstant(zone, y, m, d, eh, em)) };
}

/** The overdue rule: a task not done whose window has closed. A task submitted late stays done (flagged late). */
export const isOverdue = (status: TaskStatus, windowEnd: Date, now: Date) => status !== 'done' && windowEnd.getTime() <= now.getTime();
