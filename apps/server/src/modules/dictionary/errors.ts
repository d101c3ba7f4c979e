import { ErrorCode } from '@gridops/contract';
import { AppError } from '../../lib/errors.js';

/** The data dictionary's refusals: catalogue codes with a zh/en message naming the field (docs/dictionary.md). */
export const dictionaryErrors = {
  versionConflict: () =>
    new AppError(ErrorCode.Conflict, { zh: 'version：该字典项已被他人修改，请刷新后再保存', en: 'version: someone else changed this entry meanwhile; reload and save again' }, 'version'),
  unknownKey: (key: string) =>
    new AppError(ErrorCode.Validation, { zh: `key：字典项「${key}」不存在`, en: `key: there is no entry "${key}"` }, 'key'),
  closedKind: () =>
    new AppError(ErrorCode.Validation, { zh: 'kind：该类字典项固定，只能修改名称', en: 'kind: this kind has a fixed set of entries; only their names can change' }, 'kind'),
  cannotDisable: () =>
    new AppError(ErrorCode.Validation, { zh: 'enabled：该类字典项不能停用', en: 'enabled: entries of this kind cannot be disabled' }, 'enabled'),
  keyExists: (key: string) =>
    new AppError(ErrorCode.Validation, { zh: `key：字典项「${key}」已存在`, en: `key: an entry "${key}" exists already` }, 'key'),
  nothingToReset: () =>
    new AppError(ErrorCode.Validation, { zh: 'key：该组织未修改此字典项，无需恢复', en: 'key: this organisation has not changed this entry; nothing to reset' }, 'key'),
  addedHere: () =>
    new AppError(ErrorCode.Validation, { zh: 'key：本组织新增的字典项不能恢复默认，可停用', en: 'key: an entry this organisation added has no default to go back to; disable it instead' }, 'key'),
  noManagePermission: () =>
    new AppError(ErrorCode.Forbidden, { zh: '当前账号不能修改数据字典（需中心用户的「配置」权限）', en: 'This account may not change the data dictionary (a centre user with "configure" may)' }),
};
