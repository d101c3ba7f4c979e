import type { EventItem } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { acknowledgeable, canAcknowledge, canClose, canHandle, emptyEventFilters, eventExportColumns, isFiltered, toEventQuery, withProject } from './eventFilters';

const ctx = { scopeProjectId: null, typeFilterHidden: false, page: 2, size: 50 };

describe('event filter state', () => {
  it('nothing set asks for the page only', () => {
    expect(toEventQuery(emptyEventFilters, ctx)).toEqual({ project_id: undefined, device_id: undefined, from: undefined, to: undefined, type: undefined, level: undefined, status: undefined, keyword: undefined, page: 2, size: 50 });
    expect(isFiltered(emptyEventFilters)).toBe(false);
  });
  it('multi-selects become comma lists; the keyword is trimmed', () => {
    const f = { ...emptyEventFilters, types: [2, 3], levels: [4], statuses: ['pending' as const, 'acknowledged' as const], keyword: '  门 ', deviceId: 9, from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' };
    expect(toEventQuery(f, ctx)).toMatchObject({ type: '2,3', level: '4', status: 'pending,acknowledged', keyword: '门', device_id: 9, from: f.from, to: f.to });
    expect(isFiltered(f)).toBe(true);
  });
  it('the site area forces its site; a hidden type filter does not apply', () => {
    const f = { ...emptyEventFilters, projectId: 3, types: [2] };
    expect(toEventQuery(f, ctx).project_id).toBe(3);
    expect(toEventQuery(f, { ...ctx, scopeProjectId: 7 }).project_id).toBe(7);
    expect(toEventQuery(f, { ...ctx, typeFilterHidden: true }).type).toBeUndefined();
  });
  it('changing the site clears the device', () => {
    const f = { ...emptyEventFilters, projectId: 1, deviceId: 5 };
    expect(withProject(f, 2)).toMatchObject({ projectId: 2, deviceId: null });
    expect(withProject(f, 1).deviceId).toBe(5);
  });
});

describe('event lifecycle', () => {
  const ev = (id: number, status: EventItem['status']) => ({ id, status }) as EventItem;
  it('follows the server: pending → acknowledged → handled → closed', () => {
    expect([canAcknowledge(ev(1, 'pending')), canAcknowledge(ev(1, 'acknowledged'))]).toEqual([true, false]);
    expect([canHandle(ev(1, 'acknowledged')), canHandle(ev(1, 'handled'))]).toEqual([true, false]);
    expect([canClose(ev(1, 'handled')), canClose(ev(1, 'closed'))]).toEqual([true, false]);
  });
  it('bulk acknowledge takes only the selected pending rows', () => {
    expect(acknowledgeable([ev(1, 'pending'), ev(2, 'acknowledged'), ev(3, 'pending')], [1, 2])).toEqual([1]);
  });
  it('export columns follow the table, with the site only when shown', () => {
    const t = (k: string) => k;
    expect(eventExportColumns(t, true).map((c) => c.key)).toEqual(['raised_at', 'project_id', 'project_name', 'device_name', 'event_type', 'level', 'status', 'message', 'handle_note']);
    expect(eventExportColumns(t, false).map((c) => c.key)).not.toContain('project_name');
    const status = eventExportColumns(t, false).find((c) => c.key === 'status')?.format;
    expect(typeof status === 'function' ? status('pending', ev(1, 'pending')) : null).toBe('events.statuses.pending');
  });
});
