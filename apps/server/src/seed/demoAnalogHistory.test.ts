import { describe, expect, it } from 'vitest';
import { transformerValues } from './demoAnalogHistory.js';

const at = (local: string) => Date.parse(`${local}+08:00`);

describe('demo transformer history', () => {
  it('follows the commercial day: afternoon well above night, weekends lower', () => {
    const night = transformerValues(at('2026-11-18T03:00:00'), 7, 1000, 1250, 'Asia/Shanghai'); // a Wednesday
    const afternoon = transformerValues(at('2026-11-18T15:00:00'), 7, 1000, 1250, 'Asia/Shanghai');
    const saturday = transformerValues(at('2026-11-21T15:00:00'), 7, 1000, 1250, 'Asia/Shanghai');
    expect(afternoon.P).toBeGreaterThan(2.5 * night.P);
    expect(saturday.P).toBeLessThan(0.8 * afternoon.P);
    expect(afternoon.load_rate).toBeGreaterThan(35);
    expect(afternoon.load_rate).toBeLessThan(80);
    expect(afternoon.PF).toBeGreaterThan(night.PF);
    expect(afternoon.Ua).toBeLessThan(night.Ua); // sags under load
  });

  it('is electrically consistent: P = Σ U·I·PF, Q from PF, load rate from apparent power', () => {
    const v = transformerValues(at('2026-11-18T10:15:00'), 11, 800, 1000, 'Asia/Shanghai');
    expect((v.Ua * v.Ia + v.Ub * v.Ib + v.Uc * v.Ic) * v.PF / 1000).toBeCloseTo(v.P, 6);
    expect(v.Q).toBeCloseTo(v.P * Math.tan(Math.acos(v.PF)), 6);
    expect(v.load_rate).toBeCloseTo((100 * v.P) / v.PF / 1000, 6);
    for (const u of [v.Ua, v.Ub, v.Uc]) expect(Math.abs(u - 230) / 230).toBeLessThan(0.04);
  });

  it('is the same for the same quarter and device (a re-seed draws the same curve)', () => {
    const t = at('2026-11-18T10:15:00');
    expect(transformerValues(t, 11, 800, 1000, 'Asia/Shanghai')).toEqual(transformerValues(t, 11, 800, 1000, 'Asia/Shanghai'));
    expect(transformerValues(t, 12, 800, 1000, 'Asia/Shanghai').P).not.toBe(transformerValues(t, 11, 800, 1000, 'Asia/Shanghai').P);
  });
});
