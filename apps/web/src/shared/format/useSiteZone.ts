import { useSession } from '../../session/store';

/**
 * The selected site's IANA time zone (projects.timezone): site times are shown on the site's clock, whatever
 * the browser's zone. Undefined until the organisation tree has loaded (the formatters then use the browser's
 * zone, as they do on pages without a site).
 */
export function useSiteZone(): string | undefined {
  return useSession((s) => s.proInfo?.timezone);
}
