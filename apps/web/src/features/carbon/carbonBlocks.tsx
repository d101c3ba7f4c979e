import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeSeriesOption, useChartLocale } from '../../shared/charts';
import { unitScaleFor } from '../../shared/format';
import type { Formatters } from '../../shared/format';
import { ComparisonCell } from '../../shared/stats';
import type { ComparisonCellProps } from '../../shared/stats';
import type { CarbonMonthRow } from './carbonRows';

/** The by-month chart of the carbon pages: emissions and PV-avoided tonnes as bars. */
export function useCarbonMonthOption(months: readonly CarbonMonthRow[]) {
  const { t } = useTranslation();
  const locale = useChartLocale();
  return useMemo(
    () =>
      buildTimeSeriesOption(
        {
          granularity: 'month',
          series: [
            {
              name: t('carbon.emissions'),
              unit: 't',
              kind: 'bar',
              points: months.map((r) => [r.month, r.total] as const),
            },
            {
              name: t('carbon.avoided'),
              unit: 't',
              kind: 'bar',
              color: '#73d13d',
              points: months.map((r) => [r.month, r.avoided] as const),
            },
          ],
        },
        locale,
      ),
    [months, locale, t],
  );
}

/** One tonne scale for a whole table (the largest value decides t / 万t) and a cell's text in it ('-' when absent). */
export function tonneScale(f: Formatters, values: Iterable<number | null | undefined>) {
  const scale = unitScaleFor(values, 't', { lang: f.lang });
  return {
    unit: scale.unit,
    cell: (v: number | null) => (v === null ? '-' : f.number(v / scale.divisor, 2)),
  };
}

/** A month-on-month or year-on-year column: the change against the base, without repeating the value. */
export function comparisonColumn<T>(
  t: TFunction,
  mode: 'mom' | 'yoy',
  pick: (r: T) => Pick<ComparisonCellProps, 'value' | 'previous' | 'pct' | 'unit' | 'reason' | 'since'>,
): TableColumnsType<T>[number] {
  return {
    title: t(`carbon.col.${mode}`),
    key: mode,
    align: 'right',
    render: (_, r) => {
      const c = pick(r);
      return (
        <ComparisonCell
          value={c.value}
          previous={c.previous}
          pct={c.pct}
          reason={c.reason}
          since={c.since}
          unit={c.unit}
          mode={mode}
          showValue={false}
        />
      );
    },
  };
}
