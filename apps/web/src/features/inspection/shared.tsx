import type { InspectionPlan, InspectionTask, TaskStatus } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<TaskStatus, string> = { pending: 'blue', in_progress: 'gold', done: 'green', overdue: 'red' };

export function TaskStatusTag({ task }: { task: Pick<InspectionTask, 'status' | 'late'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={STATUS_COLOR[task.status]} data-testid="task-status">
        {t(`inspection.taskStatus.${task.status}`)}
      </Tag>
      {task.late ? <Tag color="orange">{t('inspection.late')}</Tag> : null}
    </>
  );
}

/** A plan's schedule in words ("每周一、四" / "Weekly on Mon, Thu"). */
export function scheduleText(p: Pick<InspectionPlan, 'schedule'>, t: TFunction): string {
  const s = p.schedule;
  const sep = t('inspection.weekday.1') === '一' ? '、' : ', ';
  const days = s.weekdays.map((d) => t(`inspection.weekday.${d}`)).join(sep);
  return t(`inspection.scheduleText.${s.kind}`, { days, day: s.month_day ?? '', date: s.start_date });
}

/** A task's window in its site's wall clock: "09:00–12:00". */
export const windowText = (task: Pick<InspectionTask, 'window_start' | 'window_end' | 'timezone'>) =>
  `${formatInZone(new Date(task.window_start), task.timezone, 'HH:mm')}–${formatInZone(new Date(task.window_end), task.timezone, 'HH:mm')}`;

export const siteTime = (iso: string | null, zone: string) => (iso ? formatInZone(new Date(iso), zone, 'YYYY-MM-DD HH:mm') : '');

/** A normal range as text: "0–60 °C", "≤ 60 °C", "≥ 0 °C". */
export function rangeText(min: number | null, max: number | null, unit: string): string {
  const u = unit ? ` ${unit}` : '';
  if (min !== null && max !== null) return `${min}–${max}${u}`;
  if (max !== null) return `≤ ${max}${u}`;
  if (min !== null) return `≥ ${min}${u}`;
  return '';
}
