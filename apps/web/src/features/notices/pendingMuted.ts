/**
 * "Don't pop up again this session": an operator busy with configuration (drawing a diagram, editing a plan)
 * can stop the pending dialog from opening by itself. The bell still counts and lists; the choice is kept in
 * sessionStorage for that user only and ends with the browser session (or from the bell's "pop up again").
 */
export const PENDING_MUTED_KEY = 'gridops-pending-muted';

export function isPendingMuted(userId: number | undefined): boolean {
  if (userId === undefined) return false;
  try {
    return window.sessionStorage.getItem(PENDING_MUTED_KEY) === String(userId);
  } catch {
    return false;
  }
}

export function setPendingMuted(userId: number | undefined, muted: boolean): void {
  if (userId === undefined) return;
  if (muted) window.sessionStorage.setItem(PENDING_MUTED_KEY, String(userId));
  else window.sessionStorage.removeItem(PENDING_MUTED_KEY);
}
