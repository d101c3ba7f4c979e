import { ErrorCode } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { gatewaysRepository as repo } from './repository.js';

/** The upstream device (devices.parent_id) errors, each naming the field the client sent. */
export const parentErrors = {
  notInProject: () =>
    new AppError(
      ErrorCode.NotFound,
      { zh: '上级设备 parent_id 不存在或不属于该站点', en: 'Upstream device (parent_id) does not exist or belongs to another site' },
      'parent_id',
    ),
  self: () => new AppError(ErrorCode.Validation, { zh: '上级设备 parent_id 不能是设备本身', en: 'Upstream device (parent_id) cannot be the device itself' }, 'parent_id'),
  cycle: () =>
    new AppError(
      ErrorCode.Validation,
      { zh: '上级设备 parent_id 会形成环：所选设备在本设备之下', en: 'Upstream device (parent_id) would form a cycle: the chosen device hangs under this one' },
      'parent_id',
    ),
};

/** How far up a chain is walked: a chain longer than any real single-line diagram is treated as a cycle. */
const MAX_DEPTH = 64;

/**
 * Checks an upstream device the client sent for a device of `projectId` (`selfId`: the device being edited, absent
 * when it is being created): it must stand under a gateway of the same project, not be the device itself, and not
 * hang (directly or further down) under the device — the diagram draft walks these links and must not loop.
 * null and undefined pass through. Run inside the writing transaction so the chain read is the one written against.
 */
export async function checkParent<T extends number | null | undefined>(db: Db, projectId: number, parentId: T, selfId?: number): Promise<T> {
  if (parentId === null || parentId === undefined) return parentId;
  if (parentId === selfId) throw parentErrors.self();
  const parent = await repo.parentLink(db, parentId);
  if (!parent || parent.project_id !== projectId) throw parentErrors.notInProject();
  if (selfId === undefined) return parentId;
  let next = parent.parent_id;
  for (let depth = 0; next !== null; depth++) {
    if (next === selfId || depth >= MAX_DEPTH) throw parentErrors.cycle();
    next = (await repo.parentLink(db, next))?.parent_id ?? null;
  }
  return parentId;
}
