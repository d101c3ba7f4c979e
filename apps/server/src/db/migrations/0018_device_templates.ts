/**
 * Device templates (/RunSetup/DevTemplateSet): a device kind with its points, owned by an ORGANISATION, not a
 * project. A customer describes its meter or sensor models once and uses them on every station it runs (the
 * organisation's projects and those of the organisations under it); a per-project copy would drift apart.
 * The points are one jsonb document: they are always read and saved with the template as a whole, under one
 * version number (the optimistic lock an edit names). Devices made from a template get their own
 * device_points rows (copied, with scale and limits), so editing or deleting a template never changes a device.
 */
export const name = '0018_device_templates';
export const up = `
CREATE TABLE device_templates (
  id          serial PRIMARY KEY,
  org_id      integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name        text NOT NULL,
  name_en     text NOT NULL DEFAULT '',
  kind        text NOT NULL,
  points      jsonb NOT NULL DEFAULT '[]',
  version     integer NOT NULL DEFAULT 1,
  created_by  integer REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_templates_org_name ON device_templates (org_id, lower(name));
ALTER TABLE device_points
  ADD COLUMN scale double precision NOT NULL DEFAULT 1,
  ADD COLUMN low   double precision,
  ADD COLUMN high  double precision;
`;
