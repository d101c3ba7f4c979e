/**
 * Monthly operation report (/RunReport, /RunSetup/MonthReportSet; docs/monthly-report.md): per-site settings
 * (sections, recipients, languages), the generated reports with their figures, PDF and workbook bytes (so any
 * instance serves them) and mail delivery, and the job's claims (one generation per site-month across instances).
 */
export const name = '0035_month_report';
export const up = `
CREATE TABLE month_report_settings (
  project_id    integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  sections      jsonb NOT NULL,
  recipients    jsonb NOT NULL DEFAULT '[]',
  languages     jsonb NOT NULL DEFAULT '["zh","en"]',
  auto_generate boolean NOT NULL DEFAULT true,
  version       integer NOT NULL DEFAULT 1,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE month_reports (
  id           serial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  month        text NOT NULL,
  trigger      text NOT NULL CHECK (trigger IN ('job', 'manual', 'seed')),
  sections     jsonb NOT NULL,
  languages    jsonb NOT NULL,
  figures      jsonb NOT NULL,
  pdf          bytea NOT NULL,
  xlsx         bytea NOT NULL,
  generated_at timestamptz NOT NULL DEFAULT now(),
  mail_status  text NOT NULL DEFAULT 'none' CHECK (mail_status IN ('none', 'pending', 'sent', 'failed', 'no_smtp')),
  deliveries   jsonb NOT NULL DEFAULT '[]',
  UNIQUE (project_id, month)
);
CREATE TABLE month_report_claims (
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  month       text NOT NULL,
  claimed_at  timestamptz NOT NULL DEFAULT now(),
  done        boolean NOT NULL DEFAULT false,
  PRIMARY KEY (project_id, month)
);
`;
