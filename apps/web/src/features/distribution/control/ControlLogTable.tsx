import { Table, Tag } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '../../../shared/export';
import { useFormat } from '../../../shared/format/useFormat';
import type { ControlLogItem } from '../api';

/** Outcome colours: success green, refusals and failures red, in-between steps neutral or blue. */
export function outcomeColor(outcome: string): string {
  if (outcome === 'succeeded') return 'green';
  if (outcome === 'selected' || outcome === 'sent') return 'blue';
  if (outcome === 'cancelled') return 'default';
  if (outcome === 'timed_out' || outcome === 'late_result') return 'orange';
  return 'red';
}

/** Labels of log codes; an unknown code (a newer server) shows as itself rather than a missing key. */
export const logLabel = (t: TFunction, group: 'step' | 'action' | 'outcome', code: string) =>
  t(`distribution.log.${group}.${code}`, { defaultValue: code });

/** Who operated: the user, or 自动控制 / Automation with the rule's name for a rule's command. */
export const operatorText = (t: TFunction, r: Pick<ControlLogItem, 'user_name' | 'automation' | 'automation_rule'>) =>
  r.automation ? (r.automation_rule ? t('distribution.log.automationRule', { rule: r.automation_rule }) : t('distribution.log.automation')) : (r.user_name ?? '-');

/** The .xlsx columns of the log: the same fields the table shows, with labels in the current language. */
export function controlLogExportColumns(
  t: TFunction,
  withSite: boolean,
  zoneOf: (projectId: number) => string | undefined = () => undefined,
): ExportColumn<ControlLogItem>[] {
  const time = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  return [
    // Several sites: each row's time on its site's clock, its zone in a column of its own.
    withSite
      ? { title: `${t('distribution.log.time')} (${t('events.siteClock')})`, key: 'at', format: time, zoneOf: (r: ControlLogItem) => zoneOf(r.project_id) }
      : { title: t('distribution.log.time'), key: 'at', format: time },
    ...(withSite
      ? [
          { title: t('events.zone'), key: 'project_id', format: (v: unknown) => zoneOf(Number(v)) ?? '' },
          { title: t('distribution.log.site'), key: 'project_name' },
        ]
      : []),
    { title: t('distribution.log.user'), key: 'user_name', format: (_v, r) => operatorText(t, r) },
    { title: t('distribution.log.target'), key: 'device_name' },
    { title: t('distribution.log.stepTitle'), key: 'step', format: (v) => logLabel(t, 'step', String(v)) },
    { title: t('distribution.log.actionTitle'), key: 'action', format: (v) => logLabel(t, 'action', String(v)) },
    { title: t('distribution.log.outcomeTitle'), key: 'outcome', format: (v) => logLabel(t, 'outcome', String(v)) },
    { title: t('distribution.log.detail'), key: 'detail' },
  ];
}

/** Every step of every control attempt: who, when, which breaker, which action, what came of it. */
export function ControlLogTable(props: { rows: ControlLogItem[]; loading?: boolean; showSite?: boolean; pagination?: TablePaginationConfig | false }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Table<ControlLogItem>
      data-testid="control-log"
      size="small"
      rowKey="id"
      loading={props.loading}
      dataSource={props.rows}
      pagination={props.pagination ?? false}
      locale={{ emptyText: t('distribution.log.empty') }}
      onRow={(r) => ({ 'data-testid': `log-row-${r.id}`, 'data-outcome': r.outcome, 'data-step': r.step }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t('distribution.log.time'),
          dataIndex: 'at',
          width: props.showSite ? 200 : 170,
          // Several sites: each row on its site's clock, marked where the browser's reads otherwise.
          render: (v: string, r: ControlLogItem) => <span data-testid="log-time" data-time={v}>{props.showSite ? f.siteTime(v, r.project_id) : f.date(v)}</span>,
        },
        ...(props.showSite ? [{ title: t('distribution.log.site'), dataIndex: 'project_name', width: 200, ellipsis: true }] : []),
        {
          title: t('distribution.log.user'),
          dataIndex: 'user_name',
          width: 190,
          render: (_: unknown, r: ControlLogItem) =>
            r.automation ? (
              // A long rule name is cut inside its column (the whole name on hover), never over the next one.
              <Tag color="purple" data-testid="log-automation" title={operatorText(t, r)} style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }}>
                {operatorText(t, r)}
              </Tag>
            ) : (
              operatorText(t, r)
            ),
        },
        { title: t('distribution.log.target'), dataIndex: 'device_name', ellipsis: true },
        { title: t('distribution.log.stepTitle'), dataIndex: 'step', width: 100, render: (v: string) => logLabel(t, 'step', v) },
        { title: t('distribution.log.actionTitle'), dataIndex: 'action', width: 90, render: (v: string) => logLabel(t, 'action', v) },
        {
          title: t('distribution.log.outcomeTitle'),
          dataIndex: 'outcome',
          width: 130,
          render: (v: string) => <Tag color={outcomeColor(v)}>{logLabel(t, 'outcome', v)}</Tag>,
        },
        { title: t('distribution.log.detail'), dataIndex: 'detail', width: 220, ellipsis: true },
      ]}
    />
  );
}
