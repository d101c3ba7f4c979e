import { ThunderboltOutlined } from '@ant-design/icons';
import { Card, Col, Row, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  Chart,
  buildComparisonOption,
  buildGaugeOption,
  buildPieOption,
  buildSankeyOption,
  buildTimeSeriesOption,
  buildTouStackOption,
  columnarToPoints,
  touBandsFromPeriods,
  useChartLocale,
} from '../shared/charts';
import {
  expensePeriodsFixture,
  flowFixture,
  historyFixture,
  statsBucketsFixture,
} from '../shared/charts/builders/fixtures';
import { ExportButton } from '../shared/export';
import type { ExportColumn } from '../shared/export';
import { useFormat } from '../shared/format';
import { ComparisonCell, PeriodPicker, StatCard, defaultPeriod, periodLabel } from '../shared/stats';
import type { PeriodValue } from '../shared/stats';
import { semanticColors } from '../shared/theme/palette';
import { LangSwitch } from '../shared/ui/LangSwitch';

type Bucket = (typeof statsBucketsFixture)[number];

/** Every shared block once, on the builders' test fixtures: how a page wires them together. */
export function SharedBlocksDemo() {
  const locale = useChartLocale();
  const f = useFormat();
  const [period, setPeriod] = useState<PeriodValue>(() => defaultPeriod('month'));

  const options = useMemo(() => {
    const [power, volt] = historyFixture.series;
    return {
      history: buildTimeSeriesOption(
        {
          granularity: 'hour',
          series: [power, volt].flatMap((s) =>
            s
              ? [
                  {
                    name: s.name,
                    unit: s.unit,
                    points: columnarToPoints(s.t, s.avg, historyFixture.bucket_ms),
                    band: {
                      min: columnarToPoints(s.t, s.min, historyFixture.bucket_ms),
                      max: columnarToPoints(s.t, s.max, historyFixture.bucket_ms),
                    },
                  },
                ]
              : [],
          ),
          markLines: [{ name: locale.lang === 'en' ? 'Demand' : '需量', value: 17000, unit: 'kW' }],
        },
        locale,
      ),
      mom: buildComparisonOption(
        {
          categories: statsBucketsFixture.map((b) => b.key.slice(5)),
          current: statsBucketsFixture.map((b) => b.value),
          previous: statsBucketsFixture.map((b) => b.mom_value),
          unit: 'kWh',
          mode: 'mom',
        },
        locale,
      ),
      tou: buildTouStackOption(
        { ...touBandsFromPeriods(expensePeriodsFixture, 'cost', (k) => k.slice(5)), unit: '元' },
        locale,
      ),
      pie: buildPieOption(
        {
          items:
            expensePeriodsFixture[0]?.bands.map((b) => ({
              name: locale.t(`charts.tou.${b.band}`),
              value: b.energy,
              color: semanticColors.tou[b.band],
            })) ?? [],
          unit: 'kWh',
        },
        locale,
      ),
      gauge: buildGaugeOption({ value: 82.4 }, locale),
      flow: buildSankeyOption(flowFixture, locale),
      empty: buildPieOption({ items: [], unit: 'kWh' }, locale),
    };
  }, [locale]);

  const columns: ExportColumn<Bucket>[] = [
    { title: locale.lang === 'en' ? 'Date' : '日期', key: 'key' },
    { title: `${locale.t('charts.current')} (kWh)`, key: 'value', format: '#,##0.00' },
    { title: `${locale.t('charts.previous')} (kWh)`, key: 'mom_value', format: '#,##0.00' },
    { title: `${locale.t('charts.mom')} (%)`, key: 'mom_pct' },
  ];

  return (
    <div style={{ padding: 20 }} data-testid="shared-blocks-demo">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Shared blocks · {periodLabel(period)}
        </Typography.Title>
        <Space wrap>
          <PeriodPicker value={period} onChange={setPeriod} />
          <LangSwitch />
        </Space>
      </Space>
      <div className="stat-grid">
        <StatCard
          title={locale.lang === 'en' ? 'Consumption' : '用电量'}
          icon={<ThunderboltOutlined />}
          value={21000}
          unit="kWh"
          comparisons={[
            { mode: 'mom', previous: 20000 },
            { mode: 'yoy', previous: 0 },
          ]}
        />
        <StatCard title={locale.lang === 'en' ? 'Capacity' : '配电容量'} value={12500} unit="kVA" />
        <StatCard
          title={locale.lang === 'en' ? 'Cost' : '电费'}
          value={18234.5}
          unit="元"
          comparisons={[{ mode: 'yoy', pct: -3.2 }]}
        />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="buildTimeSeriesOption">
            <Chart option={options.history} height={320} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="buildGaugeOption">
            <Chart option={options.gauge} height={320} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title="buildComparisonOption"
            extra={
              <ExportButton
                fileName={`demo-${periodLabel(period)}`}
                columns={columns}
                rows={statsBucketsFixture}
                size="small"
              />
            }
          >
            <Chart option={options.mom} height={280} />
            <Table<Bucket>
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={statsBucketsFixture}
              columns={[
                { title: columns[0]?.title, dataIndex: 'key' },
                {
                  title: locale.t('charts.current'),
                  key: 'v',
                  render: (_, r) => (
                    <ComparisonCell value={r.value} previous={r.mom_value} pct={r.mom_pct} unit="kWh" />
                  ),
                },
                {
                  title: locale.t('charts.yoy'),
                  key: 'y',
                  render: (_, r) => (
                    <ComparisonCell
                      value={r.value}
                      previous={r.yoy_value}
                      pct={r.yoy_pct}
                      mode="yoy"
                      showValue={false}
                    />
                  ),
                },
                { title: 'formatDate', key: 'd', render: (_, r) => f.date(r.key, 'YYYY-MM-DD') },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="buildTouStackOption">
            <Chart option={options.tou} height={280} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="buildPieOption">
            <Chart option={options.pie} height={280} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="buildSankeyOption">
            <Chart option={options.flow} height={280} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="empty">
            <Chart option={options.empty} height={280} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
