/**
 * Live robot rounds (docs/robot.md "Rounds"): a robot reports each finished round on `…/robot_round`; the server
 * keeps it in `robot_inspections` once per robot and start time (a gateway resends a report it got no PUBACK
 * for), with what started it.
 */
export const name = '0046_robot_rounds';
export const up = `
ALTER TABLE robot_inspections ADD COLUMN trigger text NOT NULL DEFAULT 'schedule' CHECK (trigger IN ('schedule', 'manual'));
CREATE UNIQUE INDEX robot_inspections_once ON robot_inspections(robot_id, started_at);
`;
