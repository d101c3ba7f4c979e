import type { InspectionPlan, InspectionTask, InspectionTemplate, TaskDetail } from '@gridops/contract';

/** Test fixtures of the inspection pages (render tests and the reading chart). */
export const template: InspectionTemplate = {
  id: 5,
  project_id: 1,
  name: '配电设备巡检表',
  name_en: 'Switchgear checklist',
  version: 1,
  items: [
    { key: 'clean', kind: 'visual', category: 'environment', name: '柜体清洁', name_en: 'Cabinet clean', unit: '', min: null, max: null, options: [] },
    { key: 'temp', kind: 'reading', category: 'electrical', name: '柜内温度', name_en: 'Cabinet temperature', unit: '°C', min: 0, max: 60, options: [] },
  ],
};

export const plan: InspectionPlan = {
  id: 8,
  project_id: 1,
  name: '配电房日巡',
  name_en: 'Switch room daily round',
  checkpoints: [{ kind: 'room', ref_id: 3, template_id: 5, code: 'GO1:R:3', name: '1#配电房', name_en: 'Switch room 1' }],
  schedule: { kind: 'weekly', start_date: '2026-11-02', until: null, weekdays: [1, 4], month_day: null },
  rrule: 'DTSTART;TZID=Asia/Shanghai:20261102T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH',
  window_start: '09:00',
  window_end: '12:00',
  assignee_id: 4,
  assignee_name: '王强',
  assignee_name_en: 'Wang Qiang',
  status: 'published',
  version: 2,
};

export const task: InspectionTask = {
  id: 31,
  plan_id: 8,
  project_id: 1,
  project_name: '苏州工业园光储充站',
  project_name_en: 'Suzhou PV-storage-charging station',
  timezone: 'Asia/Shanghai',
  plan_name: plan.name,
  plan_name_en: plan.name_en,
  occurrence: '2026-11-25',
  window_start: '2026-11-25T01:00:00.000Z',
  window_end: '2026-11-25T04:00:00.000Z',
  assignee_id: 4,
  assignee_name: '王强',
  assignee_name_en: 'Wang Qiang',
  status: 'pending',
  late: false,
  started_at: null,
  submitted_at: null,
  checkpoint_count: 1,
  finding_count: 0,
};

export const overdueTask: InspectionTask = { ...task, id: 30, occurrence: '2026-11-24', window_start: '2026-11-24T01:00:00.000Z', window_end: '2026-11-24T04:00:00.000Z', status: 'overdue' };

export const detail: TaskDetail = {
  ...task,
  status: 'in_progress',
  started_at: '2026-11-25T01:05:00.000Z',
  checkpoints: [{ ...plan.checkpoints[0]!, seq: 0, items: template.items }],
  results: [],
  findings: [],
  submission_id: null,
};

export const doneDetail: TaskDetail = {
  ...detail,
  id: 29,
  status: 'done',
  submitted_at: '2026-11-25T02:10:00.000Z',
  finding_count: 1,
  submission_id: '7c1f4f0e-8f65-4c4e-9a55-2f1d3c2b1a00',
  results: [
    {
      seq: 0,
      code: 'GO1:R:3',
      method: 'scan',
      checked_in_at: '2026-11-25T01:06:00.000Z',
      answers: [
        { key: 'clean', ok: true, value: null, choice: null, note: '', photo_ids: [], abnormal: false },
        { key: 'temp', ok: null, value: 71.5, choice: null, note: '柜内过热 / cabinet hot', photo_ids: [90], abnormal: true },
      ],
    },
  ],
  findings: [
    {
      id: 12,
      task_id: 29,
      project_id: 1,
      seq: 0,
      checkpoint_name: '1#配电房',
      checkpoint_name_en: 'Switch room 1',
      item_key: 'temp',
      item_name: '柜内温度',
      item_name_en: 'Cabinet temperature',
      value: 71.5,
      unit: '°C',
      note: 'cabinet hot',
      photo_ids: [90],
      defect_status: 'open',
      created_at: '2026-11-25T02:10:00.000Z',
    },
  ],
};
