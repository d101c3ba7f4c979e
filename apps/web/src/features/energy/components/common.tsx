import { Segmented, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { unitScaleFor } from '../../../shared/format';
import type { Formatters } from '../../../shared/format';
import type { CompareMode } from '../rows';

export function ModeSwitch({ value, onChange }: { value: CompareMode; onChange: (m: CompareMode) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented<CompareMode>
      aria-label={t('energy.compareMode')}
      data-testid="compare-mode"
      value={value}
      onChange={onChange}
      options={[
        { value: 'mom', label: t('energy.mom') },
        { value: 'yoy', label: t('energy.yoy') },
      ]}
    />
  );
}

/** One display unit for a whole table column (spec §9: the largest value decides 万kWh / MWh). */
export interface ColumnScale {
  unit: string;
  text: (v: number | null | undefined, precision?: number) => string;
}

export function columnScale(f: Formatters, values: Iterable<number | null | undefined>, unit: string): ColumnScale {
  const s = unitScaleFor(values, unit, { lang: f.lang });
  return {
    unit: s.unit,
    text: (v, precision = 2) => (v === null || v === undefined ? '-' : f.number(v / s.divisor, precision)),
  };
}

export function NodeTypeTag({ type }: { type: string }) {
  const { t } = useTranslation();
  return <Tag variant="outlined">{t(`energy.nodeType.${type}`, { defaultValue: type })}</Tag>;
}

/** Percent text with one decimal, '-' when absent. */
export const pctText = (f: Formatters, v: number | null | undefined, precision = 1): string =>
  v === null || v === undefined ? '-' : `${f.number(v, precision)}%`;

/** Vertical stack with the console's 12 px rhythm. */
export function Stack({ children, gap = 12 }: { children: ReactNode; gap?: number }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap, width: '100%' }}>{children}</div>;
}
