import type { MonthReportView } from '@gridops/contract';
import { QuantityTitle } from '../../shared/ui/QuantityTitle';
import { App, Button, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodValue } from '../../shared/stats/period';
import { useFormat } from '../../shared/format';
import { ReportPage, reportState, useSiteToday } from '../../shared/ui/ReportPage';
import { SiteGate } from '../../shared/ui/SiteGate';
import { refusalOf } from '../../shared/ui/listForm/ListFormPage';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { downloadReport, monthReportWrites, useMonthReport, useSettleMonthReport } from './api';
import { ReportSections } from './ReportSections';

/** The first day of the month before the one holding `date` (YYYY-MM-DD): the report a site reads first. */
export function lastMonthStart(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

const MAIL_COLOR: Record<string, string> = { sent: 'green', failed: 'red', no_smtp: 'orange', pending: 'blue', none: 'default' };

function RunReport({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fmt = useFormat();
  const today = useSiteToday();
  const canEdit = useCanConfigure();
  const settle = useSettleMonthReport();
  const [period, setPeriod] = useState<PeriodValue>(() => ({ period: 'month', date: lastMonthStart(today) }));
  const month = (period.period === 'custom' ? period.from : period.date).slice(0, 7);
  const q = useMonthReport(projectId, month);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, job: () => Promise<unknown>, done?: string) => {
    setBusy(what);
    try {
      await job();
      if (done) message.success(done);
    } catch (e) {
      message.error(refusalOf(e).message);
    } finally {
      setBusy(null);
    }
  };
  const generate = () =>
    run('generate', async () => {
      await monthReportWrites.generate({ project_id: projectId, month, send_mail: false });
      await settle();
    }, t('monthReport.generated'));
  const report = q.data?.report ?? null;

  return (
    <ReportPage<MonthReportView>
      look={SETUP_QUERY}
      testId="run-report"
      period={{ value: period, onChange: setPeriod, periods: ['month'] }}
      controls={
        <Space wrap>
          {report && (
            <>
              <Button loading={busy === 'pdf'} onClick={() => void run('pdf', () => downloadReport(report.id, 'pdf'))} data-testid="mr-download-pdf">
                {t('monthReport.downloadPdf')}
              </Button>
              <Button loading={busy === 'xlsx'} onClick={() => void run('xlsx', () => downloadReport(report.id, 'xlsx'))} data-testid="mr-download-xlsx">
                {t('monthReport.downloadXlsx')}
              </Button>
            </>
          )}
          {canEdit && (
            <Button type={report ? 'default' : 'primary'} loading={busy === 'generate'} onClick={() => void generate()} data-testid="mr-generate">
              {report ? t('monthReport.regenerate') : t('monthReport.generate')}
            </Button>
          )}
        </Space>
      }
      state={reportState(q)}
      data={q.data}
      content={(d) => ({ 'data-testid': 'mr-content', 'data-month': month, 'data-report': d.report ? String(d.report.id) : '' })}
      notices={(d) =>
        d.report && (
          <Space wrap data-testid="mr-meta">
            <Typography.Text type="secondary">
              {t('monthReport.generatedAt', { time: fmt.date(d.report.generated_at, 'YYYY-MM-DD HH:mm'), trigger: t(`monthReport.trigger.${d.report.trigger}`) })}
            </Typography.Text>
            <Tag color={MAIL_COLOR[d.report.mail_status]}>{t(`monthReport.mail.${d.report.mail_status}`)}</Tag>
          </Space>
        )
      }
      stats={(d) =>
        d.figures && d.report?.sections.includes('energy')
          ? [
              { key: 'energy', col: { xs: 12, md: 6 }, 'data-testid': 'mr-total-energy', title: <QuantityTitle quantity="grid_import">{t('monthReport.totalEnergy')}</QuantityTitle>, value: d.figures.energy.total_kwh, unit: 'kWh' },
              { key: 'cost', col: { xs: 12, md: 6 }, 'data-testid': 'mr-total-cost', title: t('monthReport.totalCost'), value: d.figures.energy.total_cost, unit: '元' },
              { key: 'bill', col: { xs: 12, md: 6 }, 'data-testid': 'mr-bill-total', title: t('monthReport.billTotal'), value: d.figures.energy.bill_total, unit: '元' },
              { key: 'events', col: { xs: 12, md: 6 }, 'data-testid': 'mr-events-total', title: t('monthReport.eventsTotal'), value: d.figures.events.total, precision: 0 },
            ]
          : []
      }
    >
      {(d) =>
        d.figures && d.report ? (
          <ReportSections f={d.figures} sections={d.report.sections} />
        ) : (
          <Empty style={{ marginTop: 48 }} description={t('monthReport.notGenerated', { month })} data-testid="mr-not-generated">
            <Typography.Text type="secondary">{t('monthReport.notGeneratedHint')}</Typography.Text>
          </Empty>
        )
      }
    </ReportPage>
  );
}

/** /RunReport: a site's monthly operation report as a page, with its PDF and workbook and (re)generation. */
export function RunReportPage() {
  return <SiteGate prompt={SETUP_SITE} testId="run-report-page">{(id) => <RunReport key={id} projectId={id} />}</SiteGate>;
}
