import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { PendingDialog } from './PendingDialog';

const sites = [
  { id: 3, title: '苏州工业园光储充站', total: 4 },
  { id: 1, title: '上海张江园区配电站', total: 1 },
];
const events = [
  { id: 11, event_title: 'BMS 温度越限', event_type: 2, level: 3, device_name: 'BMS', created_at: '2026-01-01T00:00:00Z' },
  { id: 12, event_title: '逆变器故障', event_type: 3, level: 4, device_name: 'INV', created_at: '2026-01-01T00:00:00Z' },
  { id: 13, event_title: '配电室门已打开', event_type: 1, level: 1, device_name: 'ENV', created_at: '2026-01-01T00:00:00Z' },
];

function setup(scope: 'org' | 'site') {
  const handlers = { onHandleSite: vi.fn(), onHandleEvent: vi.fn(), onDismiss: vi.fn() };
  render(<PendingDialog open scope={scope} list={scope === 'org' ? sites : events} {...handlers} />);
  return handlers;
}

const dialog = () => within(document.querySelector('[data-testid="pending-dialog"]') as HTMLElement);
const headers = () => [...document.querySelectorAll('[data-testid="pending-dialog"] th')].map((th) => th.textContent);

describe('pending-events dialog', () => {
  beforeEach(() => i18n.changeLanguage('zh'));
  afterEach(() => cleanup());

  it('no site selected: site name, pending count, handle; footer 知晓 and 立即处理', () => {
    const h = setup('org');
    expect(headers()).toEqual(['站点名称', '待处理数', '操作']);
    expect(dialog().getByText('苏州工业园光储充站')).toBeTruthy();
    expect(screen.getByTestId('pending-acknowledged').textContent).toBe('知晓');
    expect(screen.getByTestId('pending-handle-first').textContent).toBe('立即处理');
    fireEvent.click(screen.getByTestId('pending-handle-1'));
    expect(h.onHandleSite).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByTestId('pending-handle-first'));
    expect(h.onHandleSite).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByTestId('pending-acknowledged'));
    expect(h.onDismiss).toHaveBeenCalledTimes(1);
  });

  it('site selected: event name, type (alarm yellow, fault red, message blue), handle now; footer 稍后处理 and 立即处理', () => {
    const h = setup('site');
    // The first column expands a row to the event's snapshot.
    expect(headers()).toEqual(['', '事件名称', '事件类型', '操作']);
    const alarm = screen.getByTestId('pending-type-alarm');
    const fault = screen.getByTestId('pending-type-fault');
    expect(alarm.textContent).toBe('告警');
    expect(alarm.className).toContain('gold');
    expect(fault.textContent).toBe('故障');
    expect(fault.className).toContain('red');
    // A message (type 1) is neither: its own label, blue.
    const message = screen.getByTestId('pending-type-message');
    expect(message.textContent).toBe('消息');
    expect(message.className).toContain('blue');
    expect(screen.getByTestId('pending-later').textContent).toBe('稍后处理');
    fireEvent.click(screen.getByTestId('pending-handle-12'));
    expect(h.onHandleEvent).toHaveBeenCalledWith(events[1]);
    fireEvent.click(screen.getByTestId('pending-handle-first'));
    expect(h.onHandleEvent).toHaveBeenLastCalledWith(events[0]);
    fireEvent.click(screen.getByTestId('pending-later'));
    expect(h.onDismiss).toHaveBeenCalledTimes(1);
  });

  it('speaks English when the UI is English', async () => {
    await i18n.changeLanguage('en');
    setup('org');
    expect(headers()).toEqual(['Site', 'Pending', 'Action']);
    expect(screen.getByTestId('pending-acknowledged').textContent).toBe('Acknowledged');
    expect(screen.getByTestId('pending-handle-first').textContent).toBe('Handle now');
  });
});
