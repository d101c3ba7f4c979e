import { COMFORT_BANDS, COMFORT_BANDS_UNOCCUPIED, type SystemEnergy } from '@gridops/contract';
import { buildPieOption, type ChartLocale, type ChartOption } from '../../shared/charts';

export type ComfortMetric = keyof typeof COMFORT_BANDS;
export type Band = 'good' | 'fair' | 'poor';

/**
 * Where a floor's reading sits against the office comfort bands (contract COMFORT_BANDS), or the wider bands of
 * a floor whose air-conditioning is off (COMFORT_BANDS_UNOCCUPIED); null without a reading.
 */
export function comfortBand(metric: ComfortMetric, value: number | null, conditioned = true): Band | null {
  if (value === null) return null;
  const b = (conditioned ? COMFORT_BANDS : COMFORT_BANDS_UNOCCUPIED)[metric];
  if (value >= b.good[0] && value <= b.good[1]) return 'good';
  if (value >= b.fair[0] && value <= b.fair[1]) return 'fair';
  return 'poor';
}
export const BAND_COLOUR: Record<Band, string> = { good: 'green', fair: 'gold', poor: 'red' };

/** This month's building energy by system as a ring (the losses and unmetered rest are their own slice). */
export function systemEnergyOption(systems: readonly SystemEnergy[], period: 'today' | 'month', locale: ChartLocale): ChartOption {
  return buildPieOption({ items: systems.map((s) => ({ name: locale.lang === 'en' ? s.name_en : s.name, value: s[period] })), unit: 'kWh', precision: 1 }, locale);
}
