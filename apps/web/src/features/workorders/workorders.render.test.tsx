import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orgTreeFixture } from '../../test/fixtures/org';
import { centreSession, expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { woFixture, woList } from './fixtures';
import { WorkerEventPage } from '../events/WorkerEventPage';
import { WorkerSolvePage } from './WorkerSolvePage';
import { CentreSolvePage, SolveTaskPage } from './WorkOrdersPage';
import { eventsFixture } from '../../test/fixtures/events';

const assignees = [
  { kind: 'user', id: 3, name: '王强', name_en: 'Wang Qiang', phone: '' },
  { kind: 'expert', id: 9, name: '周建国', name_en: 'Zhou Jianguo', phone: '' },
];
const userInfo = { id: 3, org_id: 2, username: 'worker', name: '王强', name_en: 'Wang Qiang', userType: 2 as const, project_ids: [1], can_control: false, permissions: ['view' as const], mqtt: { username: 'u', pass: 'p' } };

describe('work order pages', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('SolveTask (zh): list with SLA countdown, drawer with timeline and the site actions', async () => {
    const o = woFixture();
    const { calls } = mockApi({
      '/api/v6/org/tree': orgTreeFixture,
      '/api/v6/workorder/list': woList([o]),
      '/api/v6/workorder/7': o,
      '/api/v6/workorder/assignees': assignees,
    });
    await renderPage(<SolveTaskPage />, { pageKey: 'SolveTask' });
    await expectTexts('WO-000007', '1号变压器绕组温度越上限', '高', '已派工', '王强', '响应 超时', '处理 剩余');
    expect(calls.find((c) => c.path === '/api/v6/workorder/list')).toBeTruthy();
    fireEvent.click(screen.getByText('1号变压器绕组温度越上限'));
    await expectTexts('处理记录', '创建', '派工', '超时', '响应超时', '李娜', '导航到站点');
    await waitFor(() => expect(screen.getByTestId('wo-act-assign')).toBeTruthy());
  });

  it('CentreSolve (en): English only, site column and SLA settings', async () => {
    const o = woFixture({ state: 'resolved', description: 'Winding at 112 ℃', actions: ['verify', 'reject'], cause: 'Loose bolt', action_taken: 'Tightened', accepted_at: new Date().toISOString(), resolved_at: new Date().toISOString() });
    mockApi({ '/api/v6/org/tree': orgTreeFixture, '/api/v6/workorder/list': woList([o]), '/api/v6/workorder/7': o });
    await renderPage(<CentreSolvePage />, { lang: 'en', session: { ...centreSession, userInfo: { ...userInfo, userType: 0 as never } }, pageKey: 'CentreSolve' });
    await expectTexts('WO-000007', 'Transformer 1 winding temperature above limit', 'Suzhou PV-storage-charging station', 'To verify', 'High', 'SLA times');
    fireEvent.click(screen.getByText('Transformer 1 winding temperature above limit'));
    await expectTexts('Timeline', 'Verify', 'Reject', 'Loose bolt', 'response overdue');
    await expectEnglishOnly();
  });

  it('WorkerSolve (zh and en): cards with big accept/decline buttons and the navigation link', async () => {
    const o = woFixture({ actions: ['accept', 'decline'] });
    const sent: unknown[] = [];
    mockApi({
      '/api/v6/workorder/list': woList([o]),
      'POST /api/v6/workorder/7/transition': (body: unknown) => (sent.push(body), { ...o, state: 'accepted', actions: ['arrive'] }),
    });
    await renderPage(<WorkerSolvePage />, { session: { ...siteSession, userType: 2, userInfo }, pageKey: 'WorkerSolve' });
    await expectTexts('我的工单', '1号变压器绕组温度越上限', '接单', '拒单', '导航到站点');
    const nav = screen.getByTestId('wo-navigate');
    expect(nav.getAttribute('href')).toContain('120.7,31.3');
    fireEvent.click(screen.getByTestId('wo-act-accept'));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ action: 'accept', version: 2 })]));
    resetHarness();
    mockApi({ '/api/v6/workorder/list': woList([o]) });
    await renderPage(<WorkerSolvePage />, { lang: 'en', session: { ...siteSession, userType: 2, userInfo }, pageKey: 'WorkerSolve' });
    await expectTexts('My orders', 'Transformer 1 winding temperature above limit', 'Accept', 'Decline', 'Navigate to site');
  });

  it('WorkerEvent: events as cards with an acknowledge button', async () => {
    mockApi({ '/api/v6/event/list': eventsFixture });
    await renderPage(<WorkerEventPage />, { session: { ...siteSession, userType: 2, userInfo }, pageKey: 'WorkerEvent' });
    await expectTexts('站点消息', '苏州工业园光储充站', '确认');
    expect(document.querySelectorAll('[data-testid^="worker-event-"]').length).toBeGreaterThan(0);
  });
});
