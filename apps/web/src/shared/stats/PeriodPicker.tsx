import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Space } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { feedback } from '../ui/feedback';
import {
  ALL_PERIODS,
  CUSTOM_MAX_DAYS,
  DATE_FORMAT,
  changeKind,
  isFuturePeriod,
  isValidRange,
  shiftPeriod,
} from './period';
import type { PeriodValue, StatPeriod } from './period';

export interface PeriodPickerProps {
  value: PeriodValue;
  onChange: (value: PeriodValue) => void;
  /** Which kinds to offer, default all four. */
  periods?: readonly StatPeriod[];
  /** Allow periods after today (default false: statistics have no future). */
  allowFuture?: boolean;
  disabled?: boolean;
  /** Today (`YYYY-MM-DD`) on the site's clock, which decides what is in the future; default the browser's day. */
  today?: string;
}

const PICKER = { day: 'date', month: 'month', year: 'year' } as const;

/**
 * Day / month / year / custom range. antd's DatePicker takes its language from ConfigProvider and dayjs's
 * global locale, both switched with the console language (zh-cn, en), so week starts and month names follow.
 */
export function PeriodPicker({
  value,
  onChange,
  periods = ALL_PERIODS,
  allowFuture = false,
  disabled,
  today: siteToday,
}: PeriodPickerProps) {
  const { t } = useTranslation();
  const today = siteToday ? dayjs(siteToday) : dayjs();
  const disabledDate = (d: Dayjs) => !allowFuture && d.isAfter(today, 'day');
  const next = shiftPeriod(value, 1);
  return (
    <Space wrap size={8} data-testid="period-picker" data-period={value.period}>
      <Segmented<StatPeriod>
        aria-label={t('stats.periodKind')}
        value={value.period}
        disabled={disabled}
        options={periods.map((p) => ({ value: p, label: t(`stats.period.${p}`) }))}
        onChange={(p) => onChange(changeKind(value, p))}
      />
      <Space.Compact>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('stats.prev')}
          disabled={disabled}
          onClick={() => onChange(shiftPeriod(value, -1))}
          data-testid="period-prev"
        />
        {value.period === 'custom' ? (
          <DatePicker.RangePicker
            allowClear={false}
            disabled={disabled}
            value={[dayjs(value.from), dayjs(value.to)]}
            disabledDate={disabledDate}
            onChange={(range) => {
              const [from, to] = range ?? [];
              if (!from || !to) return;
              const r = { from: from.format(DATE_FORMAT), to: to.format(DATE_FORMAT) };
              if (!isValidRange(r)) feedback.warning(t('stats.rangeTooLong', { days: CUSTOM_MAX_DAYS }));
              else onChange({ period: 'custom', ...r });
            }}
          />
        ) : (
          <DatePicker
            allowClear={false}
            disabled={disabled}
            picker={PICKER[value.period]}
            value={dayjs(value.date)}
            disabledDate={disabledDate}
            onChange={(d) => d && onChange({ period: value.period, date: d.format(DATE_FORMAT) })}
          />
        )}
        <Button
          icon={<RightOutlined />}
          aria-label={t('stats.next')}
          disabled={disabled || (!allowFuture && isFuturePeriod(next, today))}
          onClick={() => onChange(next)}
          data-testid="period-next"
        />
      </Space.Compact>
    </Space>
  );
}
