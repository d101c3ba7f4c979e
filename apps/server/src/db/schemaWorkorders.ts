import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migration 0026_workorders; they mirror it exactly. */
type Stamp = ColumnType<Date, Date | string, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface WorkOrdersTable {
  id: Generated<number>;
  org_id: number;
  project_id: number;
  source_kind: 'event' | 'inspection' | 'manual';
  source_ref: Generated<string>;
  event_id: number | null;
  device_id: number | null;
  title: string;
  title_en: Generated<string>;
  description: Generated<string>;
  priority: string;
  state: Generated<string>;
  assignee_user_id: number | null;
  assignee_expert_id: number | null;
  created_by: number | null;
  respond_due: Stamp;
  resolve_due: Stamp;
  accepted_at: NullableStamp;
  arrived_at: NullableStamp;
  resolved_at: NullableStamp;
  verified_at: NullableStamp;
  closed_at: NullableStamp;
  respond_breached_at: NullableStamp;
  resolve_breached_at: NullableStamp;
  cause: Generated<string>;
  action_taken: Generated<string>;
  parts: Generated<string>;
  reject_reason: Generated<string>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WorkOrderLogTable {
  id: Generated<string>;
  order_id: number;
  action: string;
  from_state: string | null;
  to_state: string | null;
  user_id: number | null;
  note: Generated<string>;
  at: Generated<Date>;
}

export interface WorkOrderPhotosTable {
  id: Generated<number>;
  order_id: number;
  photo: Buffer;
  photo_type: string;
  taken_by: number | null;
  created_at: Generated<Date>;
}

export interface WorkOrderSlaTable {
  org_id: number;
  priority: string;
  respond_minutes: number;
  resolve_minutes: number;
}

export interface WorkOrdersDB {
  work_orders: WorkOrdersTable;
  work_order_log: WorkOrderLogTable;
  work_order_photos: WorkOrderPhotosTable;
  work_order_sla: WorkOrderSlaTable;
}
