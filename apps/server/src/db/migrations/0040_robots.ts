/**
 * The inspection robot's configuration (/RunSetup/RobotSet, docs/robot.md): which room and gateway, the
 * robot's device (its points: position, battery, task, and one per stop reading), its camera, the room's plan
 * (metres, cabinets, dock), the route's stops with their readings and limits, the schedule, and a version for
 * edits. The columns of 0005 (status, battery, route, position, task_progress) stay for old rows; the live
 * state now comes from the robot device's points.
 */
export const name = '0040_robots';
export const up = `
ALTER TABLE robots
  ADD COLUMN device_id  integer REFERENCES devices(id) ON DELETE SET NULL,
  ADD COLUMN gateway_id integer REFERENCES gateways(id) ON DELETE SET NULL,
  ADD COLUMN serial     text,
  ADD COLUMN camera_id  integer REFERENCES video_cameras(id) ON DELETE SET NULL,
  ADD COLUMN speed_mps  double precision NOT NULL DEFAULT 0.4,
  ADD COLUMN plan       jsonb,
  ADD COLUMN stops      jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN schedule   jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN version    integer NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX robots_device_idx ON robots(device_id) WHERE device_id IS NOT NULL;
`;
