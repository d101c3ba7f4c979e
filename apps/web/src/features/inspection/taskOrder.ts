import type { InspectionTask } from '@gridops/contract';
import { siteDate } from '@gridops/format';

export type TaskGroup = 'today' | 'overdue' | 'later';
/** The order the worker's list shows its groups in: today's round first, then what is overdue, then what comes later. */
export const TASK_GROUPS: readonly TaskGroup[] = ['today', 'overdue', 'later'];

type Orderable = Pick<InspectionTask, 'id' | 'occurrence' | 'timezone' | 'window_start' | 'status'>;

/**
 * The worker's inspection list in groups (issue 26 item 10: overdue tasks from weeks ago used to sit above
 * today's round). A task belongs to the day of its occurrence on its own site's clock:
 * - today: its occurrence is today at its site — whatever its status (a round of today whose window has
 *   closed is still today's work, tagged overdue), by window start;
 * - overdue: an earlier occurrence still open (overdue, or started and not finished), most recent first, so a
 *   task from weeks ago comes last;
 * - later: a future occurrence (tomorrow's round, once generated), by window start.
 * Pure: `now` is passed in.
 */
export function groupTasks<T extends Orderable>(list: readonly T[], now: number | Date = Date.now()): Record<TaskGroup, T[]> {
  const out: Record<TaskGroup, T[]> = { today: [], overdue: [], later: [] };
  for (const task of list) {
    const today = siteDate(task.timezone, now);
    out[task.occurrence === today ? 'today' : task.occurrence < today ? 'overdue' : 'later'].push(task);
  }
  const byStart = (a: T, b: T) => a.window_start.localeCompare(b.window_start) || a.id - b.id;
  out.today.sort(byStart);
  out.later.sort(byStart);
  out.overdue.sort((a, b) => -byStart(a, b));
  return out;
}
