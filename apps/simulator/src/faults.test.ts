import { describe, expect, it } from 'vitest';
import { faultApplies, randomFaultsFor } from './faults.js';

describe('random faults are rare and plausible', () => {
  it('never stage a transformer or incomer overload at random (explicit commands still may)', () => {
    expect(randomFaultsFor('transformer')).not.toContain('over_current');
    expect(randomFaultsFor('incomer')).not.toContain('over_current');
    expect(randomFaultsFor('incomer')).not.toContain('breaker_trip');
    expect(faultApplies('over_current', 'transformer')).toBe(true);
    expect(randomFaultsFor('transformer')).toContain('over_temperature');
    expect(randomFaultsFor('feeder')).toContain('over_current');
  });

  it('never pick a device comm loss', () => {
    for (const kind of ['meter', 'camera', 'env_sensor'] as const) expect(randomFaultsFor(kind)).not.toContain('comm_loss');
  });
});
