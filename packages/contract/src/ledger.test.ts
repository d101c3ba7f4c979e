import { describe, expect, it } from 'vitest';
import { nameplateFields, nameplateProblem, warrantyState } from './api/ledger.js';

describe('equipment ledger rules', () => {
  it('judges a warranty against the site day: expired, expiring within 90 days, valid, unknown', () => {
    expect(warrantyState(null, '2026-06-01')).toBe('unknown');
    expect(warrantyState('2026-05-31', '2026-06-01')).toBe('expired');
    expect(warrantyState('2026-06-01', '2026-06-01')).toBe('expiring');
    expect(warrantyState('2026-08-30', '2026-06-01')).toBe('expiring');
    expect(warrantyState('2026-08-31', '2026-06-01')).toBe('valid');
  });

  it('refuses a warranty ending before the installation and days that do not exist, naming the field', () => {
    expect(nameplateProblem({ install_date: '2024-03-01', warranty_until: '2024-02-28' })?.field).toBe('warranty_until');
    expect(nameplateProblem({ install_date: '2023-02-29', warranty_until: null })?.field).toBe('install_date');
    expect(nameplateProblem({ install_date: null, warranty_until: '2026-13-01' })?.field).toBe('warranty_until');
    expect(nameplateProblem({ install_date: '2024-02-29', warranty_until: '2024-02-29' })).toBeNull();
    expect(nameplateProblem({ install_date: null, warranty_until: null })).toBeNull();
  });

  it('bounds the text fields and the date shape', () => {
    const ok = { maker: '正泰', maker_en: 'CHINT', model: 'M', serial_no: 'S', rating: 'R', location: '', install_date: null, warranty_until: '2027-01-01' };
    expect(nameplateFields.safeParse(ok).success).toBe(true);
    expect(nameplateFields.safeParse({ ...ok, model: 'x'.repeat(61) }).error?.issues[0]?.path).toEqual(['model']);
    expect(nameplateFields.safeParse({ ...ok, warranty_until: '1.1.2027' }).error?.issues[0]?.path).toEqual(['warranty_until']);
  });
});
