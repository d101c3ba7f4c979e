import { siteDate } from '@gridops/format';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testProject } from '../../../test/orgFixture';
import { expectTexts, renderPage, resetHarness, siteSession } from '../../../test/harness';
import { exportXlsx } from '../../export/xlsx';
import type * as XlsxModule from '../../export/xlsx';
import { periodLabel, shiftPeriod } from '../../stats/period';
import type { PeriodValue } from '../../stats/period';
import { ReportPage } from './ReportPage';
import { ReportSection } from './ReportSection';
import { useReportQuery } from './useReportQuery';

vi.mock('../../charts/EChartView', async () => (await import('../../../test/chartStub')).chartStub);
// The export is observed, not written: the button hands the rows to this function.
vi.mock('../../export/xlsx', async (importOriginal) => ({
  ...(await importOriginal<typeof XlsxModule>()),
  exportXlsx: vi.fn(async () => undefined),
}));

interface Answer {
  label: string;
  rows: { key: string; value: number }[];
}
const answer = (p: PeriodValue): Answer => ({
  label: periodLabel(p),
  rows: [
    { key: `${periodLabel(p)}-a`, value: 1.5 },
    { key: `${periodLabel(p)}-b`, value: 2.25 },
  ],
});

/** A report page of the smallest kind: one query by period, a stat card, a section and an export. */
function Demo({ fetch }: { fetch: (p: PeriodValue) => Promise<Answer> }) {
  const { period, setPeriod, query, state } = useReportQuery({
    initial: 'month',
    queryKey: (p) => ['demo-report', p],
    queryFn: fetch,
  });
  return (
    <ReportPage
      period={{ value: period, onChange: setPeriod, periods: ['month', 'year'] }}
      export={{ fileName: 'demo', columns: [{ title: 'Value', key: 'value', format: '0.00' }], rows: query.data?.rows ?? [] }}
      state={state}
      data={query.data}
      content={(d) => ({ 'data-testid': 'demo-report', 'data-label': d.label })}
      stats={(d) => [{ key: 'n', 'data-testid': 'demo-count', title: 'Rows', value: d.rows.length, precision: 0 }]}
    >
      {(d) => (
        <ReportSection title={`Rows of ${d.label}`}>
          {d.rows.map((r) => (
            <div key={r.key}>{r.key}</div>
          ))}
        </ReportSection>
      )}
    </ReportPage>
  );
}

const withZone = (timezone: string) => ({ session: { ...siteSession, proInfo: { ...testProject(1, '站', 'Site', 'X'), timezone } } });

describe('report page skeleton', { timeout: 60_000 }, () => {
  afterEach(() => {
    resetHarness();
    vi.mocked(exportXlsx).mockClear();
  });

  it("starts on the site's month (its clock, not the browser's) and reads the new period when the picker moves", async () => {
    // 25 hours apart: the two sites are never on the same calendar day.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const fetch = vi.fn(async (p: PeriodValue) => answer(p));
      await renderPage(<Demo fetch={fetch} />, withZone(zone));
      await screen.findByTestId('demo-report');
      const first = fetch.mock.calls[0]![0];
      expect(first).toEqual({ period: 'month', date: siteDate(zone) });

      fireEvent.click(screen.getByTestId('period-prev'));
      const prev = shiftPeriod(first, -1);
      await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(prev));
      await waitFor(() => expect(screen.getByTestId('demo-report').dataset.label).toBe(periodLabel(prev)));
      await expectTexts(`Rows of ${periodLabel(prev)}`, `${periodLabel(prev)}-a`);
      resetHarness();
    }
  });

  it('shows a failure with the common retry button, and the report once the retry succeeds', async () => {
    let fail = true;
    const fetch = vi.fn(async (p: PeriodValue) => {
      if (fail) throw new Error('boom');
      return answer(p);
    });
    await renderPage(<Demo fetch={fetch} />, { lang: 'en' });
    const error = await screen.findByTestId('state-error');
    expect(error.textContent).toContain('The data could not be loaded');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('demo-report');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('state-error')).toBeNull();
  });

  it('exports the rows shown, in the site zone; the button is disabled without rows', async () => {
    const fetch = vi.fn(async (p: PeriodValue) => answer(p));
    await renderPage(<Demo fetch={fetch} />, { ...withZone('Europe/Berlin'), lang: 'en' });
    await screen.findByTestId('demo-report');
    fireEvent.click(screen.getByTestId('export-xlsx'));
    const rows = answer(fetch.mock.calls[0]![0]).rows;
    await waitFor(() =>
      expect(exportXlsx).toHaveBeenCalledWith('demo', [{ title: 'Value', key: 'value', format: '0.00' }], rows, { zone: 'Europe/Berlin' }),
    );
    resetHarness();

    await renderPage(<Demo fetch={async (p) => ({ ...answer(p), rows: [] })} />);
    await screen.findByTestId('demo-report');
    expect(screen.getByTestId('export-xlsx')).toHaveProperty('disabled', true);
  });
});
