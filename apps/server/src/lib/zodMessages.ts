import type { LocalizedDetail } from './errors.js';

/** The parts of a zod issue we explain to users; zod's own messages are English only. */
export interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
}

const typeNamesZh: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
};

/** English names where "a <expected>" would read wrong (zod names an integer `int`). */
const typeNamesEn: Record<string, string> = { int: 'an integer', object: 'an object', array: 'an array' };

/** One sentence per language that names the bad field and what is wrong with it. */
export function describeIssue(issue: IssueLike, where = 'body'): LocalizedDetail & { field: string } {
  const field = issue.path.length ? issue.path.map(String).join('.') : where;
  const expected = typeof issue.expected === 'string' ? issue.expected : '';
  const isString = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return {
        field,
        zh: `参数错误：${field} 类型错误，应为${typeNamesZh[expected] ?? expected}`,
        en: `Invalid input: ${field} must be ${expected ? (typeNamesEn[expected] ?? `a ${expected}`) : 'of another type'}`,
      };
    case 'too_small':
      return isString && Number(issue.minimum) === 1
        ? { field, zh: `参数错误：${field} 不能为空`, en: `Invalid input: ${field} must not be empty` }
        : {
            field,
            zh: `参数错误：${field} ${isString ? '长度' : ''}不能小于 ${String(issue.minimum)}`,
            en: `Invalid input: ${field} must be at least ${String(issue.minimum)}${isString ? ' characters' : ''}`,
          };
    case 'too_big':
      return {
        field,
        zh: `参数错误：${field} ${isString ? '长度' : ''}不能大于 ${String(issue.maximum)}`,
        en: `Invalid input: ${field} must be at most ${String(issue.maximum)}${isString ? ' characters' : ''}`,
      };
    case 'unrecognized_keys':
      return { field, zh: `参数错误：${field} 包含未知字段`, en: `Invalid input: ${field} has unknown fields` };
    default:
      return { field, zh: `参数错误：${field} 无效`, en: `Invalid input: ${field} is invalid (${issue.message})` };
  }
}
