import { describe, expect, it } from 'vitest';
import { createDraftStore, type Draft, type DraftStorage } from './drafts';

const memory = (): DraftStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

describe('inspection drafts', () => {
  it('keeps one submission id per task across reopening (a closed tab)', () => {
    const storage = memory();
    let n = 0;
    const a = createDraftStore(storage, () => `id-${++n}`);
    const d = a.open(7);
    a.save({ ...d, checkpoints: [{ seq: 0, code: 'GO1:R:3', method: 'typed', checked_in_at: 'x', answers: [] }] });
    const b = createDraftStore(storage, () => `id-${++n}`);
    expect(b.open(7).submission_id).toBe('id-1');
    expect(b.get(7)?.checkpoints.length).toBe(1);
  });

  it('sends a queued draft once even when flushed twice at the same time, and keeps it while offline', async () => {
    const storage = memory();
    const store = createDraftStore(storage, () => 'sub-1');
    store.open(9);
    store.queue(9);
    const offline = await store.flush(() => Promise.reject(new Error('offline')), () => true);
    expect(offline).toEqual([]);
    expect(store.outbox().map((d) => d.task_id)).toEqual([9]);

    const sent: Draft[] = [];
    let release: () => void = () => undefined;
    const send = (d: Draft) =>
      new Promise<void>((resolve) => {
        sent.push(d);
        release = resolve;
      });
    const first = store.flush(send, () => true);
    const second = store.flush(send, () => true);
    await Promise.resolve();
    release();
    expect([...(await first), ...(await second)]).toEqual([9]);
    expect(sent.map((d) => d.submission_id)).toEqual(['sub-1']);
    expect(store.outbox()).toEqual([]);
  });

  it('returns a draft the server refused to an editable draft instead of resending it', async () => {
    const store = createDraftStore(memory(), () => 'sub-2');
    store.open(4);
    store.queue(4);
    await store.flush(() => Promise.reject(new Error('10006')), () => false);
    expect(store.outbox()).toEqual([]);
    expect(store.get(4)?.queued).toBe(false);
    expect(store.get(4)?.submission_id).toBe('sub-2');
  });
});
