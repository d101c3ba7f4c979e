import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format/useFormat';
import { semanticColors } from '../theme/palette';
import { changePct, describeChange } from './change';

export interface ComparisonCellProps {
  value: number | null | undefined;
  previous?: number | null | undefined;
  /** Server-computed change (`mom_pct`/`yoy_pct`); computed from value and previous when absent. */
  pct?: number | null;
  unit?: string;
  precision?: number;
  /** 'mom' or 'yoy' names the comparison in the tooltip. */
  mode?: 'mom' | 'yoy';
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
  return (
    <span
      className="comparison-cell"
      data-testid="comparison-cell"
      data-direction={change.direction ?? 'none'}
    >
      {showValue && <span style={{ marginRight: 8 }}>{f.unit(value, unit, { precision }).text}</span>}
      <Tooltip title={previous === undefined ? undefined : `${t(`stats.${mode}`)} · ${label}`}>
        <Typography.Text style={{ color }} data-testid="comparison-change">
          {change.text}
        </Typography.Text>
      </Tooltip>
    </span>
  );
}
