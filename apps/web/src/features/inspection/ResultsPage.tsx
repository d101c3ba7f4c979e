import type { InspectionTask } from '@gridops/contract';
import { addDays, siteDate } from '@gridops/format';
import { Card, Col, Input, Row, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../shared/export';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { StatCards } from '../../shared/ui/report/StatCards';
import { localText } from '../../shared/ui/localName';
import { SiteGate, type SitePrompt } from '../../shared/ui/SiteGate';
import { inspectionCalls, useSummary, useTasks } from './api';
import { FindingList } from './FindingList';
import { ReadingTrend } from './ReadingTrend';
import { siteTime, TaskStatusTag, windowText } from './shared';
import { TaskRecord } from './TaskRecord';

const SITE: SitePrompt = { title: 'common.needSite', hint: 'energySetup.common.needSiteHint', testId: () => 'need-site', hintStyle: { color: 'rgba(255,255,255,0.45)' } };

interface RateRow {
  total: number;
  done: number;
  overdue: number;
  late: number;
  rate: number;
  name: string;
  name_en: string;
}

function RateTable({ rows, title, nameTitle, testId }: { rows: RateRow[]; title: string; nameTitle: string; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="small" title={title}>
      <Table<RateRow>
        rowKey={(r) => `${r.name}-${r.name_en}`}
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid={testId}
        columns={[
          { title: nameTitle, render: (_, r) => localText(r.name, r.name_en, i18n.language) },
          { title: t('inspection.total'), dataIndex: 'total', align: 'right' },
          { title: t('inspection.doneCount'), dataIndex: 'done', align: 'right' },
          { title: t('inspection.overdueCount'), dataIndex: 'overdue', align: 'right' },
          { title: t('inspection.lateCount'), dataIndex: 'late', align: 'right' },
          { title: t('inspection.rate'), render: (_, r) => `${r.rate.toFixed(1)}%`, align: 'right' },
        ]}
      />
    </Card>
  );
}

/** Inspection results of one site (projectId) or of every site in scope: completion, overdue, findings, records, export. */
function Results({ projectId }: { projectId?: number }) {
  const { t, i18n } = useTranslation();
  const zone = useDisplayZone();
  const today = siteDate(zone);
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const scope = projectId !== undefined ? { project_id: projectId } : {};
  const summary = useSummary({ ...scope, from, to });
  const tasks = useTasks({ ...scope, from, to, page, size: 10 });
  const overdue = useTasks({ ...scope, from, to, status: 'overdue', page: 1, size: 50 });
  const totals = (summary.data?.by_project ?? []).reduce((a, r) => ({ total: a.total + r.total, done: a.done + r.done, overdue: a.overdue + r.overdue }), { total: 0, done: 0, overdue: 0 });

  const taskColumns = [
    { title: t('inspection.date'), render: (_: unknown, x: InspectionTask) => `${x.occurrence} ${windowText(x)}` },
    ...(projectId === undefined ? [{ title: t('inspection.site'), render: (_: unknown, x: InspectionTask) => localText(x.project_name, x.project_name_en, i18n.language) }] : []),
    { title: t('inspection.plan'), render: (_: unknown, x: InspectionTask) => localText(x.plan_name, x.plan_name_en, i18n.language) },
    { title: t('inspection.assignee'), render: (_: unknown, x: InspectionTask) => localText(x.assignee_name, x.assignee_name_en, i18n.language) },
    { title: t('inspection.status'), render: (_: unknown, x: InspectionTask) => <TaskStatusTag task={x} /> },
    { title: t('inspection.submittedAt'), render: (_: unknown, x: InspectionTask) => siteTime(x.submitted_at, x.timezone) || '—' },
    { title: t('inspection.findings'), dataIndex: 'finding_count', align: 'right' as const },
  ];
  const exportRows = async () => {
    const all: InspectionTask[] = [];
    for (let p = 1; p <= 50; p++) {
      const r = await inspectionCalls.allTasks({ ...scope, from, to, page: p, size: 500 });
      all.push(...r.list);
      if (all.length >= r.total) break;
    }
    return all;
  };
  const lang = i18n.language;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Space wrap>
        <span>{t('inspection.from')}</span>
        <Input type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} data-testid="results-from" />
        <span>{t('inspection.to')}</span>
        <Input type="date" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} data-testid="results-to" />
        <ExportButton<InspectionTask>
          fileName={t('inspection.exportName')}
          rows={exportRows}
          columns={[
            { key: 'occurrence', title: t('inspection.date') },
            { key: 'project_name', title: t('inspection.site'), format: (_, x) => localText(x.project_name, x.project_name_en, lang) },
            { key: 'plan_name', title: t('inspection.plan'), format: (_, x) => localText(x.plan_name, x.plan_name_en, lang) },
            { key: 'window_start', title: t('inspection.window'), format: (_, x) => windowText(x) },
            { key: 'assignee_name', title: t('inspection.assignee'), format: (_, x) => localText(x.assignee_name, x.assignee_name_en, lang) },
            { key: 'status', title: t('inspection.status'), format: (_, x) => t(`inspection.taskStatus.${x.status}`) + (x.late ? ` (${t('inspection.late')})` : '') },
            { key: 'started_at', title: t('inspection.startedAt'), format: (_, x) => siteTime(x.started_at, x.timezone) },
            { key: 'submitted_at', title: t('inspection.submittedAt'), format: (_, x) => siteTime(x.submitted_at, x.timezone) },
            { key: 'finding_count', title: t('inspection.findings') },
          ]}
        />
      </Space>
      <StatCards
        col={{ xs: 12, md: 6 }}
        items={[
          { key: 'total', title: t('inspection.total'), value: totals.total, precision: 0, loading: summary.isPending },
          { key: 'done', title: t('inspection.doneCount'), value: totals.done, precision: 0, loading: summary.isPending },
          { key: 'overdue', title: t('inspection.overdueCount'), value: totals.overdue, precision: 0, loading: summary.isPending },
          { key: 'rate', title: t('inspection.rate'), value: totals.total ? Math.round((totals.done / totals.total) * 1000) / 10 : null, unit: '%', precision: 1, loading: summary.isPending },
        ]}
      />
      <Typography.Text type="secondary">{t('inspection.rateHint')}</Typography.Text>
      <Row gutter={[12, 12]}>
        {projectId === undefined ? (
          <Col xs={24} lg={12}>
            <RateTable rows={summary.data?.by_project ?? []} title={t('inspection.bySite')} nameTitle={t('inspection.site')} testId="rate-by-site" />
          </Col>
        ) : null}
        <Col xs={24} lg={projectId === undefined ? 12 : 24}>
          <RateTable rows={summary.data?.by_worker ?? []} title={t('inspection.byWorker')} nameTitle={t('inspection.worker')} testId="rate-by-worker" />
        </Col>
      </Row>
      <Card size="small" title={t('inspection.overdueList')}>
        <Table<InspectionTask> rowKey="id" size="small" dataSource={overdue.data?.list ?? []} columns={taskColumns} pagination={{ pageSize: 5, hideOnSinglePage: true }} locale={{ emptyText: t('inspection.noOverdue') }} onRow={(x) => ({ onClick: () => setOpen(x.id), style: { cursor: 'pointer' } })} data-testid="overdue-table" />
      </Card>
      <Card size="small" title={t('inspection.findings')}>
        <FindingList findings={summary.data?.findings ?? []} zone={zone} onOpenTask={setOpen} />
      </Card>
      {projectId !== undefined ? <ReadingTrend projectId={projectId} zone={zone} /> : null}
      <Card size="small" title={t('inspection.tasks')}>
        <Table<InspectionTask>
          rowKey="id"
          size="small"
          loading={tasks.isPending}
          dataSource={tasks.data?.list ?? []}
          columns={taskColumns}
          pagination={{ current: page, pageSize: 10, total: tasks.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          onRow={(x) => ({ onClick: () => setOpen(x.id), style: { cursor: 'pointer' } })}
          data-testid="task-table"
        />
      </Card>
      <TaskRecord taskId={open} onClose={() => setOpen(null)} />
    </Space>
  );
}

/** /OperMainte (InspectTask): the selected site's inspection results. */
export function SiteResultsPage() {
  return (
    <SiteGate testId="inspect-results" prompt={SITE}>
      {(projectId) => <Results projectId={projectId} />}
    </SiteGate>
  );
}

/** /CentreInspect: inspection results of every site in the centre user's scope. */
export function CentreResultsPage() {
  return (
    <div data-testid="centre-inspect">
      <Results />
    </div>
  );
}
