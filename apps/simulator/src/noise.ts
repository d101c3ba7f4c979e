/**
 * Deterministic noise. The value models must be pure functions of time and device (so tests can pin them),
 * yet every device should wander on its own: noise is derived from a per-device seed and the time instead
 * of Math.random.
 */

/** 32-bit FNV-1a of a string: turns a device serial into its seed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Uniform in [0, 1) from two integers (a stateless mix, after splitmix/murmur finalisers). */
export function hash01(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n | 0, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Smooth noise in [-1, 1]: random values at knots `periodMs` apart, cosine-interpolated. Its slope is bounded
 * (at most about π/periodMs per ms), which matters because the demo has rate-of-rise alarm rules: white noise
 * on a cable temperature at a 1 s interval would look like a fire.
 */
export function smoothNoise(seed: number, t: number, periodMs: number): number {
  const x = t / periodMs;
  const k = Math.floor(x);
  const f = x - k;
  const a = hash01(seed, k) * 2 - 1;
  const b = hash01(seed, k + 1) * 2 - 1;
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  return a + (b - a) * w;
}

/** Sum of two octaves: slow drift plus a faster ripple, still bounded in [-1, 1]. */
export function drift(seed: number, t: number, periodMs: number): number {
  return 0.7 * smoothNoise(seed, t, periodMs) + 0.3 * smoothNoise(seed ^ 0x5bd1e995, t, periodMs / 7);
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Rounds to a catalogue precision (decimal places). */
export const roundTo = (v: number, precision: number) => {
  const f = 10 ** precision;
  return Math.round(v * f) / f;
};
