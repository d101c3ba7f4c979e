import { describe, expect, it } from 'vitest';
import { deletionProblem, readingProblem, type Candidate } from './validate.js';

const ZONE = 'Asia/Shanghai';
const NOW = Date.parse('2025-04-01T00:00:00Z');
let nextId = 1;
const c = (iso: string, value: number, old_final_value: number | null = null, id: number | null = nextId++): Candidate => ({
  id,
  at: Date.parse(iso),
  value,
  replacement: old_final_value !== null,
  old_final_value,
});
const existing = [c('2025-03-01T00:00:00Z', 100), c('2025-03-10T00:00:00Z', 150), c('2025-03-20T00:00:00Z', 200)];

describe('reading validation', () => {
  it('accepts a reading between its neighbours', () => {
    expect(readingProblem(existing, c('2025-03-15T00:00:00Z', 170, null, null), NOW, ZONE)).toBeNull();
    expect(readingProblem(existing, c('2025-03-25T00:00:00Z', 200, null, null), NOW, ZONE)).toBeNull();
  });

  it('refuses a decrease against the previous reading on `value`, naming it in the site zone', () => {
    const p = readingProblem(existing, c('2025-03-25T00:00:00Z', 199, null, null), NOW, ZONE);
    expect(p).toMatchObject({ field: 'value' });
    expect(p!.en).toContain('200 (2025-03-20 08:00)');
    expect(p!.zh).toContain('不能小于上一次读数 200');
  });

  it('refuses a reading above the next one', () => {
    expect(readingProblem(existing, c('2025-03-15T00:00:00Z', 201, null, null), NOW, ZONE)).toMatchObject({ field: 'value' });
  });

  it('accepts a lower value as a replacement whose old final reading does not decrease', () => {
    expect(readingProblem(existing, c('2025-03-25T00:00:00Z', 3, 260, null), NOW, ZONE)).toBeNull();
    expect(readingProblem(existing, c('2025-03-25T00:00:00Z', 3, 190, null), NOW, ZONE)).toMatchObject({ field: 'old_final_value' });
    expect(readingProblem([], c('2025-03-25T00:00:00Z', 3, 190, null), NOW, ZONE)).toMatchObject({ field: 'replacement' });
  });

  it('checks a reading before a replacement against the old meter final value', () => {
    const withSwap = [...existing, c('2025-03-25T00:00:00Z', 3, 260)];
    expect(readingProblem(withSwap, c('2025-03-22T00:00:00Z', 250, null, null), NOW, ZONE)).toBeNull();
    expect(readingProblem(withSwap, c('2025-03-22T00:00:00Z', 270, null, null), NOW, ZONE)).toMatchObject({ field: 'value' });
    expect(readingProblem(withSwap, c('2025-03-28T00:00:00Z', 2, null, null), NOW, ZONE)).toMatchObject({ field: 'value' });
  });

  it('refuses the future and a second reading at the same time; an edit is checked without its old self', () => {
    expect(readingProblem(existing, c('2025-04-02T00:00:00Z', 300, null, null), NOW, ZONE)).toMatchObject({ field: 'read_at' });
    expect(readingProblem(existing, c('2025-03-10T00:00:00Z', 150, null, null), NOW, ZONE)).toMatchObject({ field: 'read_at' });
    const edited = { ...existing[1]!, value: 120 };
    expect(readingProblem(existing, edited, NOW, ZONE)).toBeNull();
  });

  it('refuses deleting a replacement that later readings depend on', () => {
    const swap = c('2025-03-25T00:00:00Z', 3, 260);
    const all = [...existing, swap, c('2025-03-30T00:00:00Z', 20)];
    expect(deletionProblem(all, swap.id!, NOW, ZONE)).toMatchObject({ field: 'id' });
    expect(deletionProblem(all, existing[1]!.id!, NOW, ZONE)).toBeNull();
  });
});
