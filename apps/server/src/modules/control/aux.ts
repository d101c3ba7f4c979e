import { AUX_KINDS, AUX_SETPOINTS, auxSetpointLimits, deviceCatalog, ErrorCode, isAuxKind, type ControlAction, type Lang } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { controlRepository as repo } from './repository.js';
import { pickLang } from '../../lib/lang.js';

/** Auxiliary devices (fans, AC, dehumidifiers, lights, pumps): what /AuxControl lists and how a selection becomes an `aux` command. */

const asProps = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const AUX_ACTIONS: ControlAction[] = ['on', 'off'];

export async function auxTargets(db: Db, projectId: number, lang: Lang) {
  const rows = await repo.auxPoints(db, projectId, AUX_KINDS);
  const out = new Map<number, { device_id: number; room_id: number | null; room_name: string; name: string; kind: string; running: boolean | null; power_kw: number | null; setpoint: { key: string; name: string; unit: string; value: number | null; min: number; max: number; step: number } | null; ts: string | null; gateway_online: boolean; actions: ControlAction[] }>();
  for (const r of rows) {
    if (!isAuxKind(r.kind)) continue;
    let t = out.get(r.id);
    if (!t) {
      const limits = auxSetpointLimits(r.kind, asProps(r.props));
      t = {
        device_id: r.id,
        room_id: r.room_id,
        room_name: pickLang(lang, r.room_name, r.room_name_en),
        name: pickLang(lang, r.name, r.name_en),
        kind: r.kind,
        running: null,
        power_kw: null,
        setpoint: limits ? { ...limits, name: '', unit: '', value: null } : null,
        ts: null,
        gateway_online: r.gateway_online ?? false,
        // A device closed to remote control (/RunSetup/AuxDeviceSet) is listed without actions.
        actions: !auxRemoteEnabled(r.props) ? [] : limits ? [...AUX_ACTIONS, 'setpoint'] : AUX_ACTIONS,
      };
      out.set(r.id, t);
    }
    if (r.key === 'run' && r.value !== null) t.running = r.value >= 0.5;
    if (r.key === 'P') t.power_kw = r.value;
    if (t.setpoint && r.key === t.setpoint.key) t.setpoint = { ...t.setpoint, name: pickLang(lang, r.point_name, r.point_name_en), unit: r.unit ?? '', value: r.value };
    if (r.ts && (!t.ts || r.ts.toISOString() > t.ts)) t.ts = r.ts.toISOString();
  }
  return [...out.values()];
}

/** Whether remote control (operators and automation) may operate the device: props `remote_control`, on unless set false (/RunSetup/AuxDeviceSet). */
export const auxRemoteEnabled = (props: unknown) => asProps(props).remote_control !== false;

const refuse = (zh: string, en: string, field: string) => new AppError(ErrorCode.Validation, { zh, en }, field);

/**
 * The gateway command for a selection on an auxiliary device, or an error naming the field: the action must
 * suit an auxiliary device and a set-point must lie within the device's limits (kind defaults narrowed by props).
 */
export function auxCommand(d: { sn: string; kind: string; props: unknown }, action: ControlAction, value: number | undefined) {
  if (!isAuxKind(d.kind)) throw new Error('not an auxiliary device');
  if (action === 'on' || action === 'off') return { params: { device_sn: d.sn, run: action === 'on' }, setpoint: null };
  if (action !== 'setpoint') throw refuse('辅助设备只能启动、停止或调节设定值', 'An auxiliary device can only be switched on, off or adjusted', 'action');
  const limits = auxSetpointLimits(d.kind, asProps(d.props));
  const def = AUX_SETPOINTS[d.kind];
  if (!limits || !def) throw refuse('该设备没有可调节的设定值', 'This device has no adjustable set-point', 'action');
  const point = deviceCatalog[d.kind].points.find((p) => p.key === def.key);
  const [zh, en] = [point?.name ?? def.key, point?.name_en ?? def.key];
  if (value === undefined) throw refuse(`请填写${zh}`, `${en} is required`, 'value');
  if (value < limits.min || value > limits.max) {
    throw refuse(`${zh}超出允许范围 ${limits.min}–${limits.max}${point?.unit ?? ''}`, `${en} must be between ${limits.min} and ${limits.max}${point?.unit ? ` ${point.unit}` : ''}`, 'value');
  }
  const setpoint = { key: def.key, value };
  return { params: { device_sn: d.sn, setpoint }, setpoint };
}
