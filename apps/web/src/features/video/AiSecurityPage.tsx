import { type AiEvent, type AiSummary } from '@gridops/contract';
import { App, Button, Card, Col, Empty, Pagination, Row, Space, Statistic, Switch, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { QueryState } from '../../shared/ui/QueryState';
import type { QueryLook } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import type { SitePrompt } from '../../shared/ui/SiteGate';
import { AiSnapshot } from './AiSnapshot';
import { reviewAi, useAiEvents, useAiLiveRefresh, useAiSummary, useInvalidateVideo } from './api';
import { refusal } from './SecMonitorSetPage';

const SITE: SitePrompt = { title: 'common.needSite', hint: 'video.ai.needSiteHint', testId: () => 'need-site', hintStyle: { color: 'rgba(255,255,255,0.45)' } };
const QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 3,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};
const WALL = 8;
const STATUS_COLOR = { pending: 'gold', confirmed: 'red', false_positive: 'default' } as const;

function Review({ event }: { event: AiEvent }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidateVideo();
  const [busy, setBusy] = useState(false);
  if (event.status !== 'pending') {
    return <Tag color={STATUS_COLOR[event.status]}>{t(`video.ai.status.${event.status}`)}</Tag>;
  }
  const run = async (verdict: 'confirmed' | 'false_positive') => {
    setBusy(true);
    try {
      await reviewAi(event.id, verdict);
      void message.success(t(verdict === 'confirmed' ? 'video.ai.confirmedDone' : 'video.ai.falseDone'));
    } catch (e) {
      void message.error(refusal(e).message);
    } finally {
      setBusy(false);
      void invalidate();
    }
  };
  return (
    <Space size={4}>
      <Button size="small" danger loading={busy} onClick={() => void run('confirmed')} data-testid={`ai-confirm-${event.id}`}>
        {t('video.ai.confirm')}
      </Button>
      <Button size="small" loading={busy} onClick={() => void run('false_positive')} data-testid={`ai-false-${event.id}`}>
        {t('video.ai.falsePositive')}
      </Button>
    </Space>
  );
}

function Counts({ summary }: { summary: AiSummary }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('video.ai.todayByType')} data-testid="ai-today-types">
          <Row gutter={[8, 8]}>
            {summary.today_by_type.map((r) => (
              <Col key={r.type} xs={12} md={6}>
                <Statistic title={t(`video.ai.types.${r.type}`)} value={r.count} />
              </Col>
            ))}
            <Col xs={12} md={6}>
              <Statistic title={t('video.ai.pending')} value={summary.pending} valueStyle={{ color: summary.pending ? '#faad14' : undefined }} />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('video.ai.todayByCamera')} data-testid="ai-today-cameras">
          <Table size="small" rowKey="camera_id" pagination={false} dataSource={summary.today_by_camera} locale={{ emptyText: t('video.ai.noneToday') }} columns={[
            { title: t('video.ai.camera'), dataIndex: 'camera_name' },
            { title: t('video.ai.count'), dataIndex: 'count', width: 90, align: 'right' },
          ]} />
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title={t('video.ai.fpRates', { days: summary.days })} data-testid="ai-fp-rates">
          <Table size="small" rowKey={(r) => `${r.camera_id}-${r.type}`} pagination={false} dataSource={summary.rates} locale={{ emptyText: t('video.ai.noReviewed') }} columns={[
            { title: t('video.ai.camera'), dataIndex: 'camera_name' },
            { title: t('video.ai.type'), dataIndex: 'type', render: (v: string) => t(`video.ai.types.${v}`) },
            { title: t('video.ai.reviewed'), dataIndex: 'reviewed', width: 110, align: 'right' },
            { title: t('video.ai.falsePositives'), dataIndex: 'false_positives', width: 110, align: 'right' },
            { title: t('video.ai.fpRate'), dataIndex: 'rate', width: 110, align: 'right', render: (v: number | null) => (v === null ? '-' : `${f.number(v * 100, 1)}%`) },
          ]} />
        </Card>
      </Col>
    </Row>
  );
}

function AiSecurity({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  useAiLiveRefresh(projectId);
  const summary = useAiSummary(projectId);
  const [page, setPage] = useState(1);
  const events = useAiEvents(projectId, page, 20);
  const [showBoxes, setShowBoxes] = useState(true);
  const [showLabels, setShowLabels] = useState(true);
  const list = events.data?.list ?? [];
  const label = (e: AiEvent) => `${t(`video.ai.types.${e.type}`)} · ${Math.round(e.confidence * 100)}%`;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <QueryState look={QUERY} loading={summary.isLoading} error={summary.error} onRetry={() => void summary.refetch()}>
        {summary.data && <Counts summary={summary.data} />}
      </QueryState>
      <Card
        size="small"
        title={t('video.ai.wall')}
        data-testid="ai-wall"
        extra={
          <Space>
            <Switch size="small" checked={showBoxes} onChange={setShowBoxes} data-testid="ai-show-boxes" /> {t('video.ai.showBoxes')}
            <Switch size="small" checked={showLabels} disabled={!showBoxes} onChange={setShowLabels} /> {t('video.ai.showLabels')}
          </Space>
        }
      >
        <QueryState look={QUERY} loading={events.isLoading} error={events.error} empty={list.length === 0} emptyText={t('video.ai.none')}>
          <Row gutter={[8, 8]}>
            {list.slice(0, WALL).map((e) => (
              <Col key={e.id} xs={12} md={8} xl={6} data-testid={`ai-card-${e.id}`}>
                <AiSnapshot event={e} showBoxes={showBoxes} showLabels={showLabels} />
                <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', marginTop: 4, gap: 4 }}>
                  <Typography.Text style={{ fontSize: 12 }} ellipsis>
                    <b>{label(e)}</b> {e.camera_name} · {f.date(e.ts)}
                  </Typography.Text>
                  <Review event={e} />
                </div>
              </Col>
            ))}
          </Row>
        </QueryState>
      </Card>
      <Card size="small" title={t('video.ai.timeline')} data-testid="ai-timeline">
        {list.length === 0 ? (
          <Empty description={t('video.ai.none')} />
        ) : (
          <>
            <Timeline
              items={list.map((e) => ({
                color: e.status === 'confirmed' ? 'red' : e.status === 'pending' ? 'gold' : 'gray',
                content: (
                  <Space wrap size={6}>
                    <span>{f.date(e.ts)}</span>
                    <b>{label(e)}</b>
                    <span>{e.camera_name}</span>
                    {e.zone && <Tag>{e.zone}</Tag>}
                    <Review event={e} />
                    {e.reviewed_by && <Typography.Text type="secondary">{t('video.ai.reviewedBy', { name: e.reviewed_by })}</Typography.Text>}
                  </Space>
                ),
              }))}
            />
            <Pagination size="small" current={page} pageSize={20} total={events.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
          </>
        )}
      </Card>
    </Space>
  );
}

/** /AISecurity: detections of the site's edge AI boxes — today's counts, FP rates, live wall, timeline, review. */
export function AiSecurityPage() {
  return <SiteGate prompt={SITE} testId="ai-security-page">{(id) => <AiSecurity key={id} projectId={id} />}</SiteGate>;
}

