import { userInfo } from '@gridops/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../../test/harness';
import { controlLogFixture, controlTargetsFixture, realtimeFixture } from '../../../test/fixtures/distribution';
import { orgTreeFixture } from '../../../test/fixtures/org';
import { AuxControlPage } from './AuxControlPage';
import { CtrlLogsPage } from './CtrlLogsPage';
import { DevControlPage } from './DevControlPage';

vi.mock('../../../shared/charts/EChartView', async () => (await import('../../../test/chartStub')).chartStub);

/** An operator of site 1 allowed to switch breakers. */
const operator = userInfo.parse({
  id: 7,
  org_id: 2,
  username: 'operator',
  name: '张工',
  name_en: 'Engineer Zhang',
  userType: 1,
  project_id: 1,
  project_ids: [1],
  can_control: true,
  permissions: ['view', 'configure', 'control', 'manageUsers'],
  mqtt: { username: 'u7', pass: 'p7' },
});

const api = () =>
  mockApi({
    '/api/v6/distribution/realtime': realtimeFixture,
    '/api/v6/control/targets': controlTargetsFixture,
    '/api/v6/control/aux-targets': [],
    '/api/v6/control/log': controlLogFixture,
    '/api/v6/org/tree': orgTreeFixture,
  });

describe('control pages render the API figures', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('auxiliary monitoring (zh): the environment sensor and its temperature', async () => {
    api();
    await renderPage(<AuxControlPage />, { pageKey: 'AuxControl' });
    await expectTexts('1# 环境监测', '26.4');
  });

  it('device control (zh): the breakers an operator can switch', async () => {
    api();
    await renderPage(<DevControlPage />, { pageKey: 'DevControl', session: { ...siteSession, userInfo: operator } });
    await expectTexts('1# 出线柜断路器', '2# 出线柜断路器');
    // A breaker not yet open to remote control offers no operation, says so, and links to the settings.
    await expectTexts('3# 出线柜断路器', '未开放遥控', '遥控配置');
    expect(screen.queryByTestId('op-5-open')).toBeNull();
    expect(screen.getByTestId('op-3-open')).toBeTruthy();
  });

  it('device control (en): a breaker not open to remote control says so', async () => {
    api();
    await renderPage(<DevControlPage />, { pageKey: 'DevControl', lang: 'en', session: { ...siteSession, userInfo: operator } });
    await expectTexts('Not open to remote control', 'Remote-control settings');
  });

  it('control log (zh): who did what to which breaker', async () => {
    api();
    await renderPage(<CtrlLogsPage />, { pageKey: 'CtrlLogs' });
    await expectTexts('1# 出线柜断路器', '张工', '用时 812 ms');
  });

  it('control log (en): the same entries', async () => {
    api();
    await renderPage(<CtrlLogsPage />, { pageKey: 'CtrlLogs', lang: 'en' });
    await expectTexts('1# 出线柜断路器', '张工');
  });
});
