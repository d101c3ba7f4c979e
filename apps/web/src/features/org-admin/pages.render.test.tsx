import type { AdminOrg, AdminProject, UserInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { centreSession, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { OrgManagePage } from './OrgManagePage';
import { ProjectManagePage } from './ProjectManagePage';
import { StationSetPage } from './StationSetPage';

const org = (id: number, parent: number | null, tier: number, name: string, name_en: string, extra: Partial<AdminOrg> = {}): AdminOrg => ({
  id,
  parent_id: parent,
  name,
  name_en,
  tier,
  enabled: true,
  version: 1,
  project_count: 0,
  user_count: 0,
  ...extra,
});

const orgs: AdminOrg[] = [
  org(1, null, 1, '华东能源大客户', 'East China Energy Key Account', { user_count: 1 }),
  org(2, 1, 2, '长江智造集团', 'Changjiang Manufacturing Group', { project_count: 1, user_count: 2 }),
  org(3, 2, 3, '苏州片区', 'Suzhou area', { enabled: false }),
];

const project: AdminProject = {
  id: 7,
  org_id: 2,
  org_name: '长江智造集团',
  org_name_en: 'Changjiang Manufacturing Group',
  name: '苏州工业园光储充站',
  name_en: 'Suzhou PV-storage-charging station',
  address: '苏州工业园区星湖街 328 号',
  address_en: '328 Xinghu St, Suzhou Industrial Park',
  city: '苏州',
  city_en: 'Suzhou',
  latitude: 31.3,
  longitude: 120.7,
  timezone: 'Asia/Shanghai',
  energy_types: ['power', 'water'],
  capacity_kva: 2000,
  pv_capacity_kw: 500,
  storage_capacity_kwh: 1000,
  storage_power_kw: 500,
  charger_count: 8,
  charger_power_kw: 960,
  area_m2: 0,
  version: 3,
  rooms: [{ id: 11, name: '1# 配电房', name_en: 'Distribution room 1', device_count: 4 }],
};

const manager = { ...centreSession, userInfo: { id: 1, can_control: true, permissions: ['view', 'configure', 'control', 'manageUsers'], project_id: null, project_ids: [] } as unknown as UserInfo };
const siteUser = { ...siteSession, proID: 7, userInfo: { id: 2, can_control: true, permissions: ['view', 'configure', 'control', 'manageUsers'], project_id: 7, project_ids: [7] } as unknown as UserInfo };

describe('organisation and project administration pages', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('organisation tree (zh): tiers, counts, disabled tag', async () => {
    const { calls } = mockApi({ '/api/v6/admin/org/list': orgs });
    await renderPage(<OrgManagePage />, { session: manager, pageKey: 'CentreOrganManage' });
    await expectTexts('华东能源大客户', '长江智造集团', '苏州片区', '区域大客户', '集团客户', '站级', '已停用', '1 个项目 · 2 名用户');
    expect(calls.some((c) => c.path === '/api/v6/admin/org/list')).toBe(true);
  });

  it('organisation tree (en): English names and tiers; picking a node fills the form', async () => {
    mockApi({ '/api/v6/admin/org/list': orgs });
    await renderPage(<OrgManagePage />, { session: manager, lang: 'en', pageKey: 'CentreOrganManage' });
    await expectTexts('Changjiang Manufacturing Group', 'Regional key account', 'Group customer', 'Disabled');
    fireEvent.click(screen.getByText('Changjiang Manufacturing Group'));
    await waitFor(() => expect((screen.getByTestId('org-name-en') as HTMLInputElement).value).toBe('Changjiang Manufacturing Group'));
    expect(screen.getByTestId('org-delete')).toBeTruthy();
  });

  it('a child added under a node that had none is shown (the root of a new database); a closed node stays closed', async () => {
    let list: AdminOrg[] = [org(1, null, 1, '总部', 'Headquarters')];
    mockApi({ '/api/v6/admin/org/list': () => list, 'POST /api/v6/admin/org': () => (list = [...list, org(2, 1, 2, '新公司', 'New company')])[1] });
    await renderPage(<OrgManagePage />, { session: manager, pageKey: 'CentreOrganManage' });
    fireEvent.click(await screen.findByText('总部'));
    fireEvent.click(await screen.findByTestId('org-add-child'));
    fireEvent.change(await screen.findByTestId('org-new-name'), { target: { value: '新公司' } });
    fireEvent.click(screen.getByTestId('org-new-save'));
    await screen.findByTestId('org-node-2');
    // Closing the root hides its child, and a refetch does not open it again. The tree may still re-render from the
    // save's refetch (seen under load: the click landed on a switcher being replaced), so click the open switcher
    // that is there until the child is hidden.
    await waitFor(() => {
      const open = document.querySelector('[data-testid="org-tree"] .ant-tree-switcher_open');
      if (open) fireEvent.click(open);
      expect(screen.queryByText('新公司')).toBeNull();
    });
  });

  it('shows the server refusal naming dependents when deleting', async () => {
    const fetchAnswer = mockApi({ '/api/v6/admin/org/list': orgs });
    await renderPage(<OrgManagePage />, { session: manager, pageKey: 'CentreOrganManage' });
    await expectTexts('长江智造集团');
    // The delete answers 10008 with the names: the page shows the server's sentence as it is.
    const refusal = '无法删除「长江智造集团」：仍有下级组织 「苏州片区」；项目 「苏州工业园光储充站」';
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'DELETE') return Response.json({ code: 10008, msg: refusal, data: { field: 'id' } }, { status: 409 });
      return original(input, init);
    }) as typeof fetch;
    fireEvent.click(screen.getByText('长江智造集团'));
    fireEvent.click(await screen.findByTestId('org-delete'));
    fireEvent.click(await screen.findByTestId('org-delete-confirm'));
    await expectTexts(refusal);
    expect(fetchAnswer.unmocked).toEqual([]);
  });

  it('project list (zh) and the edit form with rooms', async () => {
    mockApi({ '/api/v6/admin/project/list': { total: 1, list: [project] }, '/api/v6/admin/org/list': orgs });
    await renderPage(<ProjectManagePage />, { session: manager, pageKey: 'CentreProjectManage' });
    await expectTexts('苏州工业园光储充站', '长江智造集团', 'Asia/Shanghai', '电', '水', '1 个配电房');
    fireEvent.click(screen.getByTestId('project-edit-7'));
    await expectTexts('编辑项目：苏州工业园光储充站', '变压器容量 (kVA)', '储能功率 (kW)', '充电桩数量', '4 台设备');
    expect(await screen.findByDisplayValue('1# 配电房')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('field-address_en') as HTMLInputElement).value).toBe('328 Xinghu St, Suzhou Industrial Park'));
    expect(screen.getByTestId('preview-point')).toBeTruthy();
  });

  it('project list (en)', async () => {
    mockApi({ '/api/v6/admin/project/list': { total: 1, list: [project] }, '/api/v6/admin/org/list': orgs });
    await renderPage(<ProjectManagePage />, { session: manager, lang: 'en', pageKey: 'CentreProjectManage' });
    await expectTexts('Suzhou PV-storage-charging station', 'Changjiang Manufacturing Group', 'Electricity', 'New project', '1 rooms');
  });

  it('station settings (site user, en): its own station, organisation fixed; a field error lands next to the field', async () => {
    mockApi({
      '/api/v6/admin/project/7': project,
      'PUT /api/v6/admin/project/7': () => project,
    });
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT')
        return Response.json({ code: 10006, msg: 'timezone: "Mars/Olympus" is not a valid IANA time zone (e.g. Asia/Shanghai)', data: { field: 'timezone' } }, { status: 400 });
      return original(input, init);
    }) as typeof fetch;
    await renderPage(<StationSetPage />, { session: siteUser, lang: 'en', pageKey: 'StationSet' });
    await expectTexts('Station settings', 'The organisation is changed by centre users', '4 devices');
    expect(await screen.findByDisplayValue('Distribution room 1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => {
      const explains = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
      expect(explains.some((x) => x?.includes('Mars/Olympus'))).toBe(true);
    });
  });
});
