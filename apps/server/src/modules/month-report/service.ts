import { startRepeatingJob } from '../../lib/repeatingJob.js';
import {
  ErrorCode,
  MONTH_REPORT_SECTIONS,
  type MonthReport,
  type MonthReportFigures,
  type MonthReportLanguage,
  type MonthReportSection,
  type MonthReportSettings,
  type MonthReportSettingsUpdate,
  type MonthReportView,
} from '@gridops/contract';
import { siteDate } from '@gridops/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { collectFigures, type FigureServices } from './collect.js';
import { mailReport, reportFileName } from './mail.js';
import type { PushTransport } from '../push/transport.js';
import { MissingCjkFontError, renderPdf, resolveCjkFont } from './pdf.js';
import { DEFAULT_FONT_DIRS } from '../../lib/fonts.js';
import { monthReportRepository as repo, type ReportRow, type SettingsRow } from './repository.js';
import { renderWorkbook } from './workbook.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '设置已被他人修改，请刷新后重试', en: 'Someone else changed these settings. Refresh and try again.' });

/** A site without stored settings: every section, no recipients, both languages, generated monthly. */
export const defaultSettings = (projectId: number): MonthReportSettings => ({
  project_id: projectId,
  sections: [...MONTH_REPORT_SECTIONS],
  recipients: [],
  languages: ['zh', 'en'],
  auto_generate: true,
  version: 0,
});
const toSettings = (r: SettingsRow): MonthReportSettings => ({
  project_id: r.project_id,
  sections: r.sections as MonthReportSection[],
  recipients: r.recipients,
  languages: r.languages as MonthReportLanguage[],
  auto_generate: r.auto_generate,
  version: r.version,
});
const toReport = (r: ReportRow): MonthReport => ({
  id: r.id,
  project_id: r.project_id,
  month: r.month,
  trigger: r.trigger as MonthReport['trigger'],
  sections: r.sections as MonthReportSection[],
  languages: r.languages as MonthReportLanguage[],
  generated_at: r.generated_at.toISOString(),
  pdf_bytes: Number(r.pdf_bytes),
  xlsx_bytes: Number(r.xlsx_bytes),
  mail_status: r.mail_status as MonthReport['mail_status'],
  deliveries: r.deliveries as MonthReport['deliveries'],
});
/** The month before the one holding `date` (YYYY-MM-DD). */
export function previousMonth(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * Monthly operation reports (docs/monthly-report.md): settings per site, generation (on demand and by the monthly
 * job, once per site-month across instances), PDF + workbook stored in the database, mail to the recipients.
 */
export function createMonthReportService(db: Db, access: AccessService, services: FigureServices, opts: { audit?: AuditService; cjkFont?: string | undefined; fontDirs?: readonly string[]; push: PushTransport }) {
  // Looked up for each report, not once at start: a font installed (or npm-installed) meanwhile is used at once.
  const cjkFont = () => resolveCjkFont(opts.cjkFont, opts.fontDirs ?? DEFAULT_FONT_DIRS);

  async function settingsOf(projectId: number): Promise<MonthReportSettings> {
    const [row] = await repo.settings(db, [projectId]);
    return row ? toSettings(row) : defaultSettings(projectId);
  }

  /** Generates, stores and (when asked) mails a site-month's report; answers the stored report and figures. */
  async function produce(projectId: number, month: string, trigger: 'job' | 'manual' | 'seed', sendMail: boolean, now = new Date()): Promise<MonthReportView> {
    const project = await repo.project(db, projectId);
    if (!project) throw forbidden();
    const settings = await settingsOf(projectId);
    const figures = await collectFigures(db, services, projectId, month, now);
    const generatedAt = `${siteDate(project.timezone, now)} (${project.timezone})`;
    const doc = { languages: settings.languages, sections: settings.sections };
    const [pdf, xlsx] = await Promise.all([renderPdf(figures, { ...doc, generatedAt, font: doc.languages.includes('zh') ? cjkFont() : null }), renderWorkbook(figures, doc)]);
    const mailing = sendMail && settings.recipients.length > 0;
    const id = await repo.upsertReport(db, { project_id: projectId, month, trigger, ...doc, figures, pdf, xlsx, mail_status: mailing ? 'pending' : 'none' });
    if (mailing) await mailReport(db, opts.push, id, project.org_id, settings.recipients, figures, pdf);
    return view(projectId, month);
  }

  async function view(projectId: number, month: string): Promise<MonthReportView> {
    const row = await repo.report(db, projectId, month);
    if (!row) return { report: null, figures: null };
    const { figures, ...report } = row;
    return { report: toReport(report), figures: figures as MonthReportFigures };
  }

  return {
    produce,
    /** Whether a CJK font is there now: without one, reports with a Chinese part are refused (docs/monthly-report.md). */
    hasCjkFont: () => cjkFont() !== null,

    async settingsList(user: AuthUser) {
      const { projectIds } = await access.scope(user);
      const [projects, rows] = await Promise.all([repo.projects(db, projectIds), repo.settings(db, projectIds)]);
      const byId = new Map(rows.map((r) => [r.project_id, toSettings(r)]));
      return { items: projects.map((p) => ({ ...(byId.get(p.id) ?? defaultSettings(p.id)), name: p.name, name_en: p.name_en })) };
    },

    async saveSettings(user: AuthUser, body: MonthReportSettingsUpdate): Promise<MonthReportSettings> {
      await access.assertCanConfigure(user, body.project_id);
      const recipients = body.recipients.map((r) => r.toLowerCase());
      const twice = recipients.findIndex((r, i) => recipients.indexOf(r) !== i);
      if (twice >= 0) throw invalid(`recipients.${twice}`, `收件人 ${body.recipients[twice]} 重复`, `Recipient ${body.recipients[twice]} is listed twice`);
      if (new Set(body.sections).size !== body.sections.length) throw invalid('sections', '章节不能重复', 'A section is listed twice');
      if (new Set(body.languages).size !== body.languages.length) throw invalid('languages', '语言不能重复', 'A language is listed twice');
      return db.transaction().execute(async (trx) => {
        const [beforeRow] = await repo.settings(trx, [body.project_id]);
        const before = beforeRow ? toSettings(beforeRow) : null;
        const values = { project_id: body.project_id, sections: body.sections, recipients: body.recipients, languages: body.languages, auto_generate: body.auto_generate };
        if (!(await repo.saveSettings(trx, values, body.version))) throw stale();
        const after = toSettings((await repo.settings(trx, [body.project_id]))[0]!);
        await opts.audit?.recordChange(trx, { action: 'month_report.settings.save', target: { type: 'month_report_settings', id: body.project_id }, before, after, projectId: body.project_id });
        return after;
      });
    },

    async list(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      return { items: (await repo.reports(db, projectId)).map(toReport) };
    },

    async view(user: AuthUser, projectId: number, month: string): Promise<MonthReportView> {
      await access.assertProject(user, projectId);
      return view(projectId, month);
    },

    async generate(user: AuthUser, body: { project_id: number; month: string; send_mail: boolean }, now = new Date()): Promise<MonthReportView> {
      await access.assertCanConfigure(user, body.project_id);
      const project = (await repo.project(db, body.project_id))!;
      if (body.month > siteDate(project.timezone, now).slice(0, 7)) throw invalid('month', '不能生成未来月份的报告', 'A report cannot be generated for a future month');
      try {
        const out = await produce(body.project_id, body.month, 'manual', body.send_mail, now);
        await opts.audit?.record(db, { kind: 'write', action: 'month_report.generate', target: { type: 'month_report', id: out.report!.id }, before: null, after: { month: body.month, send_mail: body.send_mail }, projectId: body.project_id });
        return out;
      } catch (err) {
        if (err instanceof MissingCjkFontError) throw invalid('languages', '服务器未安装中文字体（npm install 安装的 @embedpdf/fonts-sc、fonts-noto-cjk 或 REPORT_CJK_FONT），无法生成中文报告；可只选英文', 'The server has no CJK font (@embedpdf/fonts-sc from npm install, fonts-noto-cjk or REPORT_CJK_FONT) for the Chinese report; choose English only');
        throw err;
      }
    },

    async file(user: AuthUser, id: number, format: 'pdf' | 'xlsx') {
      const row = await repo.file(db, id);
      if (!row) throw forbidden();
      await access.assertProject(user, row.project_id);
      const bytes = format === 'pdf' ? row.pdf : row.xlsx;
      return {
        file_name: reportFileName({ project_id: row.project_id, month: row.month }, format),
        mime: format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content: Buffer.from(bytes).toString('base64'),
      };
    },

    /**
     * The monthly job's pass: for every site whose settings generate automatically, the previous month of the
     * site's own date — so on the 1st in the site's zone — claimed once across instances. Answers what it made.
     */
    async runMonthly(now = new Date(), log?: FastifyBaseLogger): Promise<{ project_id: number; month: string }[]> {
      const made: { project_id: number; month: string }[] = [];
      const projects = await repo.projects(db);
      const settings = new Map((await repo.settings(db, projects.map((p) => p.id))).map((r) => [r.project_id, r]));
      for (const p of projects) {
        if (settings.get(p.id)?.auto_generate === false) continue;
        const month = previousMonth(siteDate(p.timezone, now));
        if (!(await repo.claim(db, p.id, month, 15))) continue;
        try {
          await produce(p.id, month, 'job', true, now);
          await repo.finishClaim(db, p.id, month);
          made.push({ project_id: p.id, month });
        } catch (err) {
          await repo.releaseClaim(db, p.id, month);
          log?.warn({ err, projectId: p.id, month }, 'monthly report generation failed');
        }
      }
      return made;
    },
  };
}

export type MonthReportService = ReturnType<typeof createMonthReportService>;

/** Runs the monthly pass first after `firstMs`, then every `everyMs` (hourly): the claims make it once per site-month. */
export function startMonthReportJob(svc: MonthReportService, log: FastifyBaseLogger, firstMs = 60_000, everyMs = 3_600_000) {
  if (!svc.hasCjkFont()) log.warn('monthly report: no CJK font found; reports with Chinese pages cannot be generated until one is there (npm install brings @embedpdf/fonts-sc; or install fonts-noto-cjk, or set REPORT_CJK_FONT)');
  return startRepeatingJob(
    async () => {
      const made = await svc.runMonthly(new Date(), log);
      if (made.length) log.info({ reports: made }, 'monthly reports generated');
    },
    (err) => log.warn({ err }, 'monthly report job failed'),
    firstMs,
    everyMs,
  );
}
