import { deviceCatalog, type DeviceKind, type LedgerDevice, type WarrantyState } from '@gridops/contract';
import { localText } from '../../shared/ui/localName';

/** Kinds devices are stored with that have no telemetry points, so the catalogue does not list them. */
const OTHER_KINDS: Record<string, { name: string; name_en: string }> = {
  robot: { name: '巡检机器人', name_en: 'Inspection robot' },
  access_terminal: { name: '门禁终端', name_en: 'Access terminal' },
};

/** A device kind's name in the UI language (the catalogue's), or the kind itself for kinds nobody named. */
export function kindName(kind: string, lang: string): string {
  const k = (deviceCatalog[kind as DeviceKind] as { name: string; name_en: string } | undefined) ?? OTHER_KINDS[kind];
  return k ? localText(k.name, k.name_en, lang) : kind;
}

export const WARRANTY_COLOUR: Record<WarrantyState, string> = { valid: 'green', expiring: 'orange', expired: 'red', unknown: 'default' };

/** The maker in the UI language (English falls back to the Chinese when none was entered). */
export const makerName = (d: Pick<LedgerDevice, 'maker' | 'maker_en'>, lang: string) => localText(d.maker, d.maker_en, lang);

/** "1.2 MB", "350 kB", "812 B". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} B`;
}

/** Splits devices into A4 pages of `perPage` labels (the room's label first). */
export function pages<T>(labels: T[], perPage = 21): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < labels.length; i += perPage) out.push(labels.slice(i, i + perPage));
  return out;
}
