import { COMFORT_BANDS, type SystemEnergy } from '@gridops/contract';
import { buildPieOption, type ChartLocale, type ChartOption } from '../../shared/charts';

export type ComfortMetric = keyof typeof COMFORT_BANDS;
export type Band = 'good' | 'fair' | 'poor';

/** Where a floor's reading sits against the office comfort bands (contract COMFORT_BANDS); null without a reading. */
export function comfortBand(metric: ComfortMetric, value: number | null): Band | null {
  if (value === null) return null;
  const b = COMFORT_BANDS[metric];
  if (value >= b.good[0] && value <= b.good[1]) return 'good';
  if (value >= b.fair[0] && value <= b.fair[1]) return 'fair';
  return 'poor';
}
export const BAND_COLOUR: Record<Band, string> = { good: 'green', fair: 'gold', poor: 'red' };

/** This month's building energy by system as a ring (the losses and unmetered rest are their own slice). */
export function systemEnergyOption(systems: readonly SystemEnergy[], period: 'today' | 'month', locale: ChartLocale): ChartOption {
  return buildPieOption({ items: systems.map((s) => ({ name: locale.lang === 'en' ? s.name_en : s.name, value: s[period] })), unit: 'kWh', precision: 1 }, locale);
}
