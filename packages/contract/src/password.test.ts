import { describe, expect, it } from 'vitest';
import { passwordClasses, passwordProblemMessage, passwordProblems, passwordRuleText, PASSWORD_RULES } from './password.js';

describe('password policy', () => {
  it('accepts 10+ characters of 3 classes that are neither the username nor common', () => {
    expect(passwordProblems('Grid0ps-Admin!x', 'admin')).toEqual([]);
    expect(passwordProblems('abcdefgh12!', 'admin')).toEqual([]);
    expect(passwordProblems('ABCDEFGH12x')).toEqual([]);
  });

  it('names every rule a password breaks', () => {
    expect(passwordProblems('Ab1!', 'x')).toEqual(['length']);
    expect(passwordProblems('abcdefghijk')).toEqual(['classes']);
    expect(passwordProblems('abcdefgh1234')).toEqual(['classes']);
    expect(passwordProblems('short')).toEqual(['length', 'classes']);
    expect(passwordProblems('Operator-01', 'operator-01')).toEqual(['username']);
    expect(passwordProblems('10-rotarepO', 'Operator-01')).toEqual(['username']);
    expect(passwordProblems('Password123')).toEqual(['common']);
    expect(passwordProblems('x'.repeat(129) + 'A1')).toEqual(['length']);
  });

  it('counts the four character classes', () => {
    expect(passwordClasses('abc')).toBe(1);
    expect(passwordClasses('aB3')).toBe(3);
    expect(passwordClasses('aB3 ')).toBe(4);
    expect(passwordClasses('密码Ab')).toBe(3);
  });

  it('states each rule and the refusal in zh and en, naming the field', () => {
    for (const rule of PASSWORD_RULES) {
      expect(passwordRuleText(rule, 'zh')).not.toBe(passwordRuleText(rule, 'en'));
    }
    const field = { zh: '新密码', en: 'New password' };
    expect(passwordProblemMessage(['length', 'common'], 'zh', field)).toBe('新密码不符合密码规则：长度 10–128 个字符；不能是常见密码');
    expect(passwordProblemMessage(['classes'], 'en', field)).toBe(
      'New password does not meet the password policy: must be at least 3 of: lower-case letters, upper-case letters, digits, symbols',
    );
  });
});
