import { describe, expect, it } from 'vitest';
import type { TariffMonth } from '@gridops/contract';
import { copyMonth, coverage, defaultMonths, hourBands } from './touGrid';

const july: TariffMonth = {
  month: 7,
  periods: [
    { band: 'valley', start: '22:00', end: '06:00' },
    { band: 'flat', start: '06:00', end: '08:30' },
    { band: 'peak', start: '08:30', end: '19:00' },
    { band: 'sharp', start: '19:00', end: '21:00' },
    { band: 'peak', start: '21:00', end: '22:00' },
  ],
  prices: { sharp: 1.3, peak: 1, flat: 0.6, valley: 0.3 },
};

describe('TOU grid of the tariff form', () => {
  it('gives each hour the band with most minutes, across midnight and half hours', () => {
    const b = hourBands(july);
    expect(b[23]).toBe('valley');
    expect(b[0]).toBe('valley');
    expect(b[7]).toBe('flat');
    expect(b[9]).toBe('peak');
    expect(b[19]).toBe('sharp');
    expect(b[21]).toBe('peak');
  });
  it('finds a gap and an overlap in a day', () => {
    expect(coverage(july)).toEqual({ gapAt: null, overlapAt: null });
    expect(coverage({ ...july, periods: july.periods.slice(1) }).gapAt).toBe('00:00');
    expect(coverage({ ...july, periods: [...july.periods, { band: 'flat', start: '12:00', end: '13:00' }] }).overlapAt).toBe('12:00');
  });
  it('copies a month to others', () => {
    const m = copyMonth(defaultMonths().map((x) => (x.month === 7 ? july : x)), 7, [8, 9]);
    expect(m[7]!.periods).toEqual(july.periods);
    expect(m[8]!.prices).toEqual(july.prices);
    expect(m[5]!.periods).toEqual(defaultMonths()[5]!.periods);
  });
});
