import { DICTIONARY_DEFAULTS, mergeDictionary, type DictionaryView, type UserInfo } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { centreSession, expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { DataDictionaryPage } from './DataDictionaryPage';
import { dictLabel, setDictionaryEntries } from './store';

const info = (userType: 0 | 1): UserInfo => ({
  id: 1,
  org_id: 2,
  username: 'centre',
  name: '张伟',
  name_en: 'Zhang Wei',
  userType,
  project_id: null,
  project_ids: [],
  can_control: false,
  permissions: ['view', 'configure'],
  mqtt: { username: 'session-1', pass: 'p' },
});

const orgs = [
  { id: 1, parent_id: null, name: '华东区域', name_en: 'East China region' },
  { id: 2, parent_id: 1, name: '长江集团', name_en: 'Changjiang Group' },
];
/** Org 2's dictionary: level Ⅱ renamed here, level Ⅲ inherited from org 1, a defect category added by org 1. */
const view = (editable: boolean): DictionaryView => ({
  org_id: 2,
  editable,
  orgs,
  path: orgs.map(({ id, name, name_en }) => ({ id, name, name_en })),
  entries: mergeDictionary(
    [
      { org_id: 1, kind: 'alarmLevel', key: '3', zh: '一般告警', en: 'Minor', enabled: true, added: false, sort: 0, version: 2 },
      { org_id: 2, kind: 'alarmLevel', key: '2', zh: '重要告警', en: 'Major', enabled: true, added: false, sort: 0, version: 3 },
      { org_id: 1, kind: 'defectCategory', key: 'water_leak', zh: '渗漏水', en: 'Water leak', enabled: false, added: true, sort: 1, version: 1 },
    ],
    [1, 2],
    2,
  ),
});

describe('data dictionary page', { timeout: 60_000 }, () => {
  afterEach(() => {
    resetHarness();
    setDictionaryEntries(undefined);
  });

  it('lists the alarm levels with their source, built-in default and actions (zh), and saves an edit with its version', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/v6/dictionary': view(true),
      'PUT /api/v6/dictionary/entry': (body) => {
        sent.push(body);
        return view(true).entries[1];
      },
    });
    await renderPage(<DataDictionaryPage />, { session: { ...centreSession, userInfo: info(0) }, pageKey: 'CentreDataDictionarySet' });
    await expectTexts('告警等级', '事件类型', '设备类型', '巡检项目类别', '缺陷类别', '重要告警', 'Major', '本组织', '一般告警', '沿用 华东区域', 'Ⅱ级', '恢复默认', '该类字典项固定');
    fireEvent.click(screen.getByTestId('dict-edit-alarmLevel-2'));
    const zh = await screen.findByTestId('dictionary-zh');
    fireEvent.change(zh, { target: { value: '严重' } });
    fireEvent.click(screen.getByTestId('dictionary-save'));
    await waitFor(() => expect(sent).toEqual([{ org_id: 2, kind: 'alarmLevel', key: '2', zh: '严重', en: 'Major', enabled: true, version: 3 }]));
  });

  it('renders in English without Chinese; open kinds show status and the add button', async () => {
    mockApi({ 'GET /api/v6/dictionary': view(true) });
    await renderPage(<DataDictionaryPage />, { session: { ...centreSession, userInfo: info(0) }, pageKey: 'CentreDataDictionarySet', lang: 'en' });
    await expectTexts('Alarm levels', 'Major', 'This organisation', 'From East China region', 'Level II');
    fireEvent.click(screen.getByText('Defect categories'));
    await expectTexts('Water leak', 'Disabled', 'Custom', 'Add entry');
    // The Chinese labels are data the table shows in their own column; hide that column's cells to check the UI.
    for (const el of document.querySelectorAll('[data-testid^="dict-zh-"]')) el.textContent = '';
    await expectEnglishOnly();
  });

  it('is read-only for a site user', async () => {
    mockApi({ 'GET /api/v6/dictionary': { ...view(false), orgs: orgs.filter((o) => o.id === 2) } });
    await renderPage(<DataDictionaryPage />, { session: { ...siteSession, userInfo: info(1) }, pageKey: 'UcDataDictionarySet' });
    await expectTexts('当前账号只能查看', '重要告警', '沿用 华东区域');
    expect(screen.queryByTestId('dict-edit-alarmLevel-2')).toBeNull();
  });
});

describe('dictionary store', () => {
  it('answers the built-in labels until the organisation labels arrive, then those', () => {
    setDictionaryEntries(undefined);
    expect(dictLabel('alarmLevel', 2, 'zh')).toBe(DICTIONARY_DEFAULTS.alarmLevel[1]?.zh);
    setDictionaryEntries([{ kind: 'alarmLevel', key: '2', zh: '重要告警', en: 'Major' }]);
    expect(dictLabel('alarmLevel', 2, 'en')).toBe('Major');
    setDictionaryEntries(undefined);
  });
});
