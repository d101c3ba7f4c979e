import { describe, expect, it } from 'vitest';
import { storageStrategyText } from './service.js';

describe('the microgrid page names the storage strategy the PCS follows', () => {
  it('words the configured charge and discharge periods in order, idle ones left out', () => {
    const text = storageStrategyText([
      {
        schedule: [
          { start: '10:00', end: '12:00', mode: 'discharge', power_kw: 200 },
          { start: '00:00', end: '06:00', mode: 'charge', power_kw: 250 },
          { start: '06:00', end: '07:00', mode: 'idle', power_kw: 0 },
        ],
      },
    ]);
    expect(text).toEqual({
      zh: '按储能配置计划：00:00–06:00 充电 250 kW，10:00–12:00 放电 200 kW',
      en: 'Schedule from Energy storage settings: charge 00:00–06:00 at 250 kW, discharge 10:00–12:00 at 200 kW',
    });
  });
  it('names the settings page by its title, never by its page key (issue 26 item 8: "按 EssSet 配置计划")', () => {
    const text = storageStrategyText([{ schedule: [{ start: '00:00', end: '06:00', mode: 'charge', power_kw: 250 }] }])!;
    expect(text.zh).toContain('储能配置');
    expect(text.en).toContain('Energy storage settings');
    expect(`${text.zh} ${text.en}`).not.toMatch(/EssSet/);
  });
  it('is null without a configured period (the controller runs its own plan)', () => {
    expect(storageStrategyText([])).toBeNull();
    expect(storageStrategyText([{ schedule: [] }, { nonsense: true }])).toBeNull();
  });
});
