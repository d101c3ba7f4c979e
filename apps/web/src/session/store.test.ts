import { beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_CAP } from '@gridops/contract';
import { PERSISTED_KEYS, capNotice, initialSession, noticeBadge, setNoticeCount, useSession } from './store';

describe('session store', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    useSession.setState({ ...initialSession });
  });

  it('starts with organID -1 and no token', () => {
    expect(useSession.getState().organID).toBe(-1);
    expect(useSession.getState().token).toBe('');
  });

  it('persists exactly token, userType, userInfo, organID, orgList, proID, devID, isUE to sessionStorage', () => {
    useSession.setState({ token: 'abc', userType: 1, organID: 3, proID: 7, noticeCount: 5, voiceOn: true, ratio: '21:9', baseURL: 'http://x' });
    const keys = Object.keys(window.sessionStorage).sort();
    expect(keys).toEqual([...PERSISTED_KEYS].sort());
    expect(keys).toEqual(['devID', 'isUE', 'orgList', 'organID', 'proID', 'token', 'userInfo', 'userType']);
    expect(JSON.parse(window.sessionStorage.getItem('token') ?? 'null')).toBe('abc');
    expect(JSON.parse(window.sessionStorage.getItem('proID') ?? 'null')).toBe(7);
  });

  it('rehydrates from the per-key entries', async () => {
    window.sessionStorage.setItem('token', JSON.stringify('t1'));
    window.sessionStorage.setItem('userType', JSON.stringify(2));
    await useSession.persist.rehydrate();
    expect(useSession.getState().token).toBe('t1');
    expect(useSession.getState().userType).toBe(2);
  });

  it('caps the notice count at 99 and shows "99+"', () => {
    setNoticeCount(250);
    expect(useSession.getState().noticeCount).toBe(NOTICE_CAP);
    expect(noticeBadge(useSession.getState().noticeCount)).toBe('99+');
    expect(capNotice(42)).toBe(42);
    expect(noticeBadge(42)).toBe('42');
    expect(capNotice(-3)).toBe(0);
    expect(noticeBadge(98)).toBe('98');
  });
});
