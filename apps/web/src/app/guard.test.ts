import { describe, expect, it } from 'vitest';
import { decideGuard, effectiveUserType, retryTarget } from './guard';

const base = { token: '', rolesRegistered: false, search: '' };

describe('route guard (spec §2)', () => {
  it('always allows /Login', () => {
    expect(decideGuard({ ...base, pathname: '/Login' })).toEqual({ kind: 'allow' });
  });

  it('allows the public expert registration without a session', () => {
    expect(decideGuard({ ...base, pathname: '/Register/Expert', token: '' })).toEqual({ kind: 'allow' });
  });

  it('logs out a visitor with no token and no query token', () => {
    expect(decideGuard({ ...base, pathname: '/CentreHome' })).toEqual({ kind: 'logout' });
    expect(decideGuard({ ...base, pathname: '/whatever' })).toEqual({ kind: 'logout' });
  });

  it('adopts a query token as centre user (userType 0) without proid', () => {
    expect(decideGuard({ ...base, pathname: '/', search: '?token=abc' })).toEqual({
      kind: 'enter',
      adopt: { token: 'abc', userType: 0, proID: null },
      register: true,
    });
  });

  it('adopts a query token as site user (userType 1) with proid, proID as a number', () => {
    expect(decideGuard({ ...base, pathname: '/SiteHome', search: '?token=abc&proid=12' })).toEqual({
      kind: 'enter',
      adopt: { token: 'abc', userType: 1, proID: 12 },
      register: true,
    });
  });

  it('a query token replaces an existing session token', () => {
    const d = decideGuard({ ...base, token: 'old', rolesRegistered: true, pathname: '/SiteHome', search: '?token=new' });
    expect(d).toEqual({ kind: 'enter', adopt: { token: 'new', userType: 0, proID: null }, register: false });
  });

  it('registers role routes when they are missing, then retries', () => {
    expect(decideGuard({ ...base, token: 't', pathname: '/SiteHome' })).toEqual({ kind: 'enter', adopt: null, register: true });
  });

  it('allows a logged-in navigation once routes are registered', () => {
    expect(decideGuard({ ...base, token: 't', rolesRegistered: true, pathname: '/SiteHome' })).toEqual({ kind: 'allow' });
  });

  it('never widens the server userType', () => {
    expect(effectiveUserType(0, 1)).toBe(1);
    expect(effectiveUserType(1, 0)).toBe(1);
    expect(effectiveUserType(0, 0)).toBe(0);
    expect(effectiveUserType(0, 2)).toBe(2);
    expect(effectiveUserType(1, undefined)).toBe(1);
  });

  it('retries without token/proid and sends the root to the home', () => {
    expect(retryTarget('/', '?token=a&proid=2', '/SiteHome')).toBe('/SiteHome');
    expect(retryTarget('/ElectricalRoom/DevMonitor', '?token=a&x=1', '/CentreHome')).toBe('/ElectricalRoom/DevMonitor?x=1');
  });
});
