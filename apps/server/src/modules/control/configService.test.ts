import { describe, expect, it } from 'vitest';
import { inWindow } from './configService.js';

describe('blocked-period window (site time)', () => {
  it('is [start, end) within a day and wraps past midnight', () => {
    expect(inWindow('08:00', '07:45', '08:15')).toBe(true);
    expect(inWindow('08:15', '07:45', '08:15')).toBe(false);
    expect(inWindow('07:44', '07:45', '08:15')).toBe(false);
    expect(inWindow('23:30', '23:00', '05:00')).toBe(true);
    expect(inWindow('04:59', '23:00', '05:00')).toBe(true);
    expect(inWindow('05:00', '23:00', '05:00')).toBe(false);
    expect(inWindow('12:00', '23:00', '05:00')).toBe(false);
  });
});
