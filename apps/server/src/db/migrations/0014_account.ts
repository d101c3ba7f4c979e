/**
 * A user's own data (issue 12, items 1 and 10): the first-login password change, the language the console opens
 * in. The English display name is users.name_en (0013); phone and e-mail exist since 0001_core.
 */
export const name = '0014_account';
export const up = `
ALTER TABLE users
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
  ADD COLUMN language             text CHECK (language IN ('zh', 'en'));
CREATE INDEX sessions_user_live_idx ON sessions(user_id) WHERE revoked_at IS NULL;
`;
