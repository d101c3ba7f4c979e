import type { EquipmentSchedule } from '@gridops/contract';
import { Button, Popover, Select, Space, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Weekdays 07:30–19:00" in the console's language. */
export function scheduleText(s: EquipmentSchedule, t: (k: string) => string): string {
  return `${t(`building.page.days.${s.days}`)} ${s.start}–${s.end}`;
}

/**
 * A unit's operating hours with, for an operator, a small editor whose "send" starts select-before-operate
 * (the page's control dialog asks for the password; docs/smart-building.md).
 */
export function ScheduleEditor({ unitId, schedule, canControl, busy, onSend }: { unitId: number; schedule: EquipmentSchedule; canControl: boolean; busy: boolean; onSend: (s: EquipmentSchedule) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<EquipmentSchedule>(schedule);
  const shown = (
    <span data-testid={`schedule-${unitId}`} style={{ whiteSpace: 'nowrap' }}>
      {scheduleText(schedule, t)}
    </span>
  );
  if (!canControl) return shown;
  const valid = draft.end > draft.start;
  const editor = (
    <Space direction="vertical" size={8} data-testid={`schedule-editor-${unitId}`}>
      <Select
        size="small"
        style={{ width: 200 }}
        value={draft.days}
        onChange={(days) => setDraft((d) => ({ ...d, days }))}
        options={(['weekdays', 'everyday'] as const).map((d) => ({ value: d, label: t(`building.page.days.${d}`) }))}
        data-testid={`schedule-days-${unitId}`}
      />
      <TimePicker.RangePicker
        size="small"
        format="HH:mm"
        minuteStep={5}
        allowClear={false}
        value={[dayjs(`2000-01-01T${draft.start}`), dayjs(`2000-01-01T${draft.end}`)]}
        onChange={(v) => v?.[0] && v[1] && setDraft((d) => ({ ...d, start: v[0]!.format('HH:mm'), end: v[1]!.format('HH:mm') }))}
        data-testid={`schedule-range-${unitId}`}
      />
      {!valid && <span style={{ color: '#ff7875' }}>{t('building.page.scheduleEndAfterStart')}</span>}
      <Button
        size="small"
        type="primary"
        disabled={busy || !valid}
        data-testid={`schedule-send-${unitId}`}
        onClick={() => {
          setOpen(false);
          onSend(draft);
        }}
      >
        {t('building.page.set')}
      </Button>
    </Space>
  );
  return (
    <Space size={4}>
      {shown}
      <Popover
        trigger="click"
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o) setDraft(schedule);
        }}
        content={editor}
        title={t('building.page.scheduleTitle')}
      >
        <Button size="small" disabled={busy} data-testid={`schedule-edit-${unitId}`}>
          {t('building.page.scheduleEdit')}
        </Button>
      </Popover>
    </Space>
  );
}
