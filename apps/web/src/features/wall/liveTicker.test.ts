import { describe, expect, it } from 'vitest';
import { wallFixture } from '../../test/fixtures/wall';
import { ageSeconds, mergeTicker, pulsingAt, pushRow, rowOfPush, TICKER_ROWS } from './liveTicker';

const push = (event_id: number, project_id = 1) =>
  rowOfPush({ type: 3, level: 3, msg: '4#电梯回路 断路器分闸', title: '苏州工业园光储充站', title_en: 'Suzhou PV-storage-charging', event_id, project_id }, Date.parse('2026-11-29T02:00:00Z') + event_id)!;

describe('wall live state', () => {
  it('puts a pushed alarm in front of the answer, once, until the answer carries it', () => {
    const rows = mergeTicker([push(900)], wallFixture.ticker);
    expect(rows.map((r) => r.key)).toEqual(['live-900', 'event-501']);
    expect(rows[0]!.site.en).toBe('Suzhou PV-storage-charging');
    const answered = [{ ...wallFixture.ticker[0]!, id: 900, raised_at: '2026-11-29T02:00:00.900Z' }, ...wallFixture.ticker];
    expect(mergeTicker([push(900)], answered).map((r) => r.key)).toEqual(['event-900', 'event-501']);
  });

  it('keeps at most TICKER_ROWS rows however long it runs', () => {
    let rows = [push(1)];
    for (let i = 2; i < 200; i++) rows = pushRow(rows, push(i));
    expect(rows).toHaveLength(TICKER_ROWS);
    expect(rows[0]!.eventId).toBe(199);
  });

  it('leaves messages (type 1) and events without a site out', () => {
    expect(rowOfPush({ type: 1, level: 1, msg: 'x', title: 'y', project_id: 1 }, 0)).toBeNull();
    expect(rowOfPush({ type: 2, level: 2, msg: 'x', title: 'y' }, 0)).toBeNull();
  });

  it('pulses until the time is up, and tells the data age in seconds', () => {
    const until = new Map([
      [1, 10_000],
      [2, 5_000],
    ]);
    expect([...pulsingAt(until, 6_000)]).toEqual([1]);
    expect(ageSeconds(1_000, 62_500)).toBe(61);
  });
});
