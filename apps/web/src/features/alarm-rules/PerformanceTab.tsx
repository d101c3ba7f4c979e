import type { AlarmPerformance } from '@gridops/contract';
import { Card, Col, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeSeriesOption, Chart, useChartLocale } from '../../shared/charts';
import { QueryState } from '../../shared/ui/QueryState';
import { localText } from '../../shared/ui/localName';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { useAlarmPerformance } from './api';
import { performanceChartInput } from './charts';
import { siteTime } from './labels';

type Source = {
  rule_id: number;
  rule_name: string;
  rule_name_en: string;
  device_name: string;
  device_name_en: string;
};

/** ISA-18.2 alarm performance of the site: rate, floods, chattering, stale and the most frequent alarms. */
export function PerformanceTab({
  projectId,
  timezone,
  onOpenRule,
}: {
  projectId: number;
  timezone: string;
  onOpenRule: (ruleId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [days, setDays] = useState(7);
  const q = useAlarmPerformance(projectId, days);
  const locale = useChartLocale();
  const option = useMemo(
    () =>
      q.data
        ? buildTimeSeriesOption(performanceChartInput(q.data, locale.t, timezone), {
            ...locale,
            tz: timezone,
          })
        : null,
    [q.data, locale, timezone],
  );
  const ruleLink = (s: Source) => (
    <Typography.Link onClick={() => onOpenRule(s.rule_id)} data-testid={`perf-rule-${s.rule_id}`}>
      {localText(s.rule_name, s.rule_name_en, lang)}
    </Typography.Link>
  );
  const source = [
    { title: t('alarmRules.perf.rule'), key: 'rule', render: (_: unknown, s: Source) => ruleLink(s) },
    {
      title: t('alarmRules.perf.device'),
      key: 'device',
      render: (_: unknown, s: Source) => localText(s.device_name, s.device_name_en, lang),
    },
  ];
  return (
    <div data-testid="alarm-performance">
      <Segmented
        style={{ marginBottom: 12 }}
        value={days}
        onChange={(d) => setDays(Number(d))}
        options={[1, 7, 30].map((d) => ({
          value: d,
          label: d === 1 ? t('alarmRules.perf.last24h') : t('alarmRules.perf.days', { days: d }),
        }))}
      />
      <QueryState look={SETUP_QUERY} loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {q.data && body(q.data)}
      </QueryState>
    </div>
  );

  function body(p: AlarmPerformance) {
    return (
      <>
        <Row gutter={12} style={{ marginBottom: 12 }}>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t('alarmRules.perf.total')} value={p.total} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t('alarmRules.perf.avg')} value={p.per10min_avg} precision={2} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t('alarmRules.perf.max')} value={p.per10min_max} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t('alarmRules.perf.floods')} value={p.floods.length} />
            </Card>
          </Col>
        </Row>
        <Card size="small" title={t('alarmRules.perf.perBucket')} style={{ marginBottom: 12 }}>
          {option && <Chart option={option} height={200} ariaLabel={t('alarmRules.perf.perBucket')} />}
        </Card>
        <Row gutter={12}>
          <Col span={12}>
            <Card size="small" title={t('alarmRules.perf.top')} style={{ marginBottom: 12 }}>
              <Table
                size="small"
                rowKey={(r) => `${r.rule_id}:${r.device_name}`}
                pagination={false}
                dataSource={p.top}
                columns={[
                  ...source,
                  { title: t('alarmRules.perf.count'), dataIndex: 'count' },
                  {
                    title: t('alarmRules.perf.share'),
                    dataIndex: 'share',
                    render: (s: number) => `${Math.round(s * 100)}%`,
                  },
                ]}
              />
            </Card>
          </Col>
          <Col span={12}>
            <Card size="small" title={t('alarmRules.perf.chattering')} style={{ marginBottom: 12 }}>
              <Table
                size="small"
                rowKey={(r) => `${r.rule_id}:${r.point_id}`}
                pagination={false}
                dataSource={p.chattering}
                columns={[
                  ...source,
                  { title: t('alarmRules.perf.bursts'), dataIndex: 'bursts' },
                  { title: t('alarmRules.perf.raises'), dataIndex: 'raises' },
                ]}
              />
            </Card>
            <Card size="small" title={t('alarmRules.perf.stale')} style={{ marginBottom: 12 }}>
              <Table
                size="small"
                rowKey="event_id"
                pagination={false}
                dataSource={p.stale}
                columns={[
                  ...source,
                  {
                    title: t('alarmRules.preview.raisedAt'),
                    dataIndex: 'raised_at',
                    render: (s: string) => siteTime(s, timezone),
                  },
                  { title: t('alarmRules.perf.hours'), dataIndex: 'hours' },
                ]}
              />
            </Card>
            <Card size="small" title={t('alarmRules.perf.floods')}>
              <Table
                size="small"
                rowKey="start"
                pagination={false}
                dataSource={p.floods}
                columns={[
                  {
                    title: t('alarmRules.perf.start'),
                    dataIndex: 'start',
                    render: (s: string) => siteTime(s, timezone),
                  },
                  {
                    title: t('alarmRules.perf.end'),
                    dataIndex: 'end',
                    render: (s: string) => siteTime(s, timezone),
                  },
                  { title: t('alarmRules.perf.count'), dataIndex: 'count' },
                ]}
              />
            </Card>
          </Col>
        </Row>
        <Typography.Text type="secondary">{t('alarmRules.perf.isa')}</Typography.Text>
      </>
    );
  }
}
