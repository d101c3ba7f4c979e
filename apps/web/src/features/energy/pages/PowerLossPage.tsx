import { Alert, InputNumber, Table, Tag, Typography } from 'antd';
import { QuantityTitle } from '../../../shared/ui/QuantityTitle';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format';
import { periodLabel } from '../../../shared/stats';
import { useLoss } from '../api';
import type { LossResponse } from '../api';
import { buildLossOption } from '../lossChart';
import { flaggedRows, lossRows } from '../rows';
import type { LossTableRow } from '../rows';
import { columnScale, pctText } from '../components/common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportChart, ReportPage, ReportRow, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';

type Level = LossResponse['levels'][number];

function PowerLoss({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const [period, setPeriod] = useReportPeriod('month');
  const [threshold, setThreshold] = useState(5);
  const q = useLoss(projectId, period, threshold);
  const unit = q.data?.unit ?? 'kWh';
  const rows = useMemo(() => (q.data ? lossRows(q.data, f.lang) : []), [q.data, f.lang]);
  const flagged = flaggedRows(rows);
  const levels = q.data?.levels ?? [];
  const option = useMemo(
    () =>
      buildLossOption(rows, q.data?.threshold_pct ?? threshold, unit, locale, {
        loss: t('energy.col.loss'),
        rate: t('energy.col.lossRate'),
        threshold: t('energy.loss.threshold'),
      }),
    [rows, q.data, threshold, unit, locale, t],
  );
  const s = columnScale(f, [...rows.flatMap((r) => [r.input, r.output]), ...levels.map((l) => l.input)], unit);
  const ls = columnScale(f, [...rows.map((r) => r.loss), ...levels.map((l) => l.loss)], unit);
  const energyCols = <R extends { input: number; output: number; loss: number; loss_rate_pct: number | null }>(): ColumnsType<R> => [
    { title: <QuantityTitle quantity="node_input">{t('energy.unitIn', { name: t('energy.col.input'), unit: s.unit })}</QuantityTitle>, dataIndex: 'input', align: 'right', render: (v: number) => s.text(v) },
    { title: <QuantityTitle quantity="node_output">{t('energy.unitIn', { name: t('energy.col.output'), unit: s.unit })}</QuantityTitle>, dataIndex: 'output', align: 'right', render: (v: number) => s.text(v) },
    { title: <QuantityTitle quantity="losses">{t('energy.unitIn', { name: t('energy.col.loss'), unit: ls.unit })}</QuantityTitle>, dataIndex: 'loss', align: 'right', render: (v: number) => ls.text(v) },
    { title: t('energy.col.lossRate'), dataIndex: 'loss_rate_pct', align: 'right', render: (v: number | null) => pctText(f, v, 2) },
  ];
  const levelColumns: ColumnsType<Level> = [
    { title: t('energy.col.level'), dataIndex: 'level', render: (n: number) => t('energy.loss.levelN', { n }) },
    ...energyCols<Level>(),
  ];
  const nodeColumns: ColumnsType<LossTableRow> = [
    { title: t('energy.col.node'), dataIndex: 'display_name', render: (v: string, r) => <span style={{ paddingLeft: (r.level - 1) * 16 }}>{v}</span> },
    { title: t('energy.col.level'), dataIndex: 'level', width: 80, render: (n: number) => t('energy.loss.levelN', { n }) },
    { title: t('energy.col.children'), dataIndex: 'child_count', width: 80, align: 'right' },
    ...energyCols<LossTableRow>(),
    {
      title: t('energy.col.state'),
      dataIndex: 'flag',
      width: 170,
      render: (flag: LossTableRow['flag']) =>
        flag === 'high' ? <Tag color="red">{t('energy.loss.flagHigh')}</Tag> : flag === 'negative' ? <Tag color="orange">{t('energy.loss.flagNegative')}</Tag> : <Tag color="green">{t('energy.loss.ok')}</Tag>,
    },
  ];
  return (
    <ReportPage
      look={ENERGY_QUERY}
      period={{ value: period, onChange: setPeriod }}
      controls={
        <span>
          <Typography.Text type="secondary" style={{ marginRight: 8 }}>{t('energy.loss.threshold')}</Typography.Text>
          <InputNumber<number>
            data-testid="loss-threshold"
            min={0}
            max={100}
            step={0.5}
            value={threshold}
            suffix="%"
            style={{ width: 110 }}
            onChange={(v) => v !== null && setThreshold(v)}
          />
        </span>
      }
      export={{
        fileName: t('energy.exportName', { page: t('pages.PowerLoss.title'), period: periodLabel(period) }),
        columns: [
          { title: t('energy.col.node'), key: 'display_name' },
          { title: t('energy.col.level'), key: 'level' },
          { title: t('energy.unitIn', { name: t('energy.col.input'), unit }), key: 'input', format: '#,##0.000' },
          { title: t('energy.unitIn', { name: t('energy.col.output'), unit }), key: 'output', format: '#,##0.000' },
          { title: t('energy.unitIn', { name: t('energy.col.loss'), unit }), key: 'loss', format: '#,##0.000' },
          { title: `${t('energy.col.lossRate')} (%)`, key: 'loss_rate_pct', format: '0.00' },
          { title: t('energy.col.state'), key: 'flag', format: (v) => t(v === 'high' ? 'energy.loss.flagHigh' : v === 'negative' ? 'energy.loss.flagNegative' : 'energy.loss.ok') },
        ],
        rows,
      }}
      state={reportState(q)}
      data={q.data}
      empty={!rows.length}
      notices={() =>
        flagged.length > 0 && (
          <Alert type="warning" showIcon data-testid="loss-flagged" title={t('energy.loss.flaggedCount', { count: flagged.length })} description={flagged.map((r) => r.display_name).join('、')} />
        )
      }
    >
      {(d) => (
        <>
          <ReportRow spans={[14, 10]}>
            <ReportChart title={t('energy.loss.chart')} testId="loss-chart" option={option} />
            <ReportSection title={t('energy.loss.levels')}>
              <Table<Level> data-testid="loss-levels" size="small" rowKey="level" dataSource={levels} columns={levelColumns} pagination={false} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
                {t('energy.loss.note')}
              </Typography.Paragraph>
            </ReportSection>
          </ReportRow>
          <ReportSection title={`${t('energy.loss.nodes')} · ${t('energy.range', d.range)}`}>
            <Table<LossTableRow>
              data-testid="loss-table"
              size="small"
              rowKey="key"
              dataSource={rows}
              columns={nodeColumns}
              pagination={false}
              onRow={(r) =>
                ({
                  'data-flagged': r.flag ?? 'none',
                  style: r.flag ? { background: 'rgba(255, 77, 79, 0.12)' } : undefined,
                }) as HTMLAttributes<HTMLElement>
              }
            />
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}

/** /EnergyManage/PowerLoss: input minus children per node and tree level, loss rate, rows over the threshold. */
export function PowerLossPage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-loss">{(id) => <PowerLoss projectId={id} />}</SiteGate>;
}
