import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { centreSession, expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { detail, doneDetail, overdueTask, plan, task, template } from './fixtures';
import { ReleaseInspectPage } from './ReleaseInspectPage';
import { CentreResultsPage, SiteResultsPage } from './ResultsPage';
import { WorkerInspectForm } from './WorkerInspectForm';
import { WorkerInspectPage } from './WorkerInspectPage';

const configure = { ...siteSession, userInfo: { id: 2, org_id: 1, username: 'site', name: '李娜', name_en: 'Li Na', userType: 1 as const, project_id: 1, project_ids: [1], can_control: true, permissions: ['view' as const, 'configure' as const], mqtt: { username: 'u', pass: 'p' } } };
const worker = { ...siteSession, userType: 2 as const };
const summary = {
  by_project: [{ project_id: 1, name: task.project_name, name_en: task.project_name_en, total: 20, done: 17, overdue: 3, late: 2, rate: 85 }],
  by_worker: [{ user_id: 4, name: '王强', name_en: 'Wang Qiang', total: 20, done: 17, overdue: 3, late: 2, rate: 85 }],
  findings: doneDetail.findings,
};
const results = {
  'GET /api/v6/inspection/summary': summary,
  'GET /api/v6/inspection/tasks': (_: unknown, url: URL) => (url.searchParams.get('status') === 'overdue' ? { total: 1, list: [overdueTask] } : { total: 2, list: [{ ...task, status: 'done', submitted_at: '2026-11-25T02:10:00.000Z', finding_count: 1 }, overdueTask] }),
  'GET /api/v6/inspection/plans': [plan],
  'GET /api/v6/inspection/templates': [template],
  'GET /api/v6/inspection/readings': { unit: '°C', min: 0, max: 60, points: [{ at: '2026-11-24T02:00:00.000Z', value: 41 }] },
};

describe('routine inspection pages', { timeout: 60_000 }, () => {
  afterEach(() => {
    resetHarness();
    window.localStorage.clear();
  });

  it('ReleaseInspect lists plans with schedule, window and assignee (zh) and templates', async () => {
    mockApi({ 'GET /api/v6/inspection/templates': [template], 'GET /api/v6/inspection/plans': [plan] });
    await renderPage(<ReleaseInspectPage />, { session: configure, pageKey: 'ReleaseInspect' });
    await expectTexts('巡检计划', '配电房日巡', '1#配电房', '每周一、四', '09:00–12:00', '王强', '已发布', '新增');
    fireEvent.click(screen.getByText('巡检模板'));
    await expectTexts('配电设备巡检表', '2 项：柜体清洁、柜内温度');
  });

  it('ReleaseInspect in English has no Chinese', async () => {
    mockApi({ 'GET /api/v6/inspection/templates': [template], 'GET /api/v6/inspection/plans': [plan] });
    await renderPage(<ReleaseInspectPage />, { session: configure, pageKey: 'ReleaseInspect', lang: 'en' });
    await expectTexts('Switch room daily round', 'Weekly on Mon, Thu', 'Wang Qiang', 'Published');
    await expectEnglishOnly();
  });

  it("the worker list shows today's round first, then the overdue cards (en, no Chinese)", async () => {
    // The fixtures' today at the site (Shanghai): 2026-11-25 10:00. Only Date is faked (waitFor keeps its timers).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T02:00:00Z'));
    try {
      // The server lists by window start: the overdue task of yesterday first.
      mockApi({ 'GET /api/v6/inspection/myTasks': { today: '2026-11-25', list: [overdueTask, task] } });
      await renderPage(<WorkerInspectPage />, { session: worker, pageKey: 'WorkerInspect', lang: 'en' });
      await expectTexts('Overdue (1)', 'Today 2026-11-25', 'Switch room daily round', '09:00–12:00', 'To do', 'Start');
      await expectEnglishOnly();
      const cards = [...document.querySelectorAll('[data-testid^="task-card-"]')].map((c) => [c.closest('[data-group]')?.getAttribute('data-group'), c.getAttribute('data-testid')]);
      expect(cards).toEqual([
        ['today', `task-card-${task.id}`],
        ['overdue', `task-card-${overdueTask.id}`],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the form checks in by typed code, turns an out-of-range reading red and asks for a note and a photo', async () => {
    mockApi({ 'GET /api/v6/inspection/task/31': detail });
    await renderPage(<WorkerInspectForm taskId={31} />, { session: worker, pageKey: 'WorkerInspectForm', lang: 'zh' });
    await expectTexts('1. 1#配电房', '扫码签到');
    fireEvent.change(screen.getByTestId('checkin-code'), { target: { value: 'GO1:R:4' } });
    fireEvent.click(screen.getByTestId('checkin-submit'));
    await expectTexts('这不是「1#配电房」的标签');
    fireEvent.change(screen.getByTestId('checkin-code'), { target: { value: 'go1:r:3' } });
    fireEvent.click(screen.getByTestId('checkin-submit'));
    await waitFor(() => expect(screen.getByTestId('checked-in')).toBeTruthy());
    fireEvent.change(screen.getByTestId('reading-temp').querySelector('input') ?? screen.getByTestId('reading-temp'), { target: { value: '75' } });
    await waitFor(() => expect(screen.getByTestId('item-temp').getAttribute('data-abnormal')).toBe('true'));
    await expectTexts('超出正常范围 0–60 °C', '超出正常范围，须拍照');
    expect(screen.getByTestId('note-temp')).toBeTruthy();
    const saved = JSON.parse(window.localStorage.getItem('gridops.inspection.drafts') ?? '{}') as Record<string, { checkpoints: unknown[] }>;
    expect(saved['31']?.checkpoints.length).toBe(1);
  });

  it('InspectTask shows completion by worker, overdue list, findings with create defect, records (zh)', async () => {
    const api = mockApi({ ...results, 'POST /api/v6/inspection/finding/12/requestDefect': { ...doneDetail.findings[0], defect_status: 'defect_requested' } });
    await renderPage(<SiteResultsPage />, { session: configure, pageKey: 'InspectTask' });
    await expectTexts('各人员完成率', '85.0%', '超时任务', '已超时', '异常发现', '柜内温度 71.5 °C', '巡检记录', '读数趋势');
    fireEvent.click(screen.getByTestId('create-defect-12'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/v6/inspection/finding/12/requestDefect')).toBe(true));
  });

  it('CentreInspect shows completion per site in English without Chinese', async () => {
    mockApi(results);
    await renderPage(<CentreResultsPage />, { session: centreSession, pageKey: 'CentreInspect', lang: 'en' });
    await expectTexts('Completion by site', 'Suzhou PV-storage-charging station', 'Completion by worker', 'Overdue tasks', 'Abnormal findings', 'Cabinet temperature 71.5 °C');
    await expectEnglishOnly();
  });
});
