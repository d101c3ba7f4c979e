import { startRepeatingJob } from '../../lib/repeatingJob.js';
import { formatInZone } from '@gridops/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { decide } from './evaluate.js';
import { automationRepository } from './automationRepository.js';

/** What the automation asks of the control flow (control/service.ts `automation`). */
export interface AutomationControl {
  automation(r: { ruleId: number; deviceId: number; action: 'on' | 'off'; detail: string }): Promise<string>;
}

const fmt = (v: number) => String(Math.round(v * 10) / 10);

/**
 * One evaluation of every enabled rule (all sites). A rule that wants a switch first claims it: its state moves
 * only if nobody moved it since it was read (compare-and-set on `state_seq`), so with several server instances
 * evaluating the same rules each transition is claimed, and its command sent, exactly once. Rules are read from
 * the database at every evaluation: an edit takes effect at the next one. Answers the commands issued.
 */
export async function evaluateAutomation(db: Db, control: AutomationControl, now = new Date()): Promise<number> {
  const sends: Promise<string>[] = [];
  for (const r of await automationRepository.enabledRules(db)) {
    const action = decide(
      { ...r, last_action_at: r.last_action_at },
      { value: r.value, ts: r.ts, running: r.run_value === null ? null : r.run_value >= 0.5, siteHhmm: formatInZone(now.getTime(), r.timezone, 'HH:mm') },
      now,
    );
    if (!action) continue;
    const claimed = await automationRepository.claimTransition(db, r.id, r.state_seq, action, now);
    if (!claimed) continue;
    const threshold = action === 'on' ? r.on_threshold : r.off_threshold;
    const cmp = (action === 'on') === r.above ? '>' : '<';
    sends.push(control.automation({ ruleId: r.id, deviceId: r.device_id, action, detail: `${r.point_key} ${fmt(r.value!)} ${cmp} ${fmt(threshold)}` }));
  }
  await Promise.all(sends);
  return sends.length;
}

/** Evaluates every `tickMs` on this instance; evaluations never overlap. */
export function startAuxAutomation(db: Db, control: AutomationControl, log: FastifyBaseLogger, tickMs: number) {
  return startRepeatingJob(
    async () => void (await evaluateAutomation(db, control)),
    (err) => log.warn({ err }, 'aux automation failed'),
    tickMs,
    tickMs,
  );
}
