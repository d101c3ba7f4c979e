import type { MonthReportFigures } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { PushTransport } from '../push/transport.js';
import { monthReportRepository as repo } from './repository.js';

export interface Delivery {
  to: string;
  status: 'sent' | 'failed';
  error: string;
}

/** The file name of a report (ASCII, so every mail client and browser keeps it). */
export const reportFileName = (f: Pick<MonthReportFigures, 'project_id' | 'month'>, ext: 'pdf' | 'xlsx') => `monthly-report-${f.project_id}-${f.month}.${ext}`;

/**
 * E-mails the PDF to each recipient through the push module's SMTP server of the site's organisation (the
 * nearest one up its chain that has one; docs/push.md) and records each delivery on the report. Answers the
 * report's mail status: `no_smtp` when no organisation on the chain has a server, `failed` when any send failed.
 */
export async function mailReport(db: Db, transport: PushTransport, reportId: number, orgId: number, recipients: string[], f: MonthReportFigures, pdf: Buffer): Promise<string> {
  if (recipients.length === 0) {
    await repo.setMail(db, reportId, 'none', []);
    return 'none';
  }
  let smtp;
  for (const id of await repo.orgChain(db, orgId)) {
    smtp = await transport.smtp(db, id);
    if (smtp) break;
  }
  if (!smtp) {
    await repo.setMail(db, reportId, 'no_smtp', []);
    return 'no_smtp';
  }
  const subject = `月度运行报告 Monthly operation report ${f.month} ${f.name} / ${f.name_en || f.name}`;
  const text = `${f.name} ${f.month} 月度运行报告见附件。\nThe ${f.month} operation report of ${f.name_en || f.name} is attached.`;
  const deliveries: Delivery[] = [];
  for (const to of recipients) {
    try {
      await transport.sendMail(smtp, to, subject, text, [{ filename: reportFileName(f, 'pdf'), content: pdf, contentType: 'application/pdf' }]);
      deliveries.push({ to, status: 'sent', error: '' });
    } catch (err) {
      deliveries.push({ to, status: 'failed', error: transport.failureText(err) });
    }
  }
  const status = deliveries.every((d) => d.status === 'sent') ? 'sent' : 'failed';
  await repo.setMail(db, reportId, status, deliveries);
  return status;
}
