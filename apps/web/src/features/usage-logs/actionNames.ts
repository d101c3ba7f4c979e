import type { TFunction } from 'i18next';

/**
 * Names of usage-log actions and targets in the reader's language. An action is stored as a code — the route's
 * `group.name` from the contract's table (`member.update`, `gateway.createDevice`) or a domain's own
 * (`face.photo.view`) — and a target as a type and id (`face_person #6`). The page shows "module · operation"
 * built from the code's first and last parts and keeps the code itself for the filter, the tooltip and the
 * detail drawer. A part without a name falls back to the code, so a new route is never hidden.
 */
export function actionName(t: TFunction, code: string): string {
  const parts = code.split('.');
  const group = parts[0] ?? code;
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  const module = t(`auditLog.module.${group}`, { defaultValue: '' });
  if (!module) return code;
  const verb = verbOf(last);
  const verbName = verb ? t(`auditLog.verb.${verb}`, { defaultValue: '' }) : '';
  return verbName ? `${module} · ${verbName}` : module;
}

/** The operation of a route name: its leading lower-case word (`createDevice` → `create`, `view` → `view`). */
function verbOf(name: string): string {
  return /^[a-z]+/.exec(name)?.[0] ?? '';
}

/** "设备 #12" / "Device #12"; an unnamed type shows as stored. */
export function targetName(t: TFunction, type: string, id: string | null): string {
  const name = t(`auditLog.targetType.${type}`, { defaultValue: type });
  return `${name} #${id ?? ''}`;
}
