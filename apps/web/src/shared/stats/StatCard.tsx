import { Card, Skeleton, Typography } from 'antd';
import type { ChangeReason } from '@gridops/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format/useFormat';
import { ComparisonCell } from './ComparisonCell';

export interface StatComparison {
  mode: 'mom' | 'yoy';
  previous?: number | null;
  pct?: number | null;
  /** Why `pct` is null (server reason) and the first stored reading, for the '-' tooltip. */
  reason?: ChangeReason | null;
  since?: string | null;
}

export interface StatCardProps {
  title: ReactNode;
  value: number | null | undefined;
  /** Raw unit; the value is scaled for display by @gridops/format scaleUnit (kW → MW, 元 → 万元 / k CNY above 10000). */
  unit?: string;
  precision?: number;
  icon?: ReactNode;
  /** Up to two comparisons (MoM, YoY) under the value. */
  comparisons?: readonly StatComparison[];
  goodDirection?: 'up' | 'down';
  loading?: boolean;
  extra?: ReactNode;
  footer?: ReactNode;
  /** Shown instead of the value when it cannot be known (no tariff, no metering root): never a silent 0. */
  unknown?: ReactNode;
  'data-testid'?: string;
}

/** KPI card: title, scaled value with unit, optional MoM/YoY changes. */
export function StatCard({
  title,
  value,
  unit = '',
  precision = 2,
  icon,
  comparisons,
  goodDirection,
  loading,
  extra,
  footer,
  unknown,
  ...rest
}: StatCardProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const scaled = f.unit(value, unit, { precision });
  const number = scaled.value === null ? '-' : f.number(scaled.value, precision);
  return (
    <Card size="small" className="stat-card" data-testid={rest['data-testid'] ?? 'stat-card'}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Text type="secondary">
          {icon && <span style={{ marginRight: 6 }}>{icon}</span>}
          {title}
        </Typography.Text>
        {extra}
      </div>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
      ) : unknown ? (
        <div style={{ margin: '10px 0 4px', fontSize: 14, lineHeight: 1.5 }} data-testid="stat-unknown">
          {unknown}
        </div>
      ) : (
        <div
          style={{ margin: '6px 0 2px', fontSize: 24, fontWeight: 600, lineHeight: 1.3 }}
          data-testid="stat-value"
        >
          {number}
          {scaled.value !== null && scaled.unit && (
            <span style={{ fontSize: 13, fontWeight: 400, marginLeft: 4, opacity: 0.75 }}>{scaled.unit}</span>
          )}
        </div>
      )}
      {!loading &&
        comparisons?.map((c) => (
          <div key={c.mode} style={{ fontSize: 12 }}>
            <Typography.Text type="secondary" style={{ marginRight: 6 }}>
              {t(`stats.${c.mode}`)}
            </Typography.Text>
            <ComparisonCell
              value={value}
              previous={c.previous}
              pct={c.pct}
              reason={c.reason}
              since={c.since}
              unit={unit}
              precision={precision}
              mode={c.mode}
              showValue={false}
              goodDirection={goodDirection}
            />
          </div>
        ))}
      {footer}
    </Card>
  );
}
