import { describe, expect, it } from 'vitest';
import { arcDetectorProblem, FIRE_LIMITS, fireLoopProblem, preAlarmOf } from './fireSafety.js';

const loop = { channel: 1, residual_ma: 300, temp_limits: { T1: 70, T2: 70, T3: 70 }, pre_alarm_pct: 90 };

describe('electrical fire limits (GB 14287)', () => {
  it('accepts the defaults and both ends of every range', () => {
    expect(fireLoopProblem(loop)).toBeNull();
    expect(FIRE_LIMITS.residual_ma).toMatchObject({ min: 20, max: 1000, default: 300 });
    expect(FIRE_LIMITS.temperature_c).toMatchObject({ min: 55, max: 140 });
    for (const residual_ma of [20, 1000]) expect(fireLoopProblem({ ...loop, residual_ma })).toBeNull();
    for (const T2 of [55, 140]) expect(fireLoopProblem({ ...loop, temp_limits: { ...loop.temp_limits, T2 } })).toBeNull();
    expect(arcDetectorProblem({ threshold: 14 })).toBeNull();
    expect(arcDetectorProblem({ threshold: 1 })).toBeNull();
  });

  it('refuses values outside the standard, naming the field in zh and en', () => {
    expect(fireLoopProblem({ ...loop, residual_ma: 19 })).toMatchObject({ field: 'residual_ma', en: expect.stringContaining('20–1000 mA (GB 14287.2)') });
    expect(fireLoopProblem({ ...loop, residual_ma: 1001 })?.zh).toContain('剩余电流');
    expect(fireLoopProblem({ ...loop, temp_limits: { ...loop.temp_limits, T3: 141 } })).toMatchObject({ field: 'temp_limits.T3', en: expect.stringContaining('GB 14287.3') });
    expect(fireLoopProblem({ ...loop, pre_alarm_pct: 99 })?.field).toBe('pre_alarm_pct');
    expect(fireLoopProblem({ ...loop, residual_ma: Number.NaN })?.field).toBe('residual_ma');
    expect(arcDetectorProblem({ threshold: 15 })).toMatchObject({ field: 'threshold', en: expect.stringContaining('GB 14287.4') });
    expect(arcDetectorProblem({ threshold: 2.5 })?.field).toBe('threshold');
  });

  it('pre-alarm values round to the point precision', () => {
    expect(preAlarmOf(300, 90, 0)).toBe(270);
    expect(preAlarmOf(70, 85, 1)).toBe(59.5);
  });
});
