import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiHeaders, pageApiData, type ApiReply } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');


interface Options {
  checkpoints: { kind: 'device' | 'room'; ref_id: number; code: string; name_en: string }[];
  workers: { id: number; name_en: string }[];
  timezone: string;
}
interface TaskSummary {
  id: number;
  plan_id: number;
  status: string;
}
interface TaskDetail extends TaskSummary {
  submission_id: string | null;
  findings: { id: number; item_key: string; value: number | null; note: string; photo_ids: number[]; defect_status: string }[];
}

/** The site's date (YYYY-MM-DD) in its zone. */
const siteToday = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe('routine inspection', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a plan published for today gives the worker a task; on a phone he checks in, an out-of-range reading asks for note and photo, offline the draft is kept and back online it is submitted once; a defect from the finding opens one work order', async () => {
    const suffix = Date.now().toString(36);
    // The site user publishes a plan for today (through the API the ReleaseInspect page uses).
    const site = await newPage(browser, { lang: 'en' });
    await loginAs(site, baseUrl, 'site');
    await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(site);
    const options = await pageApiData<Options>(site, baseUrl, `/api/v6/inspection/planOptions?project_id=${projectId}`, { method: 'GET' });
    const room = options.checkpoints.find((c) => c.kind === 'room')!;
    const worker = options.workers.find((w) => w.name_en === 'Wang Qiang')!;
    const template = await pageApiData<{ id: number }>(site, baseUrl, '/api/v6/inspection/template', {
      body: {
        project_id: projectId,
        name: `E2E checklist ${suffix}`,
        name_en: `E2E checklist ${suffix}`,
        items: [
          { key: 'clean', kind: 'visual', category: 'environment', name: 'Room clean', name_en: 'Room clean' },
          { key: 'temp', kind: 'reading', category: 'electrical', name: 'Cabinet temperature', name_en: 'Cabinet temperature', unit: '°C', min: 0, max: 60 },
        ],
      },
    });
    const planName = `E2E round ${suffix}`;
    const plan = await pageApiData<{ id: number; version: number }>(site, baseUrl, '/api/v6/inspection/plan', {
      body: {
        project_id: projectId,
        name: planName,
        name_en: planName,
        checkpoints: [{ kind: 'room', ref_id: room.ref_id, template_id: template.id }],
        schedule: { kind: 'once', start_date: siteToday(options.timezone) },
        window_start: '00:00',
        window_end: '23:59',
        assignee_id: worker.id,
      },
    });
    await pageApiData(site, baseUrl, `/api/v6/inspection/plan/${plan.id}/status`, { body: { status: 'published', version: plan.version } });
    // The plan shows on the ReleaseInspect page as published.
    await open(site, '/OperMainte/ReleaseInspect', 'release-inspect');
    await site.locator('tr', { hasText: planName }).getByText('Published').waitFor();
    // A real picture for the phone's camera input: a piece of this page (the phone resizes it to a JPEG).
    const photo = await site.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 320, height: 200 } });
    await site.context().close();

    // The worker, on a 390×844 touch phone.
    const context: BrowserContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('gridops-lang')) window.localStorage.setItem('gridops-lang', 'zh');
    });
    const phone: Page = await context.newPage();
    const csp: string[] = [];
    phone.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) csp.push(m.text());
    });
    await loginAs(phone, baseUrl, 'worker');
    await dismissPending(phone, { waitMs: 5000, mayStayOpen: true });
    await open(phone, '/WorkerInspect', 'worker-inspect');
    const card = phone.locator(`[data-plan="${plan.id}"]`);
    await card.waitFor({ timeout: 20_000 });
    await card.locator('button').tap();
    await phone.getByTestId('inspect-form').waitFor();
    const taskId = Number(await phone.getByTestId('inspect-form').getAttribute('data-task'));

    // Check in by typing the label code.
    await phone.getByTestId('checkin-code').fill(room.code.toLowerCase());
    await phone.getByTestId('checkin-submit').tap();
    await phone.getByTestId('checked-in').waitFor();
    await phone.getByTestId('item-clean').getByText('正常').tap();
    // 75 °C is out of 0–60: the item turns red and asks for a note and a photo.
    await phone.locator('input[data-testid="reading-temp"], [data-testid="reading-temp"] input').fill('75');
    await phone.locator('[data-testid="item-temp"][data-abnormal="true"]').waitFor();
    await phone.getByTestId('out-of-range').waitFor();
    await phone.getByText('超出正常范围，须拍照').waitFor();
    await phone.getByTestId('note-temp').waitFor();

    // The connection drops mid-form: the rest is filled offline and submitted into the outbox.
    await context.setOffline(true);
    await phone.getByTestId('offline-banner').waitFor();
    await phone.getByTestId('note-temp').fill('Too hot E2E');
    await phone.getByTestId('photo-input-temp').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: photo });
    await phone.getByTestId('item-temp').locator('img').waitFor();
    await phone.getByTestId('submit-task').tap();
    await phone.getByTestId('draft-queued').waitFor();
    const queued = await phone.evaluate((id) => JSON.parse(window.localStorage.getItem('gridops.inspection.drafts') ?? '{}')[id] as { queued: boolean; submission_id: string }, taskId);
    expect(queued.queued).toBe(true);
    // Nothing reached the server (asked from Node, which is not offline).
    const before = await pageApiData<TaskDetail>(phone, baseUrl, `/api/v6/inspection/task/${taskId}`, { method: 'GET' });
    expect(before.status).not.toBe('done');
    expect(before.submission_id).toBeNull();

    // Back online: the outbox is sent, once.
    await context.setOffline(false);
    await phone.getByTestId('worker-inspect').waitFor({ timeout: 30_000 });
    const after = await pageApiData<TaskDetail>(phone, baseUrl, `/api/v6/inspection/task/${taskId}`, { method: 'GET' });
    expect(after.status).toBe('done');
    expect(after.submission_id).toBe(queued.submission_id);
    expect(after.findings).toHaveLength(1);
    expect(after.findings[0]).toMatchObject({ item_key: 'temp', value: 75, note: 'Too hot E2E' });
    expect(after.findings[0]!.photo_ids).toHaveLength(1);
    const left = await phone.evaluate(() => window.localStorage.getItem('gridops.inspection.drafts'));
    expect(JSON.parse(left ?? '{}')).toEqual({});
    // Opening the list again sends nothing more: still one finding, the same submission.
    await phone.reload();
    await phone.getByTestId('worker-inspect').waitFor();
    const again = await pageApiData<TaskDetail>(phone, baseUrl, `/api/v6/inspection/task/${taskId}`, { method: 'GET' });
    expect(again.findings).toHaveLength(1);
    expect(again.submission_id).toBe(queued.submission_id);

    // The worker opens the finished task and creates a defect from the out-of-range finding: one work order,
    // waiting to be dispatched, that the site sees; a second tap is not offered.
    const finding = again.findings[0]!;
    await phone.goto(`${baseUrl}/WorkerInspectForm?task=${taskId}`);
    await phone.getByTestId('task-findings').waitFor();
    await phone.getByTestId(`create-defect-${finding.id}`).tap();
    await phone.getByTestId('task-findings').getByText('已申请消缺').waitFor();
    expect(await phone.getByTestId(`create-defect-${finding.id}`).count()).toBe(0);
    const siteLogin = await fetch(`${baseUrl}/api/v6/user/login`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ username: 'site', password: 'demo1234' }) });
    const siteToken = ((await siteLogin.json()) as ApiReply<{ token: string }>).data.token;
    const orders = await fetch(`${baseUrl}/api/v6/workorder/list?project_id=${projectId}&size=200`, { headers: apiHeaders(siteToken) });
    const defectOrders = ((await orders.json()) as ApiReply<{ list: { source_kind: string; source_ref: string }[] }>).data.list.filter(
      (o) => o.source_kind === 'inspection' && o.source_ref === `F${finding.id}`,
    );
    expect(defectOrders).toHaveLength(1);
    expect(csp).toEqual([]);
    await context.close();
  });
});
