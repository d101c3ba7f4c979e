import { describe, expect, it } from 'vitest';
import { clearSkyDay, clearSkyIrradiance, expectedClearSkyYield, haurwitzGhi } from './solar.js';

const rad = (d: number) => (d * Math.PI) / 180;
const suzhou = { latitude: 31.3, longitude: 120.73, zone: 'Asia/Shanghai' };

describe('clear-sky irradiance on a tilted plane', () => {
  it('is the horizontal irradiance on a flat plane and nothing at night', () => {
    expect(clearSkyIrradiance(rad(40), 0, { tilt_deg: 0, azimuth_deg: 180 })).toBeCloseTo(haurwitzGhi(Math.sin(rad(40))), 6);
    expect(clearSkyIrradiance(rad(-5), 0, { tilt_deg: 30, azimuth_deg: 180 })).toBe(0);
  });

  it('gains facing the sun and loses facing away (winter noon, sun due south at 35°)', () => {
    const flat = clearSkyIrradiance(rad(35), 0);
    expect(clearSkyIrradiance(rad(35), 0, { tilt_deg: 30, azimuth_deg: 180 })).toBeGreaterThan(flat * 1.3);
    expect(clearSkyIrradiance(rad(35), 0, { tilt_deg: 30, azimuth_deg: 0 })).toBeLessThan(flat * 0.6);
  });

  it('over a day: a south-facing 25° plane beats the horizontal in December, a vertical north wall gets diffuse only', () => {
    const h = clearSkyDay('2024-12-21', suzhou.latitude, suzhou.longitude, suzhou.zone);
    expect(clearSkyDay('2024-12-21', suzhou.latitude, suzhou.longitude, suzhou.zone, { tilt_deg: 25, azimuth_deg: 180 })).toBeGreaterThan(h * 1.2);
    expect(clearSkyDay('2024-12-21', suzhou.latitude, suzhou.longitude, suzhou.zone, { tilt_deg: 90, azimuth_deg: 0 })).toBeLessThan(h * 0.2);
  });

  it('expected yield = Σ kWp × plane irradiation × PR', () => {
    const plane = { tilt_deg: 20, azimuth_deg: 180 };
    const day = clearSkyDay('2024-06-21', suzhou.latitude, suzhou.longitude, suzhou.zone, plane);
    const y = expectedClearSkyYield([{ ...plane, capacity_kwp: 100, performance_ratio: 0.8 }, { ...plane, capacity_kwp: 50, performance_ratio: 0.7 }], '2024-06-21', '2024-06-21', suzhou);
    expect(y).toBeCloseTo(day * (80 + 35), 6);
  });
});
