export { unitScaleFor } from './units';
export type { UnitScale } from './units';
export { useFormat } from './useFormat';
export type { Formatters } from './useFormat';
export { useSiteZone } from './useSiteZone';
