import { afterEach, describe, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { microgridFixture } from '../../test/fixtures/microgrid';
import { EnergyHomePage } from './EnergyHomePage';

vi.mock('../../shared/charts/EChartView', async () => (await import('../../test/chartStub')).chartStub);

describe('micro-grid page renders the live balance', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('zh: strategy, SOC and the PV power', async () => {
    mockApi({ '/api/v6/energy/microgrid': microgridFixture });
    await renderPage(<EnergyHomePage />);
    await expectTexts('削峰填谷', '67.5', '432.1');
  });

  it('en: the strategy in English', async () => {
    mockApi({ '/api/v6/energy/microgrid': microgridFixture });
    await renderPage(<EnergyHomePage />, { lang: 'en' });
    await expectTexts('Peak shaving', '67.5');
  });
});
