import type { Quality } from '@gridops/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/useFormat';
import { digitalState, QUALITY_COLOR, TONE_COLOR } from '../points';
import type { RtPoint } from '../points';

export function QualityTag({ quality }: { quality: Quality }) {
  const { t } = useTranslation();
  return (
    <Tag color={QUALITY_COLOR[quality]} data-quality={quality} variant="outlined">
      {t(`distribution.quality.${quality}`)}
    </Tag>
  );
}

/** A digital point's state as a coloured tag (合闸/分闸, 正常/告警, …). */
export function StateTag({ pointKey, value }: { pointKey: string; value: number | null }) {
  const { t } = useTranslation();
  const s = digitalState(pointKey, value);
  // Breakers keep the diagram's convention (closed red, open green) wherever they appear.
  const color = pointKey === 'breaker' && value !== null ? (value >= 0.5 ? 'red' : 'green') : TONE_COLOR[s.tone];
  return (
    <Tag color={color} data-state={s.tone}>
      {t(s.labelKey)}
    </Tag>
  );
}

/**
 * A point's value as operators read it: analog and counter values with their precision and the unit scaled
 * per spec §9 (kW → MW, kWh → 万kWh/MWh above 10000); digital values as a state tag.
 */
export function PointValue({ point, withUnit = true }: { point: Pick<RtPoint, 'key' | 'kind' | 'unit' | 'precision' | 'value'>; withUnit?: boolean }) {
  const f = useFormat();
  if (point.kind === 'digital') return <StateTag pointKey={point.key} value={point.value} />;
  const s = f.unit(point.value, point.unit, { precision: point.precision });
  return <span data-value={point.value ?? ''}>{withUnit ? s.text : f.number(s.value, point.precision)}</span>;
}

/** A time with its relative form ("3秒前") on hover-free screens, the full time in the tooltip. */
export function TimeText({ value, now }: { value: string | null; now?: string }) {
  const f = useFormat();
  if (!value) return <span>-</span>;
  return (
    <Tooltip title={f.date(value)}>
      <span data-time={value}>{f.date(value, 'HH:mm:ss')}{now ? ` · ${f.relative(value, now)}` : ''}</span>
    </Tooltip>
  );
}
