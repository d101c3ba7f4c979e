import type { EnergyCategory } from '@gridops/contract';
import { Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '../../../shared/export';
import { useFormat } from '../../../shared/format';
import { periodLabel } from '../../../shared/stats';
import { useReadings } from '../api';
import { readingRows } from '../rows';
import type { ReadingTableRow } from '../rows';
import { columnScale, NodeTypeTag } from './common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportPage, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';

export interface ReadingsPageProps {
  pageKey: string;
  testId: string;
  /** One or more categories (storage shows charge and discharge meters together). */
  categories: readonly EnergyCategory[];
}

function ReadingsBody({ projectId, pageKey, categories }: ReadingsPageProps & { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [period, setPeriod] = useReportPeriod('month');
  // Hooks in a fixed order: the category list of a page never changes.
  const q0 = useReadings(projectId, categories[0] ?? 'power_use', period);
  const q1 = useReadings(projectId, categories[1] ?? categories[0] ?? 'power_use', period);
  const two = categories.length > 1;
  const rows = useMemo(
    () => [...(q0.data ? readingRows(q0.data, f.lang) : []), ...(two && q1.data ? readingRows(q1.data, f.lang) : [])],
    [q0.data, q1.data, two, f.lang],
  );
  const unit = rows[0]?.unit ?? 'kWh';
  // Readings are counter values (often > 10000 kWh): shown unscaled with thousands separators, since a meter
  // reader compares them digit by digit with the register; the energy column is scaled like every quantity.
  const energy = columnScale(f, rows.map((r) => r.energy), unit);
  const reading = (v: number | null) => f.number(v, 2);
  const time = (v: string | null) => (v ? f.date(v, 'YYYY-MM-DD HH:mm') : '-');
  const columns: ColumnsType<ReadingTableRow> = [
    { title: t('energy.col.node'), dataIndex: 'display_name', fixed: 'left', width: 180 },
    { title: t('energy.col.type'), dataIndex: 'node_type', width: 120, render: (v: string) => <NodeTypeTag type={v} /> },
    { title: t('energy.col.device'), dataIndex: 'device_name', width: 150, render: (v: string | null) => v ?? '-' },
    { title: t('energy.col.point'), dataIndex: 'point_key', width: 80, render: (v: string | null) => v ?? '-' },
    { title: t('energy.unitIn', { name: t('energy.col.startReading'), unit }), dataIndex: 'start_reading', align: 'right', render: reading },
    { title: t('energy.col.startTime'), dataIndex: 'start_ts', width: 150, render: time },
    { title: t('energy.unitIn', { name: t('energy.col.endReading'), unit }), dataIndex: 'end_reading', align: 'right', render: reading },
    { title: t('energy.col.endTime'), dataIndex: 'end_ts', width: 150, render: time },
    { title: t('energy.unitIn', { name: t('energy.col.energy'), unit: energy.unit }), dataIndex: 'energy', align: 'right', render: (v: number) => <b>{energy.text(v)}</b> },
    {
      title: t('energy.col.resets'),
      dataIndex: 'resets',
      width: 90,
      align: 'right',
      render: (v: number) => (v > 0 ? <Tooltip title={t('energy.readings.resetHint')}><Tag color="orange">{v}</Tag></Tooltip> : 0),
    },
  ];
  const exportColumns: ExportColumn<ReadingTableRow>[] = [
    { title: t('energy.col.node'), key: 'display_name' },
    { title: t('energy.col.type'), key: 'node_type', format: (v) => t(`energy.nodeType.${String(v)}`) },
    { title: t('energy.col.device'), key: 'device_name' },
    { title: t('energy.col.point'), key: 'point_key' },
    { title: t('energy.unitIn', { name: t('energy.col.startReading'), unit }), key: 'start_reading', format: '#,##0.00' },
    { title: t('energy.col.startTime'), key: 'start_ts', format: (v) => (typeof v === 'string' ? f.date(v, 'YYYY-MM-DD HH:mm') : null) },
    { title: t('energy.unitIn', { name: t('energy.col.endReading'), unit }), key: 'end_reading', format: '#,##0.00' },
    { title: t('energy.col.endTime'), key: 'end_ts', format: (v) => (typeof v === 'string' ? f.date(v, 'YYYY-MM-DD HH:mm') : null) },
    { title: t('energy.unitIn', { name: t('energy.col.energy'), unit }), key: 'energy', format: '#,##0.000' },
    { title: t('energy.col.resets'), key: 'resets' },
  ];
  return (
    <ReportPage
      look={ENERGY_QUERY}
      period={{ value: period, onChange: setPeriod }}
      export={{
        fileName: t('energy.exportName', { page: t(`pages.${pageKey}.title`), period: periodLabel(period) }),
        columns: exportColumns,
        rows,
      }}
      state={reportState(...(two ? [q0, q1] : [q0]))}
      data={q0.data}
      empty={!rows.length}
    >
      {(d) => (
        <ReportSection title={t('energy.range', d.range)}>
          <Table<ReadingTableRow> data-testid="readings-table" size="small" rowKey="key" dataSource={rows} columns={columns} pagination={false} scroll={{ x: 1300 }} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
            {t('energy.readings.note')}
          </Typography.Paragraph>
        </ReportSection>
      )}
    </ReportPage>
  );
}

/** Data collection: start/end reading and energy per meter of a category over a period. */
export function ReadingsPage(props: ReadingsPageProps) {
  return <SiteGate prompt={ENERGY_SITE} testId={props.testId}>{(id) => <ReadingsBody projectId={id} {...props} />}</SiteGate>;
}
