import { describe, expect, it } from 'vitest';
import { availableActions, controlReducer, initialControl, openSelection, secondsLeft } from './machine';
import type { ControlEvent, ControlState } from './machine';

const target = { deviceId: 18, name: '1#办公楼回路', action: 'open' as const };
const run = (events: ControlEvent[], from: ControlState = initialControl) => events.reduce(controlReducer, from);

describe('select-before-operate state machine', () => {
  it('select → selected → execute → done', () => {
    const selected = run([{ type: 'select', target }, { type: 'selected', selectionId: 's1', expiresAt: 30_000 }]);
    expect(selected).toMatchObject({ step: 'selected', selectionId: 's1', error: null });
    expect(openSelection(selected)).toBe('s1');
    const executing = controlReducer(selected, { type: 'execute' });
    expect(executing.step).toBe('executing');
    expect(openSelection(executing)).toBeNull();
    expect(controlReducer(executing, { type: 'executed', result: 'succeeded', error: null, elapsedMs: 420 })).toEqual({
      step: 'done',
      target,
      result: 'succeeded',
      error: null,
      elapsedMs: 420,
    });
  });

  it('refused and timed-out results are results, not errors', () => {
    const base = run([{ type: 'select', target }, { type: 'selected', selectionId: 's', expiresAt: 1 }, { type: 'execute' }]);
    expect(controlReducer(base, { type: 'executed', result: 'refused', error: 'interlock', elapsedMs: 5 })).toMatchObject({ step: 'done', result: 'refused', error: 'interlock' });
    expect(controlReducer(base, { type: 'executed', result: 'timed_out', error: null, elapsedMs: 10_000 })).toMatchObject({ step: 'done', result: 'timed_out' });
  });

  it('a failed select or a wrong password ends the operation; a missing password keeps the selection', () => {
    expect(run([{ type: 'select', target }, { type: 'selectFailed', message: '网关离线' }])).toMatchObject({ step: 'failed', stage: 'select', message: '网关离线' });
    const selected = run([{ type: 'select', target }, { type: 'selected', selectionId: 's', expiresAt: 1 }]);
    expect(controlReducer(selected, { type: 'executeFailed', message: '请输入密码', retry: true })).toMatchObject({ step: 'selected', error: '请输入密码' });
    const wrong = run([{ type: 'execute' }, { type: 'executeFailed', message: '密码错误' }], selected);
    expect(wrong).toMatchObject({ step: 'failed', stage: 'execute', message: '密码错误' });
  });

  it('only an unconfirmed selection expires or cancels; nothing interrupts an execute in flight', () => {
    const selected = run([{ type: 'select', target }, { type: 'selected', selectionId: 's', expiresAt: 1 }]);
    expect(controlReducer(selected, { type: 'expired' })).toMatchObject({ step: 'failed', stage: 'select' });
    expect(controlReducer(selected, { type: 'cancel' })).toEqual(initialControl);
    const executing = controlReducer(selected, { type: 'execute' });
    for (const ev of [{ type: 'expired' }, { type: 'cancel' }, { type: 'close' }, { type: 'select', target }] as ControlEvent[])
      expect(controlReducer(executing, ev)).toBe(executing);
  });

  it('ignores out-of-order answers and closes finished operations', () => {
    expect(controlReducer(initialControl, { type: 'selected', selectionId: 'x', expiresAt: 1 })).toBe(initialControl);
    expect(controlReducer(initialControl, { type: 'executed', result: 'succeeded', error: null, elapsedMs: 1 })).toBe(initialControl);
    const done = run([{ type: 'select', target }, { type: 'selected', selectionId: 's', expiresAt: 1 }, { type: 'execute' }, { type: 'executed', result: 'succeeded', error: null, elapsedMs: 1 }]);
    expect(controlReducer(done, { type: 'close' })).toEqual(initialControl);
    expect(controlReducer(done, { type: 'select', target: { ...target, action: 'close' } })).toMatchObject({ step: 'selecting' });
  });

  it('counts seconds down and offers the action that changes the state', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 29_001)).toBe(1);
    expect(secondsLeft(30_000, 40_000)).toBe(0);
    expect(availableActions(true, ['open', 'close'])).toEqual(['open']);
    expect(availableActions(false, ['open', 'close'])).toEqual(['close']);
    expect(availableActions(null, ['open', 'close'])).toEqual(['open', 'close']);
  });
});
