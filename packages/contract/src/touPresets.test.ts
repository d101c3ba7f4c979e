import { describe, expect, it } from 'vitest';
import { tariffPeriod } from './api/metering.js';
import { TOU_PRESETS, touPresetName } from './touPresets.js';

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

describe('provincial TOU presets', () => {
  it('offers Jiangsu, Zhejiang, Guangdong, Shanghai and Beijing with names and notes in both languages', () => {
    expect(TOU_PRESETS.map((p) => p.id)).toEqual(['jiangsu', 'zhejiang', 'guangdong', 'shanghai', 'beijing']);
    for (const p of TOU_PRESETS) {
      expect(p.name.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(p.name.en).toMatch(/^[A-Za-z]/);
      expect(p.note.zh && p.note.en).toBeTruthy();
    }
    expect(touPresetName(TOU_PRESETS[0]!, 'en-US')).toBe('Jiangsu, general industrial & commercial');
    expect(touPresetName(TOU_PRESETS[0]!, 'zh')).toBe('江苏 一般工商业');
  });

  it.each(TOU_PRESETS.map((p) => [p.id, p] as const))('%s: each of the 12 months covers 24 h exactly once, in valid periods', (_, preset) => {
    expect(preset.months).toHaveLength(12);
    preset.months.forEach((periods) => {
      const covered = new Uint8Array(1440);
      for (const p of periods) {
        expect(tariffPeriod.safeParse(p).success).toBe(true);
        const [a, b] = [minutes(p.start), minutes(p.end)];
        expect(b).toBeGreaterThan(a);
        for (let t = a; t < b; t++) {
          expect(covered[t], `${preset.id} ${p.start}–${p.end} overlaps`).toBe(0);
          covered[t] = 1;
        }
      }
      expect(covered.indexOf(0)).toBe(-1);
      // Peak, valley and (but for Zhejiang) flat in every month; a band used has a positive share of the day.
      const bands = new Set(periods.map((p) => p.band));
      expect(bands.has('peak') && bands.has('valley')).toBe(true);
    });
  });
});
