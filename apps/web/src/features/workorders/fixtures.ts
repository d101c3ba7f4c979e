import type { WorkOrder, WorkOrderDetail } from '@gridops/contract';

const hour = 3600_000;

/** A work order as the API answers it (render tests); times relative to `now` so countdowns read sensibly. */
export function woFixture(over: Partial<WorkOrderDetail> = {}, now = Date.now()): WorkOrderDetail {
  const created = now - hour;
  return {
    id: 7,
    code: 'WO-000007',
    org_id: 2,
    project_id: 1,
    project_name: '苏州工业园光储充站',
    project_name_en: 'Suzhou PV-storage-charging station',
    latitude: 31.3,
    longitude: 120.7,
    timezone: 'Asia/Shanghai',
    source_kind: 'event',
    source_ref: '42',
    event_id: 42,
    device_id: 2,
    device_name: '1# 变压器',
    device_name_en: 'Transformer 1',
    title: '1号变压器绕组温度越上限',
    title_en: 'Transformer 1 winding temperature above limit',
    description: '绕组温度 112 ℃',
    priority: 'high',
    state: 'assigned',
    assignee_kind: 'user',
    assignee_id: 3,
    assignee_name: '王强',
    assignee_name_en: 'Wang Qiang',
    assignee_phone: '',
    respond_due: new Date(created + 0.5 * hour).toISOString(),
    resolve_due: new Date(created + 8 * hour).toISOString(),
    accepted_at: null,
    arrived_at: null,
    resolved_at: null,
    verified_at: null,
    closed_at: null,
    cause: '',
    action_taken: '',
    parts: '',
    reject_reason: '',
    photo_ids: [],
    actions: ['assign'],
    version: 2,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created).toISOString(),
    timeline: [
      { action: 'create', from_state: null, to_state: 'created', note: '', at: new Date(created).toISOString(), user_name: '李娜', user_name_en: 'Li Na' },
      { action: 'assign', from_state: 'created', to_state: 'assigned', note: '王强|Wang Qiang', at: new Date(created + 60_000).toISOString(), user_name: '李娜', user_name_en: 'Li Na' },
      { action: 'breach', from_state: null, to_state: null, note: 'respond', at: new Date(created + 0.5 * hour).toISOString(), user_name: null, user_name_en: null },
    ],
    ...over,
  };
}

export const woList = (list: WorkOrder[]) => ({ total: list.length, list });
