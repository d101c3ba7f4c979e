import { DatePicker, Segmented, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { presetRange, RANGE_PRESETS } from './timeRange';
import type { RangePreset, TimeRange } from './timeRange';

export interface RangeValue {
  preset: RangePreset;
  range: TimeRange;
}

/** Presets (today, 24 h, 7 d, 30 d) and a custom from–to with time; choosing a preset recomputes "now". */
export function RangeControl({ value, onChange, maxDays }: { value: RangeValue; onChange: (v: RangeValue) => void; maxDays: number }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Segmented
        data-testid="range-preset"
        value={value.preset}
        onChange={(preset: RangePreset) => onChange({ preset, range: presetRange(preset, dayjs(), value.range) })}
        options={RANGE_PRESETS.map((p) => ({ value: p, label: t(`analysis.presets.${p}`) }))}
      />
      {value.preset === 'custom' && (
        <DatePicker.RangePicker
          data-testid="range-custom"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={[value.range.from, value.range.to]}
          disabledDate={(d, info) => {
            const from = info.from;
            return d.isAfter(dayjs().endOf('day')) || (from !== undefined && Math.abs(d.diff(from, 'day')) > maxDays);
          }}
          onChange={(r) => {
            if (r?.[0] && r[1]) onChange({ preset: 'custom', range: { from: r[0], to: r[1] } });
          }}
        />
      )}
    </Space>
  );
}
