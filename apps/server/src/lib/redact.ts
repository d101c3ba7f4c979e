/** Query parameters whose values never reach a log: session tokens (spec §2 `?token=`) and their kin. */
const SECRET_PARAMS = /([?&](?:token|access_token|password|key)=)[^&#]*/gi;

/** The URL with secret query values replaced, for logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}
