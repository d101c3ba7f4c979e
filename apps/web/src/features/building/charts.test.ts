import { describe, expect, it } from 'vitest';
import type { SystemEnergy } from '@gridops/contract';
import { comfortBand, systemEnergyOption } from './charts';

const systems: SystemEnergy[] = [
  { key: 'hvac', name: '空调用电', name_en: 'HVAC', today: 812.4, month: 20110 },
  { key: 'lighting_socket', name: '照明插座用电', name_en: 'Lighting and sockets', today: 301, month: 7420 },
  { key: 'unassigned', name: '未分项（含损耗）', name_en: 'Not sub-metered (incl. losses)', today: 4.1, month: 0 },
];
const locale = (lang: 'zh' | 'en') => ({ lang, t: (k: string) => k });

describe('smart-building charts', () => {
  it('colours comfort against the office bands', () => {
    expect(comfortBand('temp', 24.5)).toBe('good');
    expect(comfortBand('temp', 27.6)).toBe('fair');
    expect(comfortBand('temp', 30)).toBe('poor');
    expect(comfortBand('co2', 650)).toBe('good');
    expect(comfortBand('co2', 950)).toBe('fair');
    expect(comfortBand('co2', 1400)).toBe('poor');
    expect(comfortBand('humidity', null)).toBeNull();
  });

  it('tolerates a setback temperature on a floor whose air-conditioning is off (issue 26 item 7)', () => {
    expect(comfortBand('temp', 19)).toBe('poor');
    expect(comfortBand('temp', 19, false)).toBe('good');
    expect(comfortBand('temp', 13, false)).toBe('fair');
    expect(comfortBand('temp', 8, false)).toBe('poor');
  });

  it('draws energy by system in the language asked, leaving out empty slices', () => {
    const en = JSON.stringify(systemEnergyOption(systems, 'month', locale('en')));
    expect(en).toContain('HVAC');
    expect(en).not.toContain('空调');
    expect(en).not.toContain('Not sub-metered');
    const zh = JSON.stringify(systemEnergyOption(systems, 'today', locale('zh')));
    expect(zh).toContain('空调用电');
    expect(zh).toContain('未分项');
  });
});
