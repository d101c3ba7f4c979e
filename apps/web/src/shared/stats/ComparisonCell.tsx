import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format/useFormat';
import { semanticColors } from '../theme/palette';
import type { ChangeReason } from '@gridops/contract';
import { changePct, changeReasonText, describeChange } from './change';

export interface ComparisonCellProps {
  value: number | null | undefined;
  previous?: number | null | undefined;
  /** Server-computed change (`mom_pct`/`yoy_pct`); computed from value and previous when absent. */
  pct?: number | null;
  unit?: string;
  precision?: number;
  /** 'mom' or 'yoy' names the comparison in the tooltip. */
  mode?: 'mom' | 'yoy';
  /** Why the server sent no change (`mom_reason`/`yoy_reason`): the tooltip of the '-' says so. */
  reason?: ChangeReason | null;
  /** First stored reading (ISO, `data_since`), named in the `base_not_covered` tooltip as a site-local date. */
  since?: string | null;
  /** Show the value before the change (default true); false for a bare "change %" column. */
  showValue?: boolean;
  /**
   * Which direction is good. Energy use going up is bad (red up, green down: the default); for generation
   * or income pass 'up'.
   */
  goodDirection?: 'up' | 'down';
}

/** Value and its change against a base: "1.20万kWh ↑20.0%", '-' when there is no base. */
export function ComparisonCell({
  value,
  previous,
  pct,
  reason,
  since,
  unit = '',
  precision = 2,
  mode = 'mom',
  showValue = true,
  goodDirection = 'down',
}: ComparisonCellProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const change = describeChange(pct !== undefined ? pct : changePct(value, previous));
  const good = change.direction === goodDirection;
  const color =
    change.direction === null || change.direction === 'flat'
      ? undefined
      : good
        ? semanticColors.down
        : semanticColors.up;
  const prevText = f.unit(previous, unit, { precision }).text;
  const label =
    mode === 'mom'
      ? t('stats.previousValue', { value: prevText })
      : t('stats.samePeriodValue', { value: prevText });
  const why = change.pct === null ? changeReasonText(t, reason, since ? f.date(since, 'YYYY-MM-DD') : null) : null;
  const tip = why ?? (previous === undefined ? undefined : `${t(`stats.${mode}`)} · ${label}`);
  return (
    <span
      className="comparison-cell"
      data-testid="comparison-cell"
      data-direction={change.direction ?? 'none'}
      data-reason={why ? (reason ?? undefined) : undefined}
    >
      {showValue && <span style={{ marginRight: 8 }}>{f.unit(value, unit, { precision }).text}</span>}
      <Tooltip title={tip}>
        <Typography.Text style={{ color }} data-testid="comparison-change">
          {change.text}
        </Typography.Text>
      </Tooltip>
    </span>
  );
}
