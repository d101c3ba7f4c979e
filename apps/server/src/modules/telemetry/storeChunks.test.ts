import { describe, expect, it } from 'vitest';
import { chunksByPoint } from './ingest.js';

const sample = (pointId: number, ts: number) => ({ pointId, ts, value: ts / 1000 });

describe('storage statements of a backlog batch (chunksByPoint)', () => {
  it('keeps a batch no larger than the chunk as it is', () => {
    const batch = [sample(3, 1), sample(1, 2)];
    expect(chunksByPoint(batch, 5)).toEqual([batch]);
  });

  it('splits into runs of about the size, never splitting one point, keeping every sample once', () => {
    const batch = [9, 1, 4, 4, 4, 2, 7, 4, 1, 8, 3].map((p, i) => sample(p, 1000 + i));
    const chunks = chunksByPoint(batch, 3);
    // Each point lives in exactly one chunk.
    const home = new Map<number, number>();
    chunks.forEach((c, i) => {
      for (const s of c) {
        expect(home.get(s.pointId) ?? i).toBe(i);
        home.set(s.pointId, i);
      }
    });
    expect(chunks.flat().sort((a, b) => a.ts - b.ts)).toEqual(batch);
    // Point 4's four samples stretch their chunk; the others keep to the size.
    expect(chunks.map((c) => c.length)).toEqual([3, 5, 3]);
  });
});
