import type { Db } from '../db/database.js';
import { SHIPPED_ALARM_RULES } from '../db/migrations/0050_shipped_alarm_rules.js';

/**
 * The shipped default rules (per device kind) live in migration 0050 and are in every install; the demo adds
 * its per-feeder current limits. `templateRules` is kept for the simulator's fault tests.
 */
export const templateRules = SHIPPED_ALARM_RULES;

/** Phase-current limits per feeder: 120 % of the current its rating implies at 0.4 kV and PF 0.9. */
async function feederCurrentRules(db: Db) {
  const feeders = await db.selectFrom('devices').select(['id', 'project_id', 'props']).where('kind', '=', 'feeder').execute();
  const rows = feeders.flatMap((f) => {
    const ratedKw = typeof f.props.rated_kw === 'number' ? f.props.rated_kw : 200;
    const limit = Math.round(((ratedKw * 1000) / (3 * 230 * 0.9)) * 1.2);
    return (['Ia', 'Ib', 'Ic'] as const).map((key) => ({
      project_id: f.project_id,
      device_kind: null,
      device_id: f.id,
      point_key: key,
      kind: 'high' as const,
      threshold: limit,
      deadband: Math.round(limit * 0.05),
      on_delay_s: 10,
      off_delay_s: 0,
      level: 3,
      event_type: 2,
      name: `${key.slice(1).toUpperCase()}相电流越限`,
      name_en: `Phase ${key.slice(1).toUpperCase()} over-current`,
    }));
  });
  if (rows.length) await db.insertInto('alarm_rules').values(rows).execute();
}

export async function seedAlarmRules(db: Db): Promise<void> {
  await feederCurrentRules(db);
}
