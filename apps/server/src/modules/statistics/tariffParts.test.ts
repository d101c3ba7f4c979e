import { describe, expect, it } from 'vitest';
import type { TariffVersionRow } from '../metering/tariffRepository.js';
import { bucketDates, tariffParts } from './tariffPricing.js';

const row = (id: number, valid_from: string, valid_to: string | null, version = 1): TariffVersionRow => ({
  id, project_id: 1, name: `电价${id}`, name_en: `Tariff ${id}`, valid_from, valid_to, rows: { periods: [], prices: [] },
  demand_mode: 'none', basic_price: 0, capacity_kva: null, pf_standard: null, feed_in_price: null, declared_demand_kw: null, version,
});

describe('which tariff priced a period', () => {
  it('takes the dates of a bucket key, clipped to the range', () => {
    expect(bucketDates('2026-11', '2026-01-01', '2026-12-31')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(bucketDates('2026', '2026-03-05', '2026-12-31')).toEqual({ from: '2026-03-05', to: '2026-12-31' });
    expect(bucketDates('2026-11-02 13:00', '2026-11-02', '2026-11-02')).toEqual({ from: '2026-11-02', to: '2026-11-02' });
  });

  it('splits a month between two tariffs and names each part with its version and validity', () => {
    const parts = tariffParts([row(2, '2026-11-15', null, 4), row(1, '2025-01-01', '2026-11-14')], '2026-11-01', '2026-11-30');
    expect(parts).toEqual([
      { tariff_id: 1, name: '电价1', name_en: 'Tariff 1', version: 1, valid_from: '2025-01-01', valid_to: '2026-11-14', from: '2026-11-01', to: '2026-11-14' },
      { tariff_id: 2, name: '电价2', name_en: 'Tariff 2', version: 4, valid_from: '2026-11-15', valid_to: null, from: '2026-11-15', to: '2026-11-30' },
    ]);
    expect(tariffParts([row(1, '2027-01-01', null)], '2026-11-01', '2026-11-30')).toEqual([]);
  });
});
