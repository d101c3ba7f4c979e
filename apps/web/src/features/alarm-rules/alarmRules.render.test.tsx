import type { AlarmPerformance, AlarmRule, AlarmRuleList, AlarmRulePreview } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { AlarmRuleSetPage } from './AlarmRulesPage';

const base: Omit<
  AlarmRule,
  | 'id'
  | 'scope'
  | 'project_id'
  | 'device_kind'
  | 'device_id'
  | 'device_name'
  | 'device_name_en'
  | 'kind'
  | 'threshold'
  | 'name'
  | 'name_en'
  | 'editable'
> = {
  deadband: 5,
  on_delay_s: 10,
  off_delay_s: 0,
  level: 2,
  event_type: 2,
  enabled: true,
  shelved_until: null,
  shelve_note: '',
  overridden_by: [],
  managed_by: null,
  active_count: 0,
  version: 1,
  updated_at: '2026-11-20T00:00:00.000Z',
  unit: '°C',
  point_key: 'temp_winding',
  point_name: '绕组温度',
  point_name_en: 'Winding temperature',
};
const shipped: AlarmRule = {
  ...base,
  id: 1,
  scope: 'default',
  project_id: null,
  device_kind: 'transformer',
  device_id: null,
  device_name: null,
  device_name_en: null,
  kind: 'high',
  threshold: 110,
  name: '绕组温度越上限',
  name_en: 'Winding temperature above limit',
  editable: false,
  overridden_by: [5],
};
const override: AlarmRule = {
  ...base,
  id: 5,
  scope: 'device',
  project_id: 1,
  device_kind: 'transformer',
  device_id: 9,
  device_name: '1号变压器',
  device_name_en: 'Transformer 1',
  kind: 'high_high',
  threshold: 95,
  level: 4,
  name: '绕组温度严重过高',
  name_en: 'Winding temperature critical',
  editable: true,
  active_count: 1,
  shelved_until: '2026-11-25T08:00:00.000Z',
  shelve_note: 'maintenance',
};
const list: AlarmRuleList = {
  rules: [shipped, override],
  devices: [
    {
      id: 9,
      name: '1号变压器',
      name_en: 'Transformer 1',
      kind: 'transformer',
      points: [
        { key: 'temp_winding', name: '绕组温度', name_en: 'Winding temperature', unit: '°C', type: 'analog' },
      ],
    },
  ],
  kinds: [{ kind: 'transformer', name: '变压器', name_en: 'Transformer' }],
  timezone: 'Asia/Shanghai',
};
const preview: AlarmRulePreview = {
  from: '2026-11-18T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  samples: 2016,
  source: 'raw',
  draft: [
    {
      raised_at: '2026-11-20T02:00:00.000Z',
      cleared_at: '2026-11-20T03:30:00.000Z',
      duration_s: 5400,
      value: 97,
    },
  ],
  current: [],
  series: [[Date.parse('2026-11-20T02:00:00Z'), 97]],
  unit: '°C',
};
const perf: AlarmPerformance = {
  from: '2026-11-18T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  total: 14,
  per10min_avg: 0.01,
  per10min_max: 12,
  buckets: [[Date.parse('2026-11-20T02:00:00Z'), 12]],
  floods: [{ start: '2026-11-20T02:00:00.000Z', end: '2026-11-20T02:10:00.000Z', count: 12 }],
  chattering: [
    {
      rule_id: 5,
      rule_name: '绕组温度严重过高',
      rule_name_en: 'Winding temperature critical',
      device_name: '1号变压器',
      device_name_en: 'Transformer 1',
      point_id: 3,
      bursts: 4,
      raises: 12,
    },
  ],
  stale: [],
  top: [
    {
      rule_id: 5,
      rule_name: '绕组温度严重过高',
      rule_name_en: 'Winding temperature critical',
      device_name: '1号变压器',
      device_name_en: 'Transformer 1',
      count: 12,
      share: 0.86,
    },
  ],
};
const routes = (sent: unknown[] = []) => ({
  'GET /api/v6/alarm-rules': list,
  'GET /api/v6/alarm-rules/performance': perf,
  'POST /api/v6/alarm-rules/preview': (body: unknown) => {
    sent.push(body);
    return preview;
  },
});

describe('alarm rules page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('lists shipped defaults and device overrides with scope, limit, shelving and active alarms (zh)', async () => {
    mockApi(routes());
    await renderPage(<AlarmRuleSetPage />, { pageKey: 'AlarmRuleSet' });
    await expectTexts(
      '出厂默认',
      '设备',
      '变压器',
      '1号变压器',
      '绕组温度越上限',
      '越上上限',
      '> 95 °C',
      'Ⅳ级',
      '告警',
      '已被覆盖',
      '搁置至 2026-11-25 16:00',
    );
    expect(screen.queryByTestId('alarm-rule-edit-1')).toBeNull();
    expect(screen.getByTestId('alarm-rule-override-1')).toBeTruthy();
  });

  it('edits a rule and previews it against history, in English only', async () => {
    const sent: unknown[] = [];
    mockApi(routes(sent));
    await renderPage(<AlarmRuleSetPage />, { pageKey: 'AlarmRuleSet', lang: 'en' });
    await expectTexts('Shipped default', 'High-high', 'Level Ⅳ', 'Overridden');
    fireEvent.click(screen.getByTestId('alarm-rule-edit-5'));
    await expectTexts('Edit alarm rule', 'Preview: last 7 days of history');
    fireEvent.click(screen.getByTestId('alarm-rule-preview-run'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      project_id: 1,
      device_id: 9,
      rule_id: 5,
      kind: 'high_high',
      threshold: 95,
    });
    await expectTexts('1 events', '0 events', '2016 samples (raw data)', '1 h 30 min');
    await expectEnglishOnly();
  });

  it('shows alarm performance with links to the rules', async () => {
    mockApi(routes());
    await renderPage(<AlarmRuleSetPage />, { pageKey: 'AlarmRuleSet', lang: 'en' });
    fireEvent.click(await screen.findByText('Alarm performance'));
    await expectTexts(
      'Alarm floods (> 10 in 10 min)',
      'Chattering alarms (≥ 3 in 1 min)',
      'Top 10 most frequent',
      '86%',
    );
    fireEvent.click(screen.getAllByTestId('perf-rule-5')[0]!);
    await expectTexts('Edit alarm rule');
  });
});
