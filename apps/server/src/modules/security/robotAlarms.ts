import type { Db } from '../../db/database.js';
import type { AlarmEngine } from '../alarm/engine.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import type { Sample } from '../telemetry/decode.js';

/** One reading of a round: the robot's point it measured (by key) and the value. */
export interface RobotRoundReading {
  key: string;
  value: number;
}

/**
 * A robot round's readings go through the same alarm rules as telemetry: each reading is a sample of the
 * robot's point for that item (a device of kind "robot" with one point per item), stamped a minute apart from
 * the round's start, and evaluated by the alarm engine in the caller's transaction. A reading above its rule's
 * limit raises an event like any other point (T2 at 94.6 °C over its 85 °C limit is an alarm, not just a row).
 */
export async function evaluateRobotRound(
  trx: Db,
  engine: AlarmEngine,
  round: { pointIds: ReadonlyMap<string, number>; startedAt: Date; readings: RobotRoundReading[] },
  receivedAt = Date.now(),
): Promise<RaisedEvent[]> {
  const samples: Sample[] = round.readings.flatMap((r, i) => {
    const pointId = round.pointIds.get(r.key);
    return pointId === undefined ? [] : [{ pointId, ts: round.startedAt.getTime() + i * 60_000, value: r.value }];
  });
  return engine.evaluate(trx, samples, receivedAt);
}
