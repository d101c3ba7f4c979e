import { baseUnit } from '@gridops/format';
import { QuantityTitle } from '../../../shared/ui/QuantityTitle';
import { Segmented, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPieOption, buildTouStackOption, touBandsFromPeriods, useChartLocale } from '../../../shared/charts';
import type { ExportColumn } from '../../../shared/export';
import { useFormat } from '../../../shared/format';
import { semanticColors } from '../../../shared/theme/palette';
import { periodLabel } from '../../../shared/stats';
import { useExpense } from '../api';
import { bucketLabel, expenseNodeRows, expensePeriodRows, siteNowKey, TOU_BANDS_ORDER } from '../rows';
import type { ExpenseRow } from '../rows';
import { columnScale } from '../components/common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportChart, ReportPage, ReportRow, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';
import { BillSection } from '../../billing/BillSection';
import { CostUnknown, CostUnknownNotice } from '../components/Unknown';

type View = 'period' | 'node';
type Field = 'cost' | 'energy';

function PowerExpense({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const [period, setPeriod] = useReportPeriod('month');
  const [view, setView] = useState<View>('period');
  const [picked, setField] = useState<Field>('cost');
  const q = useExpense(projectId, period);
  const d = q.data;
  // Without a tariff the chart shows energy: an empty cost chart would read as 0 元.
  const field: Field = d?.cost_unknown ? 'energy' : picked;
  const periodRows = useMemo(() => (d ? expensePeriodRows(d, siteNowKey(f.zone), f.lang) : []), [d, f.zone, f.lang]);
  const nodeRows = useMemo(() => (d ? expenseNodeRows(d, f.lang) : []), [d, f.lang]);
  const rows = view === 'period' ? periodRows : nodeRows;
  const stack = useMemo(() => {
    if (!d) return buildTouStackOption({ categories: [], bands: {}, unit: '元' }, locale);
    const now = siteNowKey(f.zone);
    const periods = d.periods.filter((p) => p.key <= now.slice(0, p.key.length));
    return buildTouStackOption(
      { ...touBandsFromPeriods(periods, field, (k) => bucketLabel(k, d.granularity, d.range)), unit: field === 'cost' ? '元' : 'kWh' },
      locale,
    );
  }, [d, field, locale, f.zone]);
  const pie = useMemo(
    () =>
      buildPieOption(
        {
          unit: '元',
          items: (d?.total.bands ?? []).map((b) => ({ name: t(`charts.tou.${b.band}`), value: b.cost, color: semanticColors.tou[b.band] })),
        },
        locale,
      ),
    [d, t, locale],
  );
  const es = columnScale(f, rows.flatMap((r) => [r.energy, ...TOU_BANDS_ORDER.map((b) => r[`${b}_energy`])]), 'kWh');
  const cs = columnScale(f, rows.flatMap((r) => [r.cost, ...TOU_BANDS_ORDER.map((b) => r[`${b}_cost`])]), '元');
  // No tariff: every cost cell says so (with the link to the tariff page) instead of 0.00.
  const noCost = d?.cost_unknown ?? null;
  const costText = (v: number | null) => (noCost ? <CostUnknown reason={noCost} /> : cs.text(v));
  const columns: ColumnsType<ExpenseRow> = [
    { title: t(view === 'period' ? 'energy.col.period' : 'energy.col.node'), dataIndex: 'label', fixed: 'left', width: 160 },
    // Which tariff, version and validity priced each period (each part when a period spans two tariffs).
    ...(view === 'period' && !noCost
      ? [{ title: t('energy.ex.tariff'), dataIndex: 'tariff', key: 'tariff', width: 260, render: (v: string, r: ExpenseRow) => <span data-testid={`ex-tariff-${r.key}`} style={{ fontSize: 12 }}>{v || t('energy.ex.noTariffPart')}</span> }]
      : []),
    ...TOU_BANDS_ORDER.map((b) => ({
      title: t(`charts.tou.${b}`),
      children: [
        { title: es.unit, dataIndex: `${b}_energy`, key: `${b}_energy`, align: 'right' as const, render: (v: number) => es.text(v) },
        { title: cs.unit, dataIndex: `${b}_cost`, key: `${b}_cost`, align: 'right' as const, render: (v: number | null) => costText(v) },
      ],
    })),
    {
      title: t('energy.total'),
      children: [
        { title: es.unit, dataIndex: 'energy', key: 'energy', align: 'right' as const, render: (v: number) => <b>{es.text(v)}</b> },
        { title: cs.unit, dataIndex: 'cost', key: 'cost', align: 'right' as const, render: (v: number | null) => <b>{costText(v)}</b> },
      ],
    },
  ];
  const exportColumns: ExportColumn<ExpenseRow>[] = [
    { title: t(view === 'period' ? 'energy.col.period' : 'energy.col.node'), key: view === 'period' ? 'key' : 'label' },
    ...(view === 'period' ? [{ title: t('energy.ex.tariff'), key: 'tariff' as const }] : []),
    ...TOU_BANDS_ORDER.flatMap((b) => [
      { title: `${t(`charts.tou.${b}`)} ${t('energy.col.energy')} (kWh)`, key: `${b}_energy`, format: '#,##0.000' },
      { title: `${t(`charts.tou.${b}`)} ${t('energy.col.cost')} (${baseUnit('元', f.lang)})`, key: `${b}_cost`, format: '#,##0.00' },
    ]),
    { title: `${t('energy.total')} ${t('energy.col.energy')} (kWh)`, key: 'energy', format: '#,##0.000' },
    { title: `${t('energy.total')} ${t('energy.col.cost')} (${baseUnit('元', f.lang)})`, key: 'cost', format: '#,##0.00' },
  ];
  return (
    <ReportPage
      look={ENERGY_QUERY}
      period={{ value: period, onChange: setPeriod }}
      controls={
        <Segmented<View>
          data-testid="expense-view"
          value={view}
          onChange={setView}
          options={[
            { value: 'period', label: t('energy.ex.byPeriod') },
            { value: 'node', label: t('energy.ex.byNode') },
          ]}
        />
      }
      export={{
        fileName: t('energy.exportName', { page: t('pages.PowerExpense.title'), period: periodLabel(period) }),
        columns: exportColumns,
        rows,
      }}
      state={reportState(q)}
      data={d}
      notices={(d) => d.cost_unknown && <CostUnknownNotice reason={d.cost_unknown} />}
      stats={(d) => [
        { key: 'energy', col: { xs: 24, md: d.bill ? 6 : 8 }, 'data-testid': 'ex-energy', title: <QuantityTitle quantity="grid_import">{t('energy.ex.totalEnergy')}</QuantityTitle>, value: d.total.energy, unit: 'kWh' },
        { key: 'cost', col: { xs: 12, md: d.bill ? 6 : 8 }, 'data-testid': 'ex-cost', title: t('energy.ex.totalCost'), value: d.total.cost, unit: '元', unknown: d.cost_unknown ? <CostUnknown reason={d.cost_unknown} /> : undefined },
        { key: 'price', col: { xs: 12, md: d.bill ? 6 : 8 }, 'data-testid': 'ex-avg-price', title: t('energy.ex.avgPrice'), value: d.total.avg_price, unit: t('energy.pricePerKwh'), precision: 4, unknown: d.cost_unknown ? <CostUnknown reason={d.cost_unknown} /> : undefined },
        ...(d.bill ? [{ key: 'bill', col: { xs: 24, md: 6 }, 'data-testid': 'ex-bill-total', title: t('billing.bill.cardBill'), value: d.bill.total, unit: '元' }] : []),
      ]}
    >
      {(d) => (
        <>
          <ReportRow spans={[16, 8]}>
            <ReportChart
              title={t('energy.ex.stack')}
              testId="ex-stack"
              option={stack}
              extra={
                <Segmented<Field>
                  size="small"
                  value={field}
                  onChange={setField}
                  options={[
                    { value: 'cost', label: t('energy.ex.showCost') },
                    { value: 'energy', label: t('energy.ex.showEnergy') },
                  ]}
                />
              }
            />
            <ReportChart title={t('energy.ex.bandShare')} testId="ex-pie" option={pie} />
          </ReportRow>
          <ReportSection title={t('energy.range', d.range)}>
            <Table<ExpenseRow>
              data-testid={view === 'period' ? 'expense-period-table' : 'expense-node-table'}
              size="small"
              bordered
              rowKey="key"
              dataSource={rows}
              columns={columns}
              pagination={false}
              scroll={{ x: view === 'period' ? 1460 : 1200, y: 460 }}
            />
          </ReportSection>
          {d.bill && <BillSection bill={d.bill} />}
        </>
      )}
    </ReportPage>
  );
}

/** /EnergyManage/PowerExpense: cost by period and by branch, split by TOU band (尖峰平谷), exportable. */
export function PowerExpensePage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-expense">{(id) => <PowerExpense projectId={id} />}</SiteGate>;
}
