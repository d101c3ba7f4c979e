import { describe, expect, it } from 'vitest';
import { applyPrice, firstDayIn, monthsLabel, pricesOver, savedReach, scopeMonths } from './tariffReach';
import { defaultMonths } from './touGrid';

describe('tariff edit reach', () => {
  it('names months as ranges in zh and en', () => {
    const all = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(monthsLabel(all, 'zh')).toBe('1–12月');
    expect(monthsLabel(all, 'en')).toBe('Jan–Dec');
    expect(monthsLabel([11, 1, 2, 3], 'zh')).toBe('1–3、11月');
    expect(monthsLabel([11, 1, 2, 3], 'en')).toBe('Jan–Mar, Nov');
    expect(monthsLabel([], 'en')).toBe('');
  });

  it('applies a price to the scope: this month, chosen months or every month', () => {
    const months = defaultMonths();
    expect(scopeMonths('this', 11, [], months)).toEqual([11]);
    expect(scopeMonths('chosen', 11, [3, 1, 3], months)).toEqual([1, 3]);
    expect(scopeMonths('all', 11, [], months)).toHaveLength(12);
    const edited = applyPrice(months, scopeMonths('all', 1, [], months), 'peak', 1.1234);
    expect(edited.every((m) => m.prices.peak === 1.1234)).toBe(true);
    const jan = applyPrice(months, [1], 'peak', 1.1234);
    expect(jan.find((m) => m.month === 11)!.prices.peak).toBe(1);
    expect(pricesOver(jan, [1, 11], 'peak')).toEqual([1, 1.1234]);
  });

  it('says what a save changed and from which date reports reprice', () => {
    const before = { valid_from: '2025-03-15', valid_to: null, months: defaultMonths() };
    const all = { ...before, months: applyPrice(before.months, before.months.map((m) => m.month), 'peak', 1.1234) };
    const r = savedReach(before, all, false);
    expect(r.prices).toEqual([{ band: 'peak', price: 1.1234, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }]);
    expect(r.periodMonths).toEqual([]);
    expect(r.repricedFrom).toBe('2025-03-15');
    const nov = savedReach(before, { ...before, months: applyPrice(before.months, [11], 'peak', 1.2) }, false);
    expect(nov.repricedFrom).toBe('2025-11-01');
    expect(savedReach(before, before, false)).toEqual({ prices: [], periodMonths: [], otherChanged: false, repricedFrom: null });
    expect(savedReach(before, before, true).repricedFrom).toBe('2025-03-15');
  });

  it('finds the first day of a changed month inside the validity', () => {
    expect(firstDayIn('2025-12-20', null, [1])).toBe('2026-01-01');
    expect(firstDayIn('2025-12-20', '2025-12-31', [1])).toBeNull();
    expect(firstDayIn('2025-12-20', null, [12])).toBe('2025-12-20');
  });
});
