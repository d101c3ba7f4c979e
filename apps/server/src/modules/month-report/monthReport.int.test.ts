import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type ExpenseResponse, type CarbonSite, type MonthReportView } from '@gridops/contract';
import { siteDate, siteDayStart } from '@gridops/format';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { previousMonth } from './service.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * The monthly report on a real database: generation through the API, its figures equal to what the expense
 * report, the carbon page and the event list answer for the same site and month, the job claimed once across two
 * concurrent runs, the PDF text (pdftotext) in Chinese, the mail with the PDF through a local SMTP server, and
 * settings (validation, version check, audit) with permission and scope.
 */
describe.each(backends)('monthly report on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let worker: string;
  let xihu: string;
  let szip: number;
  let orgA: number;
  let month: string;
  let smtp: SMTPServer;
  let smtpPort: number;
  const mails: { to: string[]; raw: string }[] = [];

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      size: 20 * 1024 * 1024,
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    t = await startTestApp(backend, { energyHistoryDays: 40, env: { OUTBOUND_ALLOW: '127.0.0.1' } });
    [centre, site, worker, xihu] = await Promise.all(['centre', 'site', 'worker', 'xihu'].map((u) => loginAs(t.app, u)));
    const p = await t.database.db.selectFrom('projects').select(['id', 'org_id']).where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow();
    szip = p.id;
    orgA = p.org_id;
    month = previousMonth(siteDate('Asia/Shanghai'));
    // Own events in the month: acknowledged after 10 and 20 minutes, one closed after 60; a gateway outage of 90 minutes.
    const at = (day: number, h: number, min = 0) => new Date(siteDayStart(`${month}-${String(day).padStart(2, '0')}`, 'Asia/Shanghai').getTime() + (h * 60 + min) * 60_000);
    const gw = await t.database.db.selectFrom('gateways').select(['sn']).where('project_id', '=', szip).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('events')
      .values([
        { project_id: szip, device_id: null, point_id: null, rule_id: null, event_type: 2, level: 1, title: 't', message: 'm', value: null, limit_value: null, raised_at: at(3, 8), acknowledged_at: at(3, 8, 10) },
        { project_id: szip, device_id: null, point_id: null, rule_id: null, event_type: 1, level: 3, title: 't', message: 'm', value: null, limit_value: null, raised_at: at(4, 9), acknowledged_at: at(4, 9, 20), closed_at: at(4, 10), status: 'closed' },
        { project_id: szip, device_id: null, point_id: null, rule_id: null, event_type: 3, level: 2, title: 't', message: 'm', value: null, limit_value: null, raised_at: at(5, 0), cleared_at: at(5, 1, 30), message_key: 'gateway.commLost', message_params: JSON.stringify({ gateway: gw.sn }) },
      ])
      .execute();
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('generates a report whose figures equal the expense report, the carbon page and the event list', async () => {
    const gen = await call<MonthReportView>('POST', '/api/v6/month-report/generate', site, { project_id: szip, month });
    expect(gen.code).toBe(1);
    const f = gen.data.figures!;
    expect(gen.data.report).toMatchObject({ project_id: szip, month, trigger: 'manual', mail_status: 'none' });
    expect(gen.data.report!.pdf_bytes).toBeGreaterThan(1000);
    expect(gen.data.report!.xlsx_bytes).toBeGreaterThan(1000);

    const expense = await call<ExpenseResponse>('POST', '/api/v6/energy/expense', site, { project_id: szip, period: 'month', date: `${month}-01` });
    expect(f.energy.total_kwh).toBeGreaterThan(0);
    expect(f.energy.total_kwh).toBe(expense.data.total.energy);
    expect(f.energy.total_cost).toBe(expense.data.total.cost);
    expect(f.energy.bands).toEqual(expense.data.total.bands);
    expect(f.energy.bill_total).toBe(expense.data.bill?.total ?? 0);
    expect(f.energy.daily.map((d) => d.energy)).toEqual(expense.data.periods.map((p) => p.energy));
    const bm = expense.data.bill?.months.find((m) => m.month === month);
    if (bm?.demand_mode === 'demand') expect(f.energy.peak_demand_kw).toBe(bm.demand_actual_kw);
    // Last month's power factor from the grid meters' seeded kWh and kvarh, and its adjustment (issue 26 item 4).
    expect(bm).toMatchObject({ pf_source: 'energy', pf_standard: 0.9, declared_demand_kw: expect.any(Number) });
    expect(bm!.power_factor).toBeGreaterThan(0.9);
    expect(bm!.power_factor).toBeLessThan(1);
    expect(bm!.pf_kvarh).toBeGreaterThan(0);
    expect(bm!.power_factor).toBe(Math.round((bm!.pf_kwh! / Math.hypot(bm!.pf_kwh!, bm!.pf_kvarh!)) * 100) / 100);
    expect(bm!.pf_adjust_pct).toBeLessThan(0);
    expect(bm!.pf_adjustment).toBeLessThan(0);
    expect(f.energy).toMatchObject({ power_factor: bm!.power_factor, pf_source: 'energy', pf_adjust_pct: bm!.pf_adjust_pct, pf_adjustment: expense.data.bill!.pf_adjustment });
    expect(f.energy.pf_adjustment).not.toBe(0);

    const carbon = await call<CarbonSite>('POST', '/api/v6/energy/carbon', site, { project_id: szip, year: Number(month.slice(0, 4)) });
    const cm = carbon.data.by_month.find((m) => m.month === month)!;
    expect(f.carbon.emissions_kg).toBe(cm.total_kg);
    expect(f.carbon.avoided_kg).toBe(cm.avoided_kg);

    const from = siteDayStart(`${month}-01`, 'Asia/Shanghai').toISOString();
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const to = siteDayStart(`${next}-01`, 'Asia/Shanghai').toISOString();
    const events = await call<{ total: number }>('GET', `/api/v6/event/list?project_id=${szip}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&page=1&size=1`, site);
    expect(f.events.total).toBe(events.data.total);
    expect(f.events.total).toBeGreaterThanOrEqual(3);
    const alarms = await call<{ total: number }>('GET', `/api/v6/event/list?project_id=${szip}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&type=2&page=1&size=1`, site);
    expect(f.events.by_type.find((x) => x.key === 2)?.count ?? 0).toBe(alarms.data.total);
    const gw = f.gateways.find((g) => g.outages > 0)!;
    expect(gw.outage_minutes).toBe(90);
    expect(gw.availability_pct).toBeLessThan(100);
    for (const g of f.gateways.filter((x) => x.outages === 0)) expect(g).toMatchObject({ availability_pct: 100, outage_minutes: 0 });

    const view = await call<MonthReportView>('GET', `/api/v6/month-report/report?project_id=${szip}&month=${month}`, worker);
    expect(view.data.figures).toEqual(f);
  });

  it('keeps a PDF whose text (pdftotext) holds the Chinese headings and key figures, and a workbook', async () => {
    const { data: list } = await call<{ items: { id: number; month: string }[] }>('GET', `/api/v6/month-report/reports?project_id=${szip}`, site);
    const id = list.items.find((r) => r.month === month)!.id;
    const view = await call<MonthReportView>('GET', `/api/v6/month-report/report?project_id=${szip}&month=${month}`, site);
    const pdf = await call<{ file_name: string; mime: string; content: string }>('GET', `/api/v6/month-report/reports/${id}/file?format=pdf`, worker);
    expect(pdf.data).toMatchObject({ mime: 'application/pdf', file_name: `monthly-report-${szip}-${month}.pdf` });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'month-report-'));
    const file = path.join(dir, 'r.pdf');
    fs.writeFileSync(file, Buffer.from(pdf.data.content, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const heading of ['月度运行报告', '能耗与电费', '新能源与储能', '碳排放', '事件统计', '巡检', '网关可用率', 'Monthly operation report', 'Energy and cost']) expect(text).toContain(heading);
    // The power factor and adjustment lines are filled (not "—" / 0.00).
    const e = view.data.figures!.energy;
    expect(text).toContain(`${e.power_factor!.toFixed(2)} (考核标准 0.90, 由有功、无功电量计算)`);
    expect(text).toMatch(/力调比例\s+-0\.\d\d %/);
    const total = view.data.figures!.energy.total_kwh.toLocaleString('en-US', { maximumFractionDigits: 2 });
    expect(text).toContain(total);
    expect(text).toContain('苏州');
    const xlsx = await call<{ content: string }>('GET', `/api/v6/month-report/reports/${id}/file?format=xlsx`, site);
    expect(Buffer.from(xlsx.data.content, 'base64').subarray(0, 2).toString()).toBe('PK');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses other tenants and view-only users where configure is needed', async () => {
    expect((await call('GET', `/api/v6/month-report/report?project_id=${szip}&month=${month}`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/month-report/reports?project_id=${szip}`, xihu)).code).toBe(ErrorCode.Forbidden);
    const { data: list } = await call<{ items: { id: number }[] }>('GET', `/api/v6/month-report/reports?project_id=${szip}`, site);
    expect((await call('GET', `/api/v6/month-report/reports/${list.items[0]!.id}/file?format=pdf`, xihu)).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/month-report/generate', worker, { project_id: szip, month })).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/month-report/generate', xihu, { project_id: szip, month })).code).toBe(ErrorCode.Forbidden);
    expect((await call('POST', '/api/v6/month-report/generate', site, { project_id: szip, month: '2999-01' })).code).toBe(ErrorCode.Validation);
    expect((await call('PUT', '/api/v6/month-report/settings', worker, { project_id: szip, sections: ['energy'], recipients: [], languages: ['zh'], auto_generate: true, version: 0 })).code).toBe(ErrorCode.Forbidden);
    const xihuSettings = await call<{ items: { project_id: number }[] }>('GET', '/api/v6/month-report/settings', xihu);
    expect(xihuSettings.data.items.map((s) => s.project_id)).not.toContain(szip);
  });

  it('saves settings with validation, a version check and an audit entry, and mails the PDF to the recipients', async () => {
    const listed = await call<{ items: { project_id: number; version: number; recipients: string[] }[] }>('GET', '/api/v6/month-report/settings', site);
    const seeded = listed.data.items.find((s) => s.project_id === szip)!;
    expect(seeded.recipients.length).toBeGreaterThan(0); // the demo seed's
    const base = { project_id: szip, sections: ['energy', 'events'], languages: ['zh'], auto_generate: true, version: seeded.version };
    const bad = await call('PUT', '/api/v6/month-report/settings', site, { ...base, recipients: ['not-an-address'] });
    expect(bad).toMatchObject({ code: ErrorCode.Validation });
    expect(JSON.stringify(bad)).toContain('recipients');
    const twice = await call('PUT', '/api/v6/month-report/settings', site, { ...base, recipients: ['a@example.com', 'A@example.com'] });
    expect(twice.code).toBe(ErrorCode.Validation);
    const saved = await call<{ version: number }>('PUT', '/api/v6/month-report/settings', site, { ...base, recipients: ['ops@example.com', 'boss@example.com'] });
    expect(saved).toMatchObject({ code: 1, data: { version: seeded.version + 1 } });
    expect((await call('PUT', '/api/v6/month-report/settings', site, { ...base, recipients: [] })).code).toBe(ErrorCode.Conflict);
    // A site without stored settings starts at version 0 (the defaults shown) and its first save inserts them.
    const hzbj = (await t.database.db.selectFrom('projects').select('id').where('name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow()).id;
    await t.database.db.deleteFrom('month_report_settings').where('project_id', '=', hzbj).execute();
    const fresh = (await call<{ items: { project_id: number; version: number; sections: string[] }[] }>('GET', '/api/v6/month-report/settings', xihu)).data.items.find((s) => s.project_id === hzbj)!;
    expect(fresh).toMatchObject({ version: 0, sections: ['energy', 'new_energy', 'carbon', 'events', 'inspection', 'defects', 'gateways'] });
    const first = await call('PUT', '/api/v6/month-report/settings', xihu, { project_id: hzbj, sections: ['carbon'], recipients: [], languages: ['en'], auto_generate: false, version: 0 });
    expect(first).toMatchObject({ code: 1, data: { version: 1, auto_generate: false } });
    expect((await call('PUT', '/api/v6/month-report/settings', xihu, { project_id: hzbj, sections: ['carbon'], recipients: [], languages: ['en'], auto_generate: false, version: 0 })).code).toBe(ErrorCode.Conflict);
    const audit = await t.database.db.selectFrom('audit_log').select(['action']).where('action', '=', 'month_report.settings.save').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);

    const noSmtp = await call<MonthReportView>('POST', '/api/v6/month-report/generate', site, { project_id: szip, month, send_mail: true });
    expect(noSmtp.data.report!.mail_status).toBe('no_smtp');

    expect((await call('PUT', '/api/v6/push/smtp', centre, { org_id: orgA, host: '127.0.0.1', port: smtpPort, secure: false, username: '', from_addr: 'reports@example.com' })).code).toBe(1);
    const sent = await call<MonthReportView>('POST', '/api/v6/month-report/generate', site, { project_id: szip, month, send_mail: true });
    expect(sent.data.report).toMatchObject({ mail_status: 'sent', languages: ['zh'], sections: ['energy', 'events'] });
    expect(sent.data.report!.deliveries.map((d) => d.to).sort()).toEqual(['boss@example.com', 'ops@example.com']);
    const ours = mails.filter((m) => m.raw.includes(`monthly-report-${szip}-${month}.pdf`));
    expect(ours.flatMap((m) => m.to).sort()).toEqual(['boss@example.com', 'ops@example.com']);
    expect(ours[0]!.raw).toContain('application/pdf');
  });

  it('the monthly job generates each site-month once across two concurrent runs', async () => {
    // The 1st of the month after next, 00:30 in Shanghai: the job's month is the one after `month`.
    const [y, m] = month.split('-').map(Number) as [number, number];
    const shift = (k: number) => {
      const idx = y * 12 + (m - 1) + k;
      return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
    };
    const now = new Date(siteDayStart(`${shift(2)}-01`, 'Asia/Shanghai').getTime() + 30 * 60_000);
    const [a, b] = await Promise.all([t.services.monthReport.runMonthly(now), t.services.monthReport.runMonthly(now)]);
    const auto = new Set((await t.database.db.selectFrom('month_report_settings').select('project_id').where('auto_generate', '=', false).execute()).map((r) => r.project_id));
    const projects = (await t.database.db.selectFrom('projects').select('id').execute()).filter((p) => !auto.has(p.id));
    expect(auto.size).toBe(1); // Hangzhou, switched off above
    const made = [...a, ...b].map((r) => r.project_id).sort((p, q) => p - q);
    expect(made).toEqual(projects.map((p) => p.id).sort((p, q) => p - q));
    expect(new Set(made).size).toBe(made.length);
    const rows = await t.database.db.selectFrom('month_reports').select(['project_id', 'trigger']).where('month', '=', shift(1)).execute();
    expect(rows).toHaveLength(projects.length);
    expect(rows.every((r) => r.trigger === 'job')).toBe(true);
    expect(await t.services.monthReport.runMonthly(now)).toEqual([]);
  });
});
