import { describe, expect, it } from 'vitest';
import { groupTasks } from './taskOrder';

// 2026-11-29 10:00 in Shanghai (02:00 UTC); in New York it is still 2026-11-28.
const NOW = Date.parse('2026-11-29T02:00:00Z');
const task = (id: number, occurrence: string, start: string, status: 'pending' | 'in_progress' | 'done' | 'overdue' = 'pending', timezone = 'Asia/Shanghai') => ({
  id,
  occurrence,
  timezone,
  window_start: start,
  status,
});

describe('groupTasks', () => {
  it("lists today's round first, then overdue ones (most recent first), then later ones", () => {
    const list = [
      task(1, '2026-11-01', '2026-11-01T01:00:00Z', 'overdue'), // weeks ago: first in the server's order
      task(2, '2026-11-27', '2026-11-27T01:00:00Z', 'overdue'),
      task(3, '2026-11-29', '2026-11-29T06:00:00Z'),
      task(4, '2026-11-29', '2026-11-29T01:00:00Z', 'done'),
      task(5, '2026-11-30', '2026-11-30T01:00:00Z'),
      task(6, '2026-11-20', '2026-11-20T01:00:00Z', 'in_progress'), // started days ago, never finished
    ];
    const g = groupTasks(list, NOW);
    expect(g.today.map((x) => x.id)).toEqual([4, 3]);
    expect(g.overdue.map((x) => x.id)).toEqual([2, 6, 1]);
    expect(g.later.map((x) => x.id)).toEqual([5]);
  });

  it("keeps a round of today whose window has closed in today's group", () => {
    expect(groupTasks([task(7, '2026-11-29', '2026-11-29T00:00:00Z', 'overdue')], NOW).today.map((x) => x.id)).toEqual([7]);
  });

  it("takes each task's day on its own site's clock", () => {
    // New York's today is 2026-11-28: its task of the 28th is today's, one of the 29th is later.
    const g = groupTasks([task(8, '2026-11-28', '2026-11-28T14:00:00Z', 'pending', 'America/New_York'), task(9, '2026-11-29', '2026-11-29T14:00:00Z', 'pending', 'America/New_York')], NOW);
    expect(g.today.map((x) => x.id)).toEqual([8]);
    expect(g.later.map((x) => x.id)).toEqual([9]);
    expect(g.overdue).toEqual([]);
  });
});
