/**
 * The error catalogue. Every failure the server reports carries one of these codes in the envelope
 * `{ code, msg, data }`; `msg` is the text below in the caller's language. Code 1 is success (spec §8).
 */
export const ErrorCode = {
  Ok: 1,
  /** Session invalid: missing, unknown, expired or revoked token. The console logs out (spec §4, §8). */
  SessionInvalid: 10001,
  BadCredentials: 10002,
  TooManyAttempts: 10003,
  Forbidden: 10004,
  NotFound: 10005,
  Validation: 10006,
  BadHeaders: 10007,
  Conflict: 10008,
  BadJson: 10009,
  AccountDisabled: 10010,
  /** The account must change its password (first login) before anything but change-password, userinfo, logout. */
  PasswordChangeRequired: 10030,
  /** An imported file past a size or complexity limit (compressed or inflated size, rows, columns, cell length, reading time or memory); the message names the limit and the field. */
  ImportTooLarge: 10040,
  /**
   * A stored secret (SMTP password, webhook URL key or signing secret, camera password) is bound to where it was
   * sent: a new host, port or URL needs the secret entered again (`data.field` names it).
   */
  SecretRequired: 10042,
  Internal: 10500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type Lang = 'zh' | 'en';

export const errorMessages: Record<ErrorCode, Record<Lang, string>> = {
  [ErrorCode.Ok]: { zh: '成功', en: 'Success' },
  [ErrorCode.SessionInvalid]: { zh: '登录已失效，请重新登录', en: 'Your session has expired. Please log in again.' },
  [ErrorCode.BadCredentials]: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  [ErrorCode.TooManyAttempts]: {
    zh: '尝试次数过多，请稍后再试',
    en: 'Too many attempts. Please try again later.',
  },
  [ErrorCode.Forbidden]: { zh: '无权访问该资源', en: 'You do not have access to this resource' },
  [ErrorCode.NotFound]: { zh: '资源不存在', en: 'Not found' },
  [ErrorCode.Validation]: { zh: '参数错误', en: 'Invalid input' },
  [ErrorCode.BadHeaders]: { zh: '请求头缺失或无效', en: 'Missing or invalid request headers' },
  [ErrorCode.Conflict]: { zh: '数据冲突', en: 'Conflict with existing data' },
  [ErrorCode.BadJson]: { zh: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  [ErrorCode.AccountDisabled]: { zh: '账号已停用', en: 'This account is disabled' },
  [ErrorCode.PasswordChangeRequired]: {
    zh: '首次登录须先修改密码',
    en: 'You must change your password before continuing',
  },
  [ErrorCode.ImportTooLarge]: { zh: '导入文件过大或过于复杂', en: 'The import file is too large or too complex' },
  [ErrorCode.SecretRequired]: {
    zh: '目标地址已更改，请重新输入密码或密钥',
    en: 'The destination changed: enter the password or secret again',
  },
  [ErrorCode.Internal]: { zh: '服务器内部错误', en: 'Internal server error' },
};

export const errorMessage = (code: ErrorCode, lang: Lang): string => errorMessages[code][lang];
