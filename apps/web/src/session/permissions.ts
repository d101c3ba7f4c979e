import { useSession } from './store';

/** Editing controls are offered to users who may configure; the rest see the same page read-only. */
export function useCanConfigure(): boolean {
  return useSession((s) => s.userInfo?.permissions?.includes('configure') === true);
}
