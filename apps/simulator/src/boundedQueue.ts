/**
 * FIFO with a fixed capacity that drops its oldest entries when full: the store-and-forward buffer of a
 * gateway, which must keep measuring through a long outage without growing without bound. A ring buffer, so
 * push and shift are O(1) even at the 10 000-message default.
 */
export class BoundedQueue<T> {
  private readonly items: (T | undefined)[];
  private head = 0;
  private count = 0;
  /** Entries dropped since creation because the queue was full. */
  dropped = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count === this.capacity) {
      // Full: overwrite the oldest slot and move the head past it.
      this.items[this.head] = item;
      this.head = (this.head + 1) % this.capacity;
      this.dropped++;
      return;
    }
    this.items[(this.head + this.count) % this.capacity] = item;
    this.count++;
  }

  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    return item;
  }

  /** Removes and returns up to n of the oldest entries, oldest first. */
  take(n: number): T[] {
    const out: T[] = [];
    while (out.length < n && this.count > 0) out.push(this.shift() as T);
    return out;
  }

  /** Puts entries back at the front (oldest first), e.g. after a failed send; over capacity, the oldest go. */
  unshiftAll(items: readonly T[]): void {
    const all = [...items, ...this.take(this.count)];
    const overflow = Math.max(0, all.length - this.capacity);
    this.dropped += overflow;
    for (const item of all.slice(overflow)) this.push(item);
  }

  toArray(): T[] {
    return Array.from({ length: this.count }, (_, i) => this.items[(this.head + i) % this.capacity] as T);
  }
}
