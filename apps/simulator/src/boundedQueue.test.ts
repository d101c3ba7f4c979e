import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './boundedQueue.js';

describe('BoundedQueue', () => {
  it('keeps FIFO order', () => {
    const q = new BoundedQueue<number>(5);
    [1, 2, 3].forEach((n) => q.push(n));
    expect(q.shift()).toBe(1);
    q.push(4);
    expect(q.toArray()).toEqual([2, 3, 4]);
    expect(q.take(10)).toEqual([2, 3, 4]);
    expect(q.size).toBe(0);
    expect(q.shift()).toBeUndefined();
  });

  it('never exceeds its capacity and drops the oldest first', () => {
    const q = new BoundedQueue<number>(3);
    for (let i = 1; i <= 10; i++) q.push(i);
    expect(q.size).toBe(3);
    expect(q.dropped).toBe(7);
    expect(q.toArray()).toEqual([8, 9, 10]);
    expect(q.take(2)).toEqual([8, 9]);
    q.push(11);
    q.push(12);
    expect(q.toArray()).toEqual([10, 11, 12]);
  });

  it('holds 10 000 messages in order across wrap-around', () => {
    const q = new BoundedQueue<number>(10_000);
    for (let i = 0; i < 25_000; i++) q.push(i);
    const all = q.take(20_000);
    expect(all).toHaveLength(10_000);
    expect(all[0]).toBe(15_000);
    expect(all.every((v, i) => i === 0 || v === all[i - 1]! + 1)).toBe(true);
  });

  it('puts entries back at the front, dropping the oldest beyond capacity', () => {
    const q = new BoundedQueue<number>(4);
    [3, 4, 5].forEach((n) => q.push(n));
    q.unshiftAll([1, 2]);
    expect(q.toArray()).toEqual([2, 3, 4, 5]);
    expect(q.dropped).toBe(1);
  });

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => new BoundedQueue(0)).toThrow(RangeError);
    expect(() => new BoundedQueue(1.5)).toThrow(RangeError);
  });
});
