import type { Bill, BillMonth } from '@gridops/contract';
import { baseUnit } from '@gridops/format';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format/useFormat';
import { ReportSection } from '../../shared/ui/ReportPage';

type Row = BillMonth & { key: string; sum?: boolean };

/** The expense report's bill by month: energy, basic/demand charge, power-factor adjustment, feed-in revenue. */
export function BillSection({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const f = useFormat();
  const yuan = (v: number) => f.number(v, 2);
  const rows: Row[] = [
    ...bill.months.map((m) => ({ ...m, key: m.month })),
    {
      key: 'sum',
      sum: true,
      month: t('billing.bill.sum'),
      energy_charge: bill.energy_charge,
      demand_mode: 'none',
      basic_quantity: null,
      basic_charge: bill.basic_charge,
      demand_actual_kw: null,
      demand_source: null,
      declared_demand_kw: null,
      demand_penalty: bill.months.reduce((s, m) => s + m.demand_penalty, 0),
      pf_standard: null,
      power_factor: null,
      pf_source: null,
      pf_kwh: null,
      pf_kvarh: null,
      pf_adjust_pct: null,
      pf_adjustment: bill.pf_adjustment,
      feed_in_energy: bill.months.reduce((s, m) => s + m.feed_in_energy, 0),
      feed_in_revenue: bill.feed_in_revenue,
      total: bill.total,
    },
  ];
  const money = (key: keyof BillMonth, title: string) => ({
    title: `${title} (${baseUnit('元', f.lang)})`,
    dataIndex: key,
    key,
    align: 'right' as const,
    render: (v: number, r: Row) => (r.sum ? <b>{yuan(v)}</b> : yuan(v)),
  });
  const columns: TableColumnsType<Row> = [
    { title: t('billing.bill.month'), dataIndex: 'month', key: 'month', fixed: 'left', width: 90, render: (v: string, r) => (r.sum ? <b>{v}</b> : v) },
    money('energy_charge', t('billing.bill.energyCharge')),
    {
      title: t('billing.bill.quantity'),
      key: 'quantity',
      align: 'right',
      render: (_, r) =>
        r.sum || r.basic_quantity === null ? '-' : (
          <span>
            <Tag>{t(`billing.mode.${r.demand_mode}`)}</Tag>
            {f.number(r.basic_quantity, r.demand_mode === 'demand' ? 1 : 0)} {r.demand_mode === 'demand' ? 'kW' : 'kVA'}
          </span>
        ),
    },
    {
      title: `${t('billing.bill.demand')} (kW)`,
      key: 'demand',
      align: 'right',
      render: (_, r) =>
        r.sum || r.demand_actual_kw === null ? (
          '-'
        ) : (
          <span data-testid={`bill-demand-${r.month}`}>
            {f.number(r.demand_actual_kw, 1)} / {r.declared_demand_kw === null ? '-' : f.number(r.declared_demand_kw, 1)}
            {r.demand_source && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t(`billing.bill.demandSource.${r.demand_source}`)}
              </Typography.Text>
            )}
          </span>
        ),
    },
    money('demand_penalty', t('billing.bill.penalty')),
    money('basic_charge', t('billing.bill.basic')),
    {
      title: t('billing.bill.pf'),
      key: 'pf',
      align: 'right',
      render: (_, r) =>
        r.power_factor === null ? (
          '-'
        ) : (
          <span data-testid={`bill-pf-${r.month}`}>
            {f.number(r.power_factor, 2)} / {r.pf_standard?.toFixed(2) ?? '-'}
            {r.pf_source && (
              <Typography.Text
                type="secondary"
                style={{ display: 'block', fontSize: 12 }}
                title={r.pf_kwh !== null && r.pf_kvarh !== null ? t('billing.bill.pfEnergy', { kwh: f.number(r.pf_kwh, 0), kvarh: f.number(r.pf_kvarh, 0) }) : undefined}
              >
                {t(`billing.bill.pfSource.${r.pf_source}`)}
              </Typography.Text>
            )}
          </span>
        ),
    },
    { title: t('billing.bill.pfPct'), key: 'pct', align: 'right', render: (_, r) => (r.pf_adjust_pct === null ? '-' : `${r.pf_adjust_pct > 0 ? '+' : ''}${f.number(r.pf_adjust_pct, 2)}%`) },
    money('pf_adjustment', t('billing.bill.pfAdj')),
    { title: `${t('billing.bill.feedInEnergy')} (kWh)`, dataIndex: 'feed_in_energy', key: 'fe', align: 'right', render: (v: number) => f.number(v, 0) },
    money('feed_in_revenue', t('billing.bill.feedIn')),
    money('total', t('billing.bill.total')),
  ];
  return (
    <ReportSection title={t('billing.bill.title')}>
      <Table<Row> data-testid="expense-bill" size="small" bordered rowKey="key" dataSource={rows} columns={columns} pagination={false} scroll={{ x: 1400 }} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
        {t('billing.bill.note')}
      </Typography.Paragraph>
    </ReportSection>
  );
}
