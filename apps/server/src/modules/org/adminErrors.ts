import { ErrorCode } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';

/**
 * The organisation and project administration's refusals, each with its catalogue code and a zh/en message
 * that names the field (docs/onboarding-orgs.md).
 */
export const adminErrors = {
  versionConflict: (what: 'org' | 'project') =>
    new AppError(
      ErrorCode.Conflict,
      what === 'org'
        ? { zh: '该组织已被他人修改，请刷新后再保存', en: 'Someone else changed this organisation meanwhile; reload and save again' }
        : { zh: '该项目已被他人修改，请刷新后再保存', en: 'Someone else changed this project meanwhile; reload and save again' },
      'version',
    ),
  orgNotFound: (field = 'id') => new AppError(ErrorCode.NotFound, { zh: '组织不存在', en: 'Unknown organisation' }, field),
  projectNotFound: () => new AppError(ErrorCode.NotFound, { zh: '项目不存在', en: 'Unknown project' }, 'id'),
  roomNotFound: () => new AppError(ErrorCode.NotFound, { zh: '配电房不存在', en: 'Unknown room' }, 'id'),
  noManagePermission: () =>
    new AppError(ErrorCode.Forbidden, { zh: '当前账号没有管理权限', en: 'This account may not manage organisations and projects' }),
  tierBelowParent: (tier: number, parentTier: number) =>
    new AppError(
      ErrorCode.Validation,
      {
        zh: `tier：层级 ${tier} 必须低于上级组织的层级 ${parentTier}（区域大客户 → 集团客户 → 站级）`,
        en: `tier: level ${tier} must be below the parent's level ${parentTier} (regional → group → station)`,
      },
      'tier',
    ),
  tierAboveChildren: (tier: number, childTier: number) =>
    new AppError(
      ErrorCode.Validation,
      { zh: `tier：层级 ${tier} 必须高于下级组织的层级 ${childTier}`, en: `tier: level ${tier} must be above its children's level ${childTier}` },
      'tier',
    ),
  moveIntoOwnSubtree: () =>
    new AppError(
      ErrorCode.Validation,
      { zh: 'parent_id：不能移动到自身或其下级组织之下', en: 'parent_id: an organisation cannot move under itself or one of its descendants' },
      'parent_id',
    ),
  ownOrganisation: (field: string) =>
    new AppError(
      ErrorCode.Forbidden,
      { zh: '不能移动、停用或删除自己所在的组织', en: 'You cannot move, disable or delete your own organisation' },
      field,
    ),
  hasDependents: (name: string, nameEn: string, parts: { zh: string[]; en: string[] }) =>
    new AppError(
      ErrorCode.Conflict,
      { zh: `无法删除「${name}」：仍有${parts.zh.join('；')}`, en: `Cannot delete "${nameEn}": it still has ${parts.en.join('; ')}` },
      'id',
    ),
  badTimezone: (zone: string) =>
    new AppError(
      ErrorCode.Validation,
      { zh: `timezone：「${zone}」不是有效的 IANA 时区（如 Asia/Shanghai）`, en: `timezone: "${zone}" is not a valid IANA time zone (e.g. Asia/Shanghai)` },
      'timezone',
    ),
  stationOrgFixed: () =>
    new AppError(ErrorCode.Forbidden, { zh: 'org_id：站点用户不能更改站点所属组织', en: "org_id: a site user cannot change the station's organisation" }, 'org_id'),
  roomHasDevices: (name: string, nameEn: string, devices: string[], devicesEn: string[], total: number) =>
    new AppError(
      ErrorCode.Conflict,
      {
        zh: `无法删除「${name}」：仍有 ${total} 台设备：${devices.join('、')}${total > devices.length ? ' 等' : ''}`,
        en: `Cannot remove "${nameEn}": it still has ${total} device(s): ${devicesEn.join(', ')}${total > devicesEn.length ? ', …' : ''}`,
      },
      'id',
    ),
};
