import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Segmented, Skeleton, Tag } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/sessionStore';
import { unitScaleFor } from '../../../shared/format';
import type { Formatters } from '../../../shared/format';
import type { CompareMode } from '../rows';

/**
 * Every energy page reads one site. A centre user who has not picked one gets a prompt pointing at the
 * header's site selector instead of a page of errors. Keyed by project so a site switch starts clean.
 */
export function EnergyGate({ testId, children }: { testId: string; children: (projectId: number) => ReactNode }) {
  const { t } = useTranslation();
  const proID = useSession((s) => s.proID);
  if (!proID)
    return (
      <Empty data-testid="energy-need-site" style={{ marginTop: 64 }} description={t('energy.needSite')}>
        <span style={{ opacity: 0.65 }}>{t('energy.needSiteHint')}</span>
      </Empty>
    );
  return (
    <div data-testid={testId} data-project={proID} key={proID} className="energy-page">
      {children(proID)}
    </div>
  );
}

/** Loading / error / empty around a query's content, so every card says honestly what it has. */
export function QueryState(props: {
  loading: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  rows?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.loading) return <Skeleton active paragraph={{ rows: props.rows ?? 4 }} data-testid="energy-loading" />;
  if (props.error)
    return (
      <Result
        status="warning"
        data-testid="energy-error"
        title={t('energy.loadFailed')}
        subTitle={props.error instanceof Error ? props.error.message : undefined}
        extra={
          props.onRetry ? (
            <Button icon={<ReloadOutlined />} onClick={props.onRetry}>
              {t('energy.retry')}
            </Button>
          ) : null
        }
      />
    );
  if (props.empty)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={props.emptyText ?? t('energy.noData')}
        data-testid="energy-empty"
      />
    );
  return <>{props.children}</>;
}

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

/** A titled card filling its grid cell. */
export function Panel({
  title,
  extra,
  children,
  style,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <Card size="small" title={title} extra={extra} style={{ height: '100%', ...style }} data-testid={testId}>
      {children}
    </Card>
  );
}

/** Percent text with one decimal, '-' when absent. */
export const pctText = (f: Formatters, v: number | null | undefined, precision = 1): string =>
  v === null || v === undefined ? '-' : `${f.number(v, precision)}%`;

/** Vertical stack with the console's 12 px rhythm. */
export function Stack({ children, gap = 12 }: { children: ReactNode; gap?: number }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap, width: '100%' }}>{children}</div>;
}

/** Toolbar row: pickers on the left, actions (export) on the right. */
export function Toolbar({ left, right }: { left: ReactNode; right?: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'center' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>{left}</div>
      {right}
    </div>
  );
}
