/**
 * Several single-line diagrams per room (docs/pages/single-line-editor.md): sld_diagrams gets its own id, a
 * zh/en name and a sort order; room_id stops being the key. Existing documents keep their content and version.
 * Append-only once shipped.
 */
export const name = '0025_sld_sheets';
export const up = `
ALTER TABLE sld_diagrams DROP CONSTRAINT sld_diagrams_pkey;
ALTER TABLE sld_diagrams ADD COLUMN id serial PRIMARY KEY;
ALTER TABLE sld_diagrams ADD COLUMN name text NOT NULL DEFAULT '一次接线图';
ALTER TABLE sld_diagrams ADD COLUMN name_en text NOT NULL DEFAULT 'Single-line diagram';
ALTER TABLE sld_diagrams ADD COLUMN sort integer NOT NULL DEFAULT 0;
CREATE INDEX sld_diagrams_room_idx ON sld_diagrams(room_id, sort, id);
`;
