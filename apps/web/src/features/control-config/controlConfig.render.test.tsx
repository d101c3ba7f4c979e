import type { ControlApproval, ControlConfig } from '@gridops/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { ControlApprovals } from './Approvals';
import { RemoteCtrlSetPage } from './RemoteCtrlSetPage';

const config: ControlConfig = {
  breakers: [
    {
      device_id: 11,
      name: '1#进线',
      name_en: 'Incomer 1',
      kind: 'incomer',
      controllable: true,
      user_ids: [],
      role_types: [],
      two_person: true,
      voltage_kv: 10,
      two_person_effective: true,
      version: 2,
    },
    {
      device_id: 12,
      name: '母联',
      name_en: 'Bus tie',
      kind: 'feeder',
      controllable: false,
      user_ids: [5],
      role_types: [1],
      two_person: false,
      voltage_kv: null,
      two_person_effective: true,
      version: 0,
    },
  ],
  users: [{ id: 5, name: '李娜', name_en: 'Li Na', username: 'site' }],
  blocks: [{ id: 1, name: '交接班', name_en: 'Shift handover', start: '07:45', end: '08:15' }],
  interlocks: [
    {
      id: 2,
      device_id: 11,
      action: 'close',
      other_device_id: 12,
      other_closed: true,
      name: '母联闭锁',
      name_en: 'Tie interlock',
    },
  ],
  timezone: 'Asia/Shanghai',
  site: { two_person_above_kv: 6, version: 1 },
};

describe('remote-control configuration page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('shows breakers, allowed users, blocked periods and interlocks (zh)', async () => {
    mockApi({ 'GET /api/v6/control-config': config });
    await renderPage(<RemoteCtrlSetPage />, { pageKey: 'RemoteCtrlSet' });
    await expectTexts(
      '1#进线',
      '母联',
      '李娜 (site)',
      '交接班',
      '07:45',
      '08:15',
      '母联闭锁',
      '1#进线 合闸：母联合闸时禁止',
      '站点双人确认规则',
      '10 kV',
      '未知',
      '站点用户',
      '按站点规则',
    );
  });

  it('saves a breaker setting with its version, in English only', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/v6/control-config': config,
      'PUT /api/v6/control-config/breaker/12': (body: unknown) => {
        sent.push(body);
        return { ...config.breakers[1], controllable: true, version: 1 };
      },
    });
    await renderPage(<RemoteCtrlSetPage />, { pageKey: 'RemoteCtrlSet', lang: 'en' });
    await expectTexts(
      'Incomer 1',
      'Shift handover',
      'Incomer 1 may not close while Bus tie is closed',
      'Two-person rule',
      'Site-wide two-person rule',
      'by site rule',
    );
    await expectEnglishOnly();
    fireEvent.click(screen.getByTestId('control-controllable-12'));
    await waitFor(() =>
      expect(sent).toEqual([{ controllable: true, user_ids: [5], role_types: [1], two_person: false, version: 0 }]),
    );
  });

  it('lists selections awaiting a second person and approves one', async () => {
    const approvals: ControlApproval[] = [
      {
        selection_id: 's-1',
        device_id: 11,
        device_name: '1#进线',
        device_name_en: 'Incomer 1',
        action: 'close',
        user_name: '李娜',
        user_name_en: 'Li Na',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        own: false,
      },
    ];
    const approved: unknown[] = [];
    mockApi({
      'GET /api/v6/control/approvals': approvals,
      'POST /api/v6/control/approve': (body: unknown) => {
        approved.push(body);
        return { approved: true };
      },
    });
    await renderPage(<ControlApprovals projectId={1} />, { lang: 'en' });
    await expectTexts('Selections awaiting approval (two-person rule)', 'Li Na asks to close Incomer 1');
    fireEvent.click(screen.getByTestId('control-approve-s-1'));
    await waitFor(() => expect(approved).toEqual([{ selection_id: 's-1' }]));
  });
});
