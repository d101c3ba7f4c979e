import { describe, expect, it } from 'vitest';
import { ErrorCode, type TariffMonth } from '@gridops/contract';
import type { AppError } from '../../lib/errors.js';
import { demoTariffs } from '../../seed/demoTariffs.js';
import { bandShares, segments, validateTariff } from './tariff.js';

const month = (
  periods: [string, string, string][],
  prices: TariffMonth['prices'] = { valley: 0.3, flat: 0.6, peak: 1 },
): TariffMonth => ({
  month: 1,
  periods: periods.map(([band, start, end]) => ({ band: band as 'valley', start, end })),
  prices,
});
const day = month([
  ['valley', '22:00', '06:00'],
  ['flat', '06:00', '08:30'],
  ['peak', '08:30', '22:00'],
]);

describe('time-of-use bands', () => {
  it('splits a period crossing midnight in two', () => {
    expect(segments(1320, 360)).toEqual([
      [1320, 1440],
      [0, 360],
    ]);
    expect(segments(0, 1440)).toEqual([[0, 1440]]);
  });

  it('prices the hours on both sides of midnight as valley', () => {
    const rows = validateTariff([day]);
    for (const h of [22, 23, 0, 1, 5]) expect(Object.fromEntries(bandShares(rows, h))).toEqual({ valley: 1 });
    expect(Object.fromEntries(bandShares(rows, 6))).toEqual({ flat: 1 });
    expect(Object.fromEntries(bandShares(rows, 21))).toEqual({ peak: 1 });
  });

  it('splits an hour at a half-hour boundary by minutes', () => {
    expect(Object.fromEntries(bandShares(validateTariff([day]), 8))).toEqual({ flat: 0.5, peak: 0.5 });
  });

  it('rejects gaps, overlaps and missing prices, naming the field', () => {
    const err = (m: TariffMonth) => {
      try {
        validateTariff([m]);
      } catch (e) {
        return e as AppError;
      }
      throw new Error('accepted');
    };
    const gap = err(
      month([
        ['valley', '22:00', '06:00'],
        ['peak', '08:00', '22:00'],
      ]),
    );
    expect(gap.code).toBe(ErrorCode.Validation);
    expect(gap.field).toBe('months[0].periods');
    expect(gap.detail?.en).toContain('06:00');
    expect(
      err(
        month([
          ['valley', '22:00', '07:00'],
          ['peak', '06:00', '22:00'],
        ]),
      ).field,
    ).toBe('months[0].periods[1]');
    expect(err(month([['sharp', '00:00', '24:00']])).field).toBe('months[0].prices.sharp');
  });

  it('accepts every demo tariff: twelve months, each day covered exactly once', () => {
    for (const [code, months] of Object.entries(demoTariffs)) {
      expect(months, code).toHaveLength(12);
      expect(() => validateTariff(months)).not.toThrow();
    }
  });
});
