import { runtimeZone } from '@gridops/format';
import { useSession } from '../../session/store';

/**
 * The selected site's IANA time zone (projects.timezone): site times are shown on the site's clock, whatever
 * the browser's zone. Undefined until the organisation tree has loaded (the formatters then use the browser's
 * zone, as they do on pages without a site).
 */
export function useSiteZone(): string | undefined {
  return useSession((s) => s.proInfo?.timezone);
}

/**
 * The zone a site page formats in: the selected site's, or the browser's own until the organisation tree has
 * loaded — the same fallback as `useFormat`, never an assumed site zone.
 */
export function useDisplayZone(): string {
  return useSiteZone() ?? runtimeZone();
}
