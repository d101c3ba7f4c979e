/**
 * The point catalogue (telemetry/registry.ts: device points with their device, gateway and project) changes
 * rarely; each instance held it in memory and reloaded all of it every 30 s in case another instance had
 * changed it — tens of thousands of rows parsed on the server's thread, and every point's alarm rules looked up
 * again afterwards, which stalled live alarms for up to a second on a large installation (docs/performance.md).
 * A generation, moved by any write to the columns the catalogue reads (statement triggers, so bulk writes move
 * it once), tells an instance whether there is anything to reload. Writes of other columns (a gateway's
 * last-seen time on every batch) leave it alone.
 */
export const name = '0047_point_catalogue_generation';
export const up = `
CREATE TABLE point_catalogue_generation (
  id  smallint PRIMARY KEY CHECK (id = 1),
  gen bigint NOT NULL
);
INSERT INTO point_catalogue_generation (id, gen) VALUES (1, 1);

CREATE FUNCTION bump_point_catalogue_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE point_catalogue_generation SET gen = gen + 1 WHERE id = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER device_points_catalogue AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF device_id, key, name, name_en, unit, kind, precision, scale, low, high
  ON device_points FOR EACH STATEMENT EXECUTE FUNCTION bump_point_catalogue_generation();
CREATE TRIGGER devices_catalogue AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF project_id, gateway_id, sn, kind, name, name_en
  ON devices FOR EACH STATEMENT EXECUTE FUNCTION bump_point_catalogue_generation();
CREATE TRIGGER gateways_catalogue AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF sn
  ON gateways FOR EACH STATEMENT EXECUTE FUNCTION bump_point_catalogue_generation();
CREATE TRIGGER projects_catalogue AFTER DELETE OR TRUNCATE OR UPDATE OF name, name_en
  ON projects FOR EACH STATEMENT EXECUTE FUNCTION bump_point_catalogue_generation();
`;
