/**
 * Experts (/WorkerManage, /CentreUser/CentreElecManage, /WorkerProcess; docs/experts.md). An expert belongs to an
 * organisation: the public registration names it by the organisation's expert invitation code (shown to its
 * centre users on the review page), so a registration lands with exactly the reviewers who invited it.
 * Certificates are PRC special-operation certificates (closed list in the contract); the photo is kept in the
 * database (PNG/JPEG, at most 2 MB, checked by magic bytes). `reminded_expiry` is the expiry date a reminder was
 * raised for: the daily job claims a certificate by setting it, so one event per certificate and expiry date.
 * `expert_register_limits` counts public registrations per address (like login_limits).
 */
export const name = '0020_experts';
export const up = `
ALTER TABLE organizations ADD COLUMN expert_invite_code text;
UPDATE organizations SET expert_invite_code = upper(substr(md5(random()::text || id::text || clock_timestamp()::text), 1, 10));
ALTER TABLE organizations ALTER COLUMN expert_invite_code SET NOT NULL,
  ALTER COLUMN expert_invite_code SET DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10));
CREATE UNIQUE INDEX organizations_expert_invite_code_idx ON organizations(expert_invite_code);

CREATE TABLE experts (
  id             serial PRIMARY KEY,
  org_id         integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
  name           text NOT NULL,
  name_en        text NOT NULL DEFAULT '',
  phone          text NOT NULL,
  region         text NOT NULL,
  specialities   text[] NOT NULL DEFAULT '{}',
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reject_reason  text NOT NULL DEFAULT '',
  reviewed_by    integer REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at    timestamptz,
  enabled        boolean NOT NULL DEFAULT true,
  version        integer NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX experts_org_status_idx ON experts(org_id, status);

CREATE TABLE expert_certificates (
  id               serial PRIMARY KEY,
  expert_id        integer NOT NULL REFERENCES experts(id) ON DELETE CASCADE,
  cert_type        text NOT NULL CHECK (cert_type IN ('lowVoltage', 'highVoltage', 'powerCable', 'relayProtection', 'electricalTest', 'explosionProof')),
  number           text NOT NULL,
  issued_on        date NOT NULL,
  expires_on       date NOT NULL,
  photo            bytea NOT NULL,
  photo_type       text NOT NULL CHECK (photo_type IN ('image/png', 'image/jpeg')),
  reminded_expiry  date,
  CHECK (expires_on > issued_on)
);
CREATE INDEX expert_certificates_expert_idx ON expert_certificates(expert_id);
CREATE INDEX expert_certificates_expiry_idx ON expert_certificates(expires_on);

CREATE TABLE expert_register_limits (
  ip            text PRIMARY KEY,
  attempts      integer NOT NULL,
  window_start  timestamptz NOT NULL
);
`;
