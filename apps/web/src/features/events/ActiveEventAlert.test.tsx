import type { EventItem } from '@gridops/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { initialSession, useSession } from '../../session/store';
import { ActiveEventAlert } from './ActiveEventAlert';

const row = {
  id: 4,
  project_id: 3,
  project_name: '苏州工业园光储充站',
  device_id: 9,
  device_name: '1#变压器',
  point_id: 1,
  event_type: 2,
  level: 3,
  status: 'pending',
  active: true,
  message: '绕组温度越限',
  value: 96,
  limit_value: 85,
  raised_at: '2026-11-23T10:15:00Z',
  cleared_at: null,
  acknowledged_at: null,
  handled_at: null,
  handle_note: null,
  closed_at: null,
  rule_kind: 'high',
  unit: '℃',
  point_key: null,
  state_from: null,
  phases: [],
} satisfies EventItem;

describe('the event the user came to handle', () => {
  beforeEach(() => useSession.setState({ ...initialSession, eventTypeFilterHidden: true, activeEventId: 4 }));
  afterEach(() => cleanup());

  it('is named by device and what happened, not by its id, and opens from the alert', async () => {
    await i18n.changeLanguage('zh');
    const onOpen = vi.fn();
    render(<ActiveEventAlert activeId={4} rows={[row]} onOpen={onOpen} />);
    const text = screen.getByTestId('active-event').textContent ?? '';
    expect(text).toContain('正在处理：1#变压器 · 绕组温度越限');
    expect(text).not.toMatch(/#4\b/);
    expect(text).not.toContain('筛选'); // no word about the page's internals
    fireEvent.click(screen.getByTestId('active-event-open'));
    expect(onOpen).toHaveBeenCalledWith(row);
    fireEvent.click(screen.getByTestId('events-show-all'));
    expect(useSession.getState()).toMatchObject({ eventTypeFilterHidden: false, activeEventId: null });
  });

  it('names the device once when the event text already starts with it', async () => {
    await i18n.changeLanguage('zh');
    render(<ActiveEventAlert activeId={4} rows={[{ ...row, message: '1#变压器 绕组温度越限' }]} onOpen={vi.fn()} />);
    expect(screen.getByTestId('active-event').textContent).toContain('正在处理：1#变压器 绕组温度越限发生于');
  });

  it('in English, from the pending list when the row is not on this page', async () => {
    await i18n.changeLanguage('en');
    useSession.setState({ noticeList: [{ id: 4, event_title: 'Transformer 1 winding over-temperature', event_type: 2, level: 3, device_name: 'T1', created_at: '2026-11-23T10:15:00Z' }] });
    render(<ActiveEventAlert activeId={4} rows={[]} onOpen={vi.fn()} />);
    const text = screen.getByTestId('active-event').textContent ?? '';
    expect(text).toContain('Handling: Transformer 1 winding over-temperature');
    expect(text).toContain('Raised');
    expect(screen.queryByTestId('active-event-open')).toBeNull();
  });
});
