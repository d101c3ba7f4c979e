import type { EventItem } from '@gridops/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { EventDrawer } from './EventDrawer';

const base: EventItem = {
  id: 41,
  project_id: 1,
  project_name: '苏州工业园光储充站',
  device_id: 7,
  device_name: '4#电梯回路',
  point_id: 70,
  event_type: 3,
  level: 3,
  status: 'pending',
  active: true,
  message: '4#电梯回路 断路器分闸',
  value: 0,
  limit_value: null,
  rule_kind: 'digital',
  unit: '',
  point_key: 'breaker',
  state_from: 1,
  phases: [],
  raised_at: '2026-11-23T10:00:00.000Z',
  cleared_at: null,
  acknowledged_at: null,
  handled_at: null,
  handle_note: null,
  closed_at: null,
};

const overCurrent: EventItem = {
  ...base,
  id: 42,
  event_type: 2,
  message: '4#电梯回路 A/B/C相电流越限 352A（限值 320A）',
  value: 352,
  limit_value: 320,
  rule_kind: 'high',
  unit: 'A',
  point_key: 'Ia',
  state_from: null,
  phases: ['A', 'B', 'C'],
};

// The drawer's curve and log load on their own; empty answers, they do not matter here.
const empty = (id: number) => ({
  [`/api/v6/event/${id}/log`]: [],
  [`/api/v6/event/${id}/curve`]: { from: base.raised_at, to: base.raised_at, limit_value: null, series: [] },
});
const api = () => mockApi({ ...empty(41), ...empty(42) });

describe('event drawer shows what the event measured', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: a breaker trip shows its state change, no fake limit', async () => {
    api();
    await renderPage(<EventDrawer event={base} onClose={() => {}} />);
    await expectTexts('状态变化', '合闸 → 分闸');
    expect(screen.queryByTestId('event-limit')).toBeNull();
    expect(screen.queryByText('限值')).toBeNull();
  });

  it('en: the same trip reads closed → open', async () => {
    api();
    await renderPage(<EventDrawer event={base} onClose={() => {}} />, { lang: 'en' });
    await expectTexts('State change', 'closed → open');
  });

  it('en: the log names who acted by the English form of their name', async () => {
    mockApi({
      ...empty(41),
      '/api/v6/event/41/log': [{ action: 'acknowledged', note: null, at: base.raised_at, user_name: '李娜', user_name_en: 'Li Na' }],
    });
    await renderPage(<EventDrawer event={base} onClose={() => {}} />, { lang: 'en' });
    await expectTexts('Li Na');
    expect(screen.queryByText(/李娜/)).toBeNull();
  });

  it('an over-current on three phases shows the worst value and limit with unit, and names the phases', async () => {
    api();
    await renderPage(<EventDrawer event={overCurrent} onClose={() => {}} />);
    await expectTexts('A/B/C 相');
    expect(screen.getByTestId('event-value').textContent).toBe('352.00 A');
    expect(screen.getByTestId('event-limit').textContent).toBe('320.00 A');
  });
});
