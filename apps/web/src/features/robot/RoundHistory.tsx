import { Card, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { QueryState } from '../../shared/ui/QueryState';
import { useInspections, type InspectionList } from '../analysis/api';
import { ANALYSIS_QUERY } from '../analysis/pageStates';

type Round = InspectionList['list'][number];
type Reading = Round['readings'][number];

function RoundReadings({ readings }: { readings: Reading[] }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  return (
    <Table<Reading>
      size="small"
      rowKey={(r) => `${r.item}:${readings.indexOf(r)}`}
      pagination={false}
      dataSource={readings}
      columns={[
        { title: t('analysis.robot.item'), dataIndex: 'item', render: (v: string, r) => (i18n.language === 'en' ? r.item_en : v) },
        { title: t('analysis.robot.reading'), dataIndex: 'value', align: 'right', render: (v: number, r) => `${f.number(v, 2)} ${r.unit}` },
        { title: t('analysis.limit'), dataIndex: 'limit', align: 'right', render: (v: number | null, r) => (v === null ? '-' : `${f.number(v, 2)} ${r.unit}`) },
        { title: t('analysis.robot.result'), dataIndex: 'ok', render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'analysis.robot.ok' : 'analysis.robot.anomaly')}</Tag> },
      ]}
    />
  );
}

/** The robot's past rounds (robot_inspections), newest first; a row expands to its readings. */
export function RoundHistory({ projectId, robotId }: { projectId: number; robotId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [anomaliesOnly, setAnomaliesOnly] = useState(false);
  const [page, setPage] = useState(1);
  const q = useInspections({ projectId, robotId, anomaliesOnly, page, size: 8 });
  return (
    <Card
      size="small"
      title={t('analysis.robot.records')}
      data-testid="robot-inspections"
      extra={
        <span>
          {t('analysis.robot.anomaliesOnly')}{' '}
          <Switch
            size="small"
            checked={anomaliesOnly}
            onChange={(v) => {
              setAnomaliesOnly(v);
              setPage(1);
            }}
            data-testid="robot-anomalies-only"
          />
        </span>
      }
    >
      <QueryState look={ANALYSIS_QUERY} loading={q.isLoading} error={q.error} empty={!q.data?.list.length} emptyText={t('analysis.robot.noRecords')}>
        <Table<Round>
          size="small"
          rowKey="id"
          dataSource={q.data?.list ?? []}
          pagination={{ current: page, pageSize: 8, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          expandable={{ expandedRowRender: (r) => <RoundReadings readings={r.readings} /> }}
          columns={[
            { title: t('analysis.robot.started'), dataIndex: 'started_at', render: (v: string) => f.date(v) },
            { title: t('analysis.robot.finished'), dataIndex: 'finished_at', render: (v: string | null) => f.date(v) },
            { title: t('analysis.robot.state'), dataIndex: 'status', render: (v: string) => t(`analysis.robot.runStatus.${v}`, { defaultValue: v }) },
            { title: t('analysis.robot.trigger'), dataIndex: 'trigger', render: (v: Round['trigger']) => t(`analysis.robot.triggers.${v}`) },
            { title: t('analysis.robot.readings'), key: 'n', align: 'right', render: (_, r) => r.readings.length },
            { title: t('analysis.robot.anomalies'), dataIndex: 'anomalies', align: 'right', render: (v: number) => (v > 0 ? <Tag color="red">{v}</Tag> : 0) },
          ]}
        />
      </QueryState>
    </Card>
  );
}
