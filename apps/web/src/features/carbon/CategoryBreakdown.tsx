import type { IeCategoryBreakdown } from '@gridops/contract';
import { Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildPieOption, useChartLocale } from '../../shared/charts';
import { useFormat } from '../../shared/format';
import { ReportChart, ReportRow, ReportSection } from '../../shared/ui/ReportPage';
import { categoryRows, type CategoryRow } from './categoryRows';

const SET_PAGE = { power: 'IeElecSet', water: 'IeWaterSet', gas: 'IeGasSet', heat: 'IeHeatSet' } as const;

/** One energy type's use by use category (/RunSetup/Ie*Set): pie and table, or where to set them up. */
export function CategoryBreakdown({ type, label, unit, categories }: { type: keyof typeof SET_PAGE; label: string; unit: string; categories: IeCategoryBreakdown[] | undefined }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const rows = useMemo(() => categoryRows(categories, i18n.language), [categories, i18n.language]);
  const option = useMemo(() => buildPieOption({ items: rows.map((r) => ({ name: r.name, value: r.value, color: r.color })), unit }, locale), [rows, unit, locale]);
  const title = t('carbon.integrated.byCategory', { type: label });
  if (rows.length === 0) {
    return (
      <ReportSection title={title}>
        <Typography.Text type="secondary" data-testid="integrated-no-categories">
          {t('carbon.integrated.noCategories')} <Link to={`/RunSetup/${SET_PAGE[type]}`}>{t('carbon.integrated.setCategories')}</Link>
        </Typography.Text>
      </ReportSection>
    );
  }
  return (
    <ReportRow spans={[10, 14]}>
      <ReportChart title={title} option={option} height={240} testId="integrated-category-pie" />
      <ReportSection title={t('carbon.integrated.categoryTable', { type: label })}>
        <Table<CategoryRow>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={rows}
          data-testid="integrated-category-table"
          columns={[
            { title: t('carbon.integrated.category'), key: 'name', render: (_, r) => <span data-testid={`integrated-category-${r.key}`}>{r.name}</span> },
            { title: t('carbon.integrated.use'), key: 'value', align: 'right', render: (_, r) => f.unit(r.value, unit).text },
            { title: t('carbon.integrated.share'), key: 'share', align: 'right', render: (_, r) => (r.share_pct === null ? '-' : `${f.number(r.share_pct, 1)}%`) },
          ]}
        />
      </ReportSection>
    </ReportRow>
  );
}
