import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** SQL of the automation job (automation.ts holds the rules of when to switch). */
export const automationRepository = {
  /** Enabled rules with the room point's latest value, the device's `run` state and the site's zone. */
  enabledRules(db: Db) {
    return db
      .selectFrom('aux_automation_rules as r')
      .innerJoin('projects as pr', 'pr.id', 'r.project_id')
      .innerJoin('device_points as pt', 'pt.id', 'r.point_id')
      .leftJoin('point_latest as pl', 'pl.point_id', 'r.point_id')
      .leftJoin('device_points as rp', (j) => j.onRef('rp.device_id', '=', 'r.device_id').on('rp.key', '=', 'run'))
      .leftJoin('point_latest as rl', 'rl.point_id', 'rp.id')
      .select([
        'r.id',
        'r.device_id',
        'r.enabled',
        'r.above',
        'r.on_threshold',
        'r.off_threshold',
        'r.min_on_s',
        'r.min_off_s',
        'r.window_start',
        'r.window_end',
        'r.last_action',
        'r.last_action_at',
        'r.state_seq',
        'pr.timezone',
        'pt.key as point_key',
        'pl.value',
        'pl.ts',
        'rl.value as run_value',
      ])
      .where('r.enabled', '=', true)
      .orderBy('r.id')
      .execute();
  },

  /** Moves the rule's state only if nobody moved it since it was read (compare-and-set on state_seq). */
  claimTransition: (db: Db, id: number, stateSeq: number, action: 'on' | 'off', now: Date) =>
    db
      .updateTable('aux_automation_rules')
      .set({ last_action: action, last_action_at: now, state_seq: sql<number>`state_seq + 1` })
      .where('id', '=', id)
      .where('state_seq', '=', stateSeq)
      .where('enabled', '=', true)
      .returning('id')
      .executeTakeFirst(),
};
