/** The public expert registration's fixed path: next to /Login, opened without a session (app/guard.ts). */
export const REGISTER_EXPERT_PATH = '/Register/Expert';
