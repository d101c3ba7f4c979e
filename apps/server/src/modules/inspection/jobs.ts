import { startRepeatingJob } from '../../lib/repeatingJob.js';
import { checkpointCode, EventType, eventMessage, inspectionItem, inspectionSchedule, type TaskCheckpoint } from '@gridops/contract';
import { addDays, siteDate } from '@gridops/format';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { eventRepository } from '../event/repository.js';
import { inspectionRepository as repo, type NewTask, type PlanRow } from './repository.js';
import { occurrenceDates, taskWindow } from './schedule.js';

const planCheckpoints = z.array(z.object({ kind: z.enum(['device', 'room']), ref_id: z.number(), template_id: z.number(), name: z.string(), name_en: z.string() }));

/** The route a task carries: the plan's checkpoints with their label codes and their templates' items as they are now. */
async function snapshot(db: Db, plan: PlanRow): Promise<TaskCheckpoint[]> {
  const templates = new Map((await repo.templates(db, plan.project_id)).map((t) => [t.id, z.array(inspectionItem).parse(t.items)]));
  return planCheckpoints.parse(plan.checkpoints).map((c, seq) => ({ ...c, seq, code: checkpointCode(c.kind, c.ref_id), items: templates.get(c.template_id) ?? [] }));
}

/**
 * Generates the tasks of published plans up to tomorrow (the site's date), once each: a plan is claimed by
 * advancing its `generated_through` in a transaction (a concurrent run waits on the row and then finds it done),
 * and the unique (plan, occurrence) key refuses a second task for an occurrence whatever happens. A plan never
 * generated before starts today and skips occurrences whose window has already closed; later runs continue from
 * where the last one stopped, so a window that closed while no server ran still becomes a task (then overdue).
 * Answers the ids of the tasks created.
 */
export async function generatePlans(db: Db, now: Date, ids?: number[]): Promise<number[]> {
  const created: number[] = [];
  for (const plan of await repo.publishedPlans(db, ids)) {
    const today = siteDate(plan.timezone, now);
    const through = addDays(today, 1);
    if (plan.generated_through !== null && plan.generated_through >= through) continue;
    const made = await db.transaction().execute(async (trx) => {
      const claim = await repo.claimGeneration(trx, plan.id, plan.version, through);
      if (!claim) return [];
      const from = claim.from === null ? today : addDays(claim.from, 1);
      const schedule = inspectionSchedule.parse(plan.schedule);
      const dates = occurrenceDates(schedule, plan.window_start, from < schedule.start_date ? schedule.start_date : from, through);
      const checkpoints = JSON.stringify(await snapshot(trx, plan));
      const tasks: NewTask[] = [];
      for (const date of dates) {
        const w = taskWindow(date, plan.window_start, plan.window_end, plan.timezone);
        if (claim.from === null && w.end.getTime() <= now.getTime()) continue;
        tasks.push({ plan_id: plan.id, project_id: plan.project_id, occurrence: date, window_start: w.start, window_end: w.end, assignee_id: plan.assignee_id, checkpoints });
      }
      return repo.insertTasks(trx, tasks);
    });
    created.push(...made);
  }
  return created;
}

/** Marks unfinished tasks past their window overdue and raises one message event (type 1) per task. */
export async function markOverdue(db: Db, now: Date): Promise<RaisedEvent[]> {
  return db.transaction().execute(async (trx) => {
    const raised: RaisedEvent[] = [];
    for (const t of await repo.claimOverdue(trx, now)) {
      const text = eventMessage('inspection.overdue', {
        plan: { zh: t.plan_name, en: t.plan_name_en },
        worker: { zh: t.worker, en: t.worker_en },
        date: t.occurrence,
        window: `${t.window_start}–${t.window_end}`,
      });
      const eventId = await eventRepository.insert(trx, {
        projectId: t.project_id,
        deviceId: null,
        pointId: null,
        ruleId: null,
        type: EventType.Message,
        level: 3,
        title: t.project_name,
        text,
        value: null,
        limit: null,
        raisedAt: now,
      });
      raised.push({ eventId, projectId: t.project_id, type: EventType.Message, level: 3, project: { zh: t.project_name, en: t.project_name_en }, text, raisedAt: now.getTime() });
    }
    return raised;
  });
}

/** Runs generation and the overdue check at start and then every `everyMs` (a minute): both are claims, so every instance may run them. */
export function startInspectionJobs(db: Db, onEvents: (e: RaisedEvent[]) => Promise<void>, log: FastifyBaseLogger, everyMs = 60_000) {
  return startRepeatingJob(
    async () => {
      const now = new Date();
      await generatePlans(db, now);
      const raised = await markOverdue(db, now);
      if (raised.length) await onEvents(raised);
    },
    (err) => log.warn({ err }, 'inspection jobs failed'),
    0,
    everyMs,
  );
}
