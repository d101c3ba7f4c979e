import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { NewSitesPanel, StationChecklist } from './NewSitesPanel';

const site = (over: Partial<Record<string, unknown>> = {}) => ({
  project_id: 7,
  name: '启航一号站',
  name_en: 'Qihang station 1',
  complete: 3,
  total: 10,
  steps: [
    { key: 'rooms', state: 'done', done: 1, total: 1, route: '/RunSetup/StationSet' },
    { key: 'gateways', state: 'todo', done: 0, total: 1, route: '/RunSetup/DevMonitorSet' },
    { key: 'devices', state: 'todo', done: 0, total: 0, route: '/RunSetup/DevMonitorSet' },
    { key: 'diagram', state: 'todo', done: null, total: null, route: '/RunSetup/SingleLineSet' },
    { key: 'meteringRoot', state: 'todo', done: null, total: null, route: '/EnergyManage/BranchSet' },
    { key: 'tariff', state: 'todo', done: null, total: null, route: '/RunSetup/BillingSet' },
    { key: 'alarmRules', state: 'done', done: null, total: null, route: '/RunSetup/AlarmRuleSet' },
    { key: 'members', state: 'todo', done: null, total: null, route: '/CentreUser/CentreUserManage' },
    { key: 'control', state: 'na', done: null, total: null, route: '/RunSetup/RemoteCtrlSet' },
    { key: 'push', state: 'done', done: null, total: null, route: '/CentreUser/CentreSendmsgTools' },
  ],
  ...over,
});

describe('site checklist', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: an empty install opens on the first steps, each with its page', async () => {
    mockApi({ 'GET /api/v6/checklist/all': { sites: [], site_count: 0 } });
    await renderPage(<NewSitesPanel />, { pageKey: 'CentreHome' });
    await expectTexts('开始搭建第一个站点', '在组织管理中建立组织（区域 / 集团 / 站级）', '在项目管理中创建站点并添加房间');
    expect(screen.getByTestId('first-site-org')).toBeTruthy();
  });

  it('en: a new station shows each step with its state, count and the page that completes it', async () => {
    mockApi({ 'GET /api/v6/checklist': site() });
    await renderPage(<StationChecklist projectId={7} />, { pageKey: 'StationSet', lang: 'en' });
    await expectTexts('Site checklist', '3 of 10 done', 'Gateways online', '0 / 1', 'Not applicable', 'Enter the time-of-use prices, or no cost can be computed');
    expect(screen.getByTestId('checklist-tariff').getAttribute('data-state')).toBe('todo');
    expect(screen.getByTestId('checklist-push').getAttribute('data-state')).toBe('done');
    expect(screen.queryByTestId('checklist-go-push')).toBeNull();
    fireEvent.click(screen.getByTestId('checklist-go-tariff'));
  });

  it('zh: the centre home lists stations without devices yet, by name', async () => {
    mockApi({ 'GET /api/v6/checklist/all': { sites: [site()], site_count: 5 } });
    await renderPage(<NewSitesPanel />, { pageKey: 'CentreHome' });
    await expectTexts('以下站点尚未完成配置', '启航一号站', '已完成 3 / 10 项', '计量总表');
  });
});
