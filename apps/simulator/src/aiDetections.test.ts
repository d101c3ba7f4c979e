import { aiEventPayload } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { chancePerTick, detectionBoxes, makeDetection } from './aiDetections.js';

const seq = (...v: number[]) => {
  let i = 0;
  return () => v[i++ % v.length]!;
};

describe('simulated edge AI detections', () => {
  it('are valid gateway-protocol payloads with boxes inside the picture', () => {
    for (let n = 0; n < 50; n++) {
      const p = makeDetection({ gateway: 'GW', code: 'CAM1', t: Date.UTC(2026, 10, 25, 8), zone: 'Asia/Shanghai', rng: Math.random, seq: n });
      expect(aiEventPayload.safeParse(p).success).toBe(true);
      for (const b of p.boxes) expect(b.x + b.w <= 1 && b.y + b.h <= 1).toBe(true);
    }
  });

  it('draw several people for a crowd and one for the rest', () => {
    expect(detectionBoxes('crowd', seq(0.5)).length).toBeGreaterThanOrEqual(4);
    expect(detectionBoxes('no_helmet', seq(0.5))).toHaveLength(1);
  });

  it('fire a few times per hour per camera', () => {
    expect(chancePerTick(3, 5000)).toBeCloseTo(3 * 5000 / 3_600_000);
    expect(chancePerTick(0, 5000)).toBe(0);
    expect(chancePerTick(1e6, 5000)).toBe(1);
  });
});
