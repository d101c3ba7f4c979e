import { describe, expect, it } from 'vitest';
import type { TariffVersionRow } from '../metering/tariffRepository.js';
import { slotPrice } from './replayData.js';

const tariff = (over: Partial<TariffVersionRow>): TariffVersionRow => ({
  id: 1,
  project_id: 1,
  name: '分时',
  name_en: 'TOU',
  valid_from: '2026-01-01',
  valid_to: null,
  // November: valley 22:00–08:00 (across midnight), peak 08:00–12:00 and 17:00–22:00, flat otherwise.
  rows: {
    periods: [
      { month: 11, band: 'valley', start_min: 1320, end_min: 480 },
      { month: 11, band: 'peak', start_min: 480, end_min: 720 },
      { month: 11, band: 'flat', start_min: 720, end_min: 1020 },
      { month: 11, band: 'peak', start_min: 1020, end_min: 1320 },
    ],
    prices: [
      { month: 11, band: 'valley', price: 0.3 },
      { month: 11, band: 'flat', price: 0.6 },
      { month: 11, band: 'peak', price: 1.1 },
    ],
  },
  demand_mode: 'demand',
  basic_price: 40,
  capacity_kva: null,
  pf_standard: 0.9,
  feed_in_price: 0.391,
  declared_demand_kw: 640,
  version: 1,
  ...over,
});

describe('slot prices from a stored tariff', () => {
  it('prices each quarter by the band covering its start, across midnight, with the feed-in price', () => {
    const t = [tariff({})];
    expect(slotPrice(t, '2026-11-20', 0)).toEqual({ price: 0.3, export_price: 0.391 });
    expect(slotPrice(t, '2026-11-20', 465)).toEqual({ price: 0.3, export_price: 0.391 });
    expect(slotPrice(t, '2026-11-20', 480)!.price).toBe(1.1);
    expect(slotPrice(t, '2026-11-20', 720)!.price).toBe(0.6);
    expect(slotPrice(t, '2026-11-20', 1305)!.price).toBe(1.1);
    expect(slotPrice(t, '2026-11-20', 1320)!.price).toBe(0.3);
  });

  it('uses the tariff valid that day, and has no price outside any tariff or for a month without periods', () => {
    const old = tariff({ id: 1, valid_to: '2026-11-14' });
    const next = tariff({ id: 2, valid_from: '2026-11-15', rows: { ...tariff({}).rows, prices: tariff({}).rows.prices.map((p) => ({ ...p, price: p.price + 0.1 })) } });
    expect(slotPrice([old, next], '2026-11-14', 600)!.price).toBe(1.1);
    expect(slotPrice([old, next], '2026-11-15', 600)!.price).toBeCloseTo(1.2, 9);
    expect(slotPrice([old], '2026-11-15', 600)).toBeNull();
    expect(slotPrice([tariff({})], '2026-12-01', 600)).toBeNull();
    expect(slotPrice([tariff({ feed_in_price: null })], '2026-11-20', 0)).toEqual({ price: 0.3, export_price: 0 });
  });
});
