/**
 * The password policy, stated once: the server validates new passwords with it and the web shows the same
 * rules and messages beside the field. A password must
 * - be at least PASSWORD_MIN_LENGTH characters (and at most PASSWORD_MAX_LENGTH),
 * - mix at least 3 of 4 character classes: lower-case letters, upper-case letters, digits, other characters,
 * - differ from the username (case-insensitive, also reversed),
 * - not be one of the commonly used passwords below (case-insensitive).
 */
import type { Lang } from './errors.js';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_CLASSES = 3;

/** Passwords seen at the top of public breach lists that the length and class rules alone would let through. */
const COMMON_PASSWORDS = new Set([
  'password123', 'password1!', 'password12', 'password@123', 'passw0rd123', 'p@ssw0rd123', 'p@ssword123', 'qwerty123!',
  'qwertyuiop1', 'qwerty12345', '1qaz2wsx3edc', '1qaz@wsx3edc', 'abc123456789', 'abcd1234!@#$', 'admin123456', 'admin@12345',
  'admin12345!', 'administrator1', 'welcome123', 'welcome@123', 'welcome1234', 'iloveyou123', 'letmein1234', 'changeme123',
  'zaq12wsxcde', 'test1234567', 'root123456', 'woaini1314!', 'a123456789', 'aa123456789', 'gridops123!', 'gridops1234',
  'demo1234567', 'p@55w0rd123', 'q1w2e3r4t5y6', 'passwordpassword', 'administrator', 'a1b2c3d4e5f6',
]);

/** The rules a password can break, in the order the form lists them. */
export const PASSWORD_RULES = ['length', 'classes', 'username', 'common'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The character classes of a password: lower, upper, digit, other. */
export function passwordClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

/** Every rule the password breaks (empty: the password is acceptable). */
export function passwordProblems(password: string, username = ''): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) problems.push('length');
  if (passwordClasses(password) < PASSWORD_MIN_CLASSES) problems.push('classes');
  const lower = password.toLowerCase();
  const user = username.trim().toLowerCase();
  if (user && (lower === user || lower === [...user].reverse().join(''))) problems.push('username');
  if (COMMON_PASSWORDS.has(lower)) problems.push('common');
  return problems;
}

const ruleText: Record<PasswordRule, Record<Lang, string>> = {
  length: {
    zh: `长度 ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 个字符`,
    en: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`,
  },
  classes: {
    zh: `至少包含小写字母、大写字母、数字、符号中的 ${PASSWORD_MIN_CLASSES} 类`,
    en: `at least ${PASSWORD_MIN_CLASSES} of: lower-case letters, upper-case letters, digits, symbols`,
  },
  username: { zh: '不能与用户名相同', en: 'not the same as the username' },
  common: { zh: '不能是常见密码', en: 'not a commonly used password' },
};

/** The field a refused new password is reported on, as the server and the form name it. */
export const NEW_PASSWORD_FIELD: Record<Lang, string> = { zh: '新密码', en: 'New password' };

/** One rule as the form lists it ("10 to 128 characters long"). */
export const passwordRuleText = (rule: PasswordRule, lang: Lang): string => ruleText[rule][lang];

/** The whole policy in one line, for the hint beside a password field ("长度 10–128 个字符；至少包含…"). */
export const passwordPolicyText = (lang: Lang): string => PASSWORD_RULES.map((r) => ruleText[r][lang]).join(lang === 'zh' ? '；' : '; ');

/** The message for a refused password, naming the field: "新密码：至少包含…；不能是常见密码". */
export function passwordProblemMessage(problems: readonly PasswordRule[], lang: Lang, field: Record<Lang, string>): string {
  const rules = problems.map((r) => ruleText[r][lang]);
  return lang === 'zh' ? `${field.zh}不符合密码规则：${rules.join('；')}` : `${field.en} does not meet the password policy: must be ${rules.join('; ')}`;
}
