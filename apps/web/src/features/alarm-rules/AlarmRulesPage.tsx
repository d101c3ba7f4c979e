import type { AlarmRule, AlarmRuleList } from '@gridops/contract';
import { ALARM_RULE_XLSX_COLUMNS } from '@gridops/contract';
import { Alert, App, Button, Space, Table, Tabs, Tag, Tooltip, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { exportXlsx } from '../../shared/export/xlsx';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localText } from '../../shared/ui/localName';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { alarmRuleCalls, useAlarmRules, useInvalidateAlarmRules } from './api';
import { kindLabel, levelLabel, siteTime, thresholdText, typeLabel } from './labels';
import { PerformanceTab } from './PerformanceTab';
import { RuleForm, type FormTarget } from './RuleForm';

const SCOPE_COLOR = { default: 'default', project: 'blue', device: 'purple' } as const;

const toBase64 = (file: File) =>
  file.arrayBuffer().then((buf) => {
    let s = '';
    const bytes = new Uint8Array(buf);
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });

function Rules({ projectId, list }: { projectId: number; list: AlarmRuleList }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { message } = App.useApp();
  const invalidate = useInvalidateAlarmRules();
  const [form, setForm] = useState<FormTarget | null>(null);
  const [tab, setTab] = useState('rules');
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const failure = (e: unknown) => (e instanceof Error ? e.message : String(e));
  const kindName = (kind: string | null) => {
    const k = list.kinds.find((x) => x.kind === kind);
    return k ? localText(k.name, k.name_en, lang) : (kind ?? '');
  };
  const openRule = (id: number) => {
    const r = list.rules.find((x) => x.id === id);
    setTab('rules');
    if (r) setForm(r.editable ? { mode: 'edit', rule: r } : { mode: 'override', rule: r });
  };

  const columns: TableColumnsType<AlarmRule> = [
    {
      title: t('alarmRules.col.scope'),
      key: 'scope',
      width: 110,
      render: (_, r) => <Tag color={SCOPE_COLOR[r.scope]}>{t(`alarmRules.scope.${r.scope}`)}</Tag>,
    },
    {
      title: t('alarmRules.col.target'),
      key: 'target',
      render: (_, r) =>
        r.device_id !== null ? localText(r.device_name, r.device_name_en, lang) : kindName(r.device_kind),
    },
    {
      title: t('alarmRules.col.point'),
      key: 'point',
      render: (_, r) => localText(r.point_name, r.point_name_en, lang),
    },
    { title: t('alarmRules.col.name'), key: 'name', render: (_, r) => localText(r.name, r.name_en, lang) },
    { title: t('alarmRules.col.kind'), key: 'kind', render: (_, r) => kindLabel(t, r.kind) },
    { title: t('alarmRules.col.threshold'), key: 'threshold', render: (_, r) => thresholdText(r, lang) },
    { title: t('alarmRules.col.deadband'), dataIndex: 'deadband' },
    {
      title: t('alarmRules.col.delays'),
      key: 'delays',
      render: (_, r) => `${r.on_delay_s} / ${r.off_delay_s} s`,
    },
    { title: t('alarmRules.col.level'), key: 'level', render: (_, r) => levelLabel(t, r.level) },
    { title: t('alarmRules.col.eventType'), key: 'type', render: (_, r) => typeLabel(t, r.event_type) },
    {
      title: t('alarmRules.col.status'),
      key: 'status',
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={r.enabled ? 'green' : 'default'}>
            {r.enabled ? t('alarmRules.enabled') : t('alarmRules.disabled')}
          </Tag>
          {r.shelved_until && (
            <Tooltip title={r.shelve_note || undefined}>
              <Tag color="orange">
                {t('alarmRules.shelvedUntil', { time: siteTime(r.shelved_until, list.timezone) })}
              </Tag>
            </Tooltip>
          )}
          {r.overridden_by.length > 0 && <Tag>{t('alarmRules.overridden')}</Tag>}
          {r.managed_by && <Tag color="purple">{t(`alarmRules.managedBy.${r.managed_by}`)}</Tag>}
        </Space>
      ),
    },
    {
      title: t('alarmRules.col.active'),
      dataIndex: 'active_count',
      render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
    },
    {
      title: t('alarmRules.col.actions'),
      key: 'actions',
      width: 170,
      render: (_, r) => (
        <Space>
          {r.editable ? (
            <Button
              size="small"
              onClick={() => setForm({ mode: 'edit', rule: r })}
              data-testid={`alarm-rule-edit-${r.id}`}
            >
              {t('alarmRules.edit')}
            </Button>
          ) : null}
          {r.scope !== 'device' && (
            <Button
              size="small"
              onClick={() => setForm({ mode: 'override', rule: r })}
              data-testid={`alarm-rule-override-${r.id}`}
            >
              {t('alarmRules.override')}
            </Button>
          )}
          {r.editable && (
            <ConfirmAction
              title={t('alarmRules.confirmRemove')}
              okText={t('alarmRules.remove')}
              label={t('alarmRules.remove')}
              run={() => alarmRuleCalls.remove(r.id, r.version)}
              done={t('alarmRules.removed')}
              failure={failure}
              settle={invalidate}
              button={{ 'data-testid': `alarm-rule-delete-${r.id}` }}
            />
          )}
        </Space>
      ),
    },
  ];

  const exportRules = () =>
    exportXlsx(
      `alarm-rules-${projectId}`,
      ALARM_RULE_XLSX_COLUMNS.map((k) => ({
        title: k,
        key: k,
        ...(k === 'enabled' ? { format: (v: unknown) => (v ? 1 : 0) } : {}),
      })),
      list.rules
        .filter((r) => r.managed_by === null && (r.editable || r.overridden_by.length === 0))
        .map((r) => ({
          ...r,
          id: r.editable ? r.id : null,
          device_kind: r.device_id === null ? r.device_kind : null,
        })),
      { sheet: 'alarm-rules' },
    );

  return (
    <>
      {form && (
        <RuleForm
          projectId={projectId}
          list={list}
          target={form}
          onClose={() => setForm(null)}
          onSaved={invalidate}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'rules',
            label: t('alarmRules.tabs.rules'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('alarmRules.intro')}</Typography.Paragraph>
                <Space style={{ marginBottom: 12 }}>
                  <Button
                    type="primary"
                    onClick={() => setForm({ mode: 'new' })}
                    data-testid="alarm-rule-add"
                  >
                    {t('alarmRules.add')}
                  </Button>
                  <Button onClick={() => void exportRules()} data-testid="alarm-rule-export">
                    {t('alarmRules.export')}
                  </Button>
                  <Upload
                    accept=".xlsx"
                    showUploadList={false}
                    beforeUpload={async (file) => {
                      setImportErrors([]);
                      try {
                        const r = await alarmRuleCalls.importXlsx({
                          project_id: projectId,
                          file_base64: await toBase64(file),
                        });
                        if (r.ok)
                          message.success(
                            t('alarmRules.imported', { created: r.created, updated: r.updated }),
                          );
                        else
                          setImportErrors(
                            r.errors.map((e) =>
                              t('alarmRules.importRow', {
                                row: e.row,
                                column: e.column,
                                message: lang.startsWith('en') ? e.message.en : e.message.zh,
                              }),
                            ),
                          );
                      } catch (e) {
                        message.error(e instanceof ApiError || e instanceof Error ? e.message : String(e));
                      }
                      await invalidate();
                      return false;
                    }}
                  >
                    <Button data-testid="alarm-rule-import">{t('alarmRules.import')}</Button>
                  </Upload>
                </Space>
                {importErrors.length > 0 && (
                  <Alert
                    type="error"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title={t('alarmRules.importErrors')}
                    description={
                      <ul style={{ margin: 0 }}>
                        {importErrors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    }
                  />
                )}
                <Table<AlarmRule>
                  size="small"
                  rowKey="id"
                  columns={columns}
                  dataSource={list.rules}
                  pagination={{ pageSize: 50, showSizeChanger: false }}
                  scroll={{ x: 1300 }}
                  data-testid="alarm-rule-table"
                />
              </>
            ),
          },
          {
            key: 'performance',
            label: t('alarmRules.tabs.performance'),
            children: <PerformanceTab projectId={projectId} timezone={list.timezone} onOpenRule={openRule} />,
          },
        ]}
      />
    </>
  );
}

function AlarmRules({ projectId }: { projectId: number }) {
  const q = useAlarmRules(projectId);
  return (
    <QueryState look={SETUP_QUERY} loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
      {q.data && <Rules projectId={projectId} list={q.data} />}
    </QueryState>
  );
}

/** /RunSetup/AlarmRuleSet: the site's alarm rules (list, form with preview, xlsx) and its alarm performance. */
export function AlarmRuleSetPage() {
  return (
    <SiteGate prompt={SETUP_SITE} testId="alarm-rules">
      {(projectId) => <AlarmRules projectId={projectId} />}
    </SiteGate>
  );
}
