import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointCode, ErrorCode, type InspectionPlan, type InspectionTemplate, type TaskDetail } from '@gridops/contract';
import { addDays, siteDate } from '@gridops/format';
import { hashPassword } from '../../lib/password.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { jpegWithGps, storedImageFacts } from '../../test-support/photo.js';
import { attackImages } from '../../test-support/png.js';
import { generatePlans, markOverdue } from './jobs.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T & { field?: string };
}

/** A phone photo with EXIF GPS: stored re-encoded, without it (lib/imageGuard). */
const JPEG = (await jpegWithGps()).toString('base64');

/**
 * Routine inspection on a real database: templates and plans (validation naming the field, scope, permission),
 * generation exactly once with two concurrent runs, the worker's tasks, the idempotent submission with findings,
 * the overdue claim, and cross-tenant refusal.
 */
describe.each(backends)('routine inspection on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let worker: string;
  let worker2: string;
  let xihu: string;
  let projectId: number;
  let otherProjectDevice: number;
  let zone: string;
  let workerId: number;
  let deviceId: number;
  let roomId: number;
  let template: InspectionTemplate;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const planBody = (over: Record<string, unknown> = {}) => ({
    project_id: projectId,
    name: '配电房日巡',
    name_en: 'Switch room daily round',
    checkpoints: [
      { kind: 'room', ref_id: roomId, template_id: template.id },
      { kind: 'device', ref_id: deviceId, template_id: template.id },
    ],
    schedule: { kind: 'daily', start_date: siteDate(zone), until: null, weekdays: [], month_day: null },
    window_start: '00:00',
    window_end: '23:59',
    assignee_id: workerId,
    ...over,
  });
  const answers = (temp: number, note = '', photos: string[] = []) => [
    { key: 'clean', ok: true },
    { key: 'temp', value: temp, note, photos },
    { key: 'noise', choice: 0 },
  ];
  const submission = (task: TaskDetail, temp: number, note = '', photos: string[] = [], id = randomUUID()) => ({
    submission_id: id,
    checkpoints: task.checkpoints.map((c) => ({ seq: c.seq, code: c.code, method: 'typed', checked_in_at: new Date().toISOString(), answers: answers(temp, note, photos) })),
  });

  async function publishedPlan(over: Record<string, unknown> = {}): Promise<InspectionPlan> {
    const created = await call<InspectionPlan>('POST', '/api/v6/inspection/plan', site, planBody(over));
    expect(created.code, created.msg).toBe(1);
    const published = await call<InspectionPlan>('POST', `/api/v6/inspection/plan/${created.data.id}/status`, site, { status: 'published', version: created.data.version });
    expect(published.code, published.msg).toBe(1);
    return published.data;
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    const db = t.database.db;
    site = await loginAs(t.app, 'site');
    worker = await loginAs(t.app, 'worker');
    xihu = await loginAs(t.app, 'xihu');
    const projectOf = (username: string) =>
      db.selectFrom('projects as p').innerJoin('user_projects as up', 'up.project_id', 'p.id').innerJoin('users as u', 'u.id', 'up.user_id').select(['p.id', 'p.timezone', 'p.org_id']).where('u.username', '=', username).executeTakeFirstOrThrow();
    const p = await projectOf('site');
    projectId = p.id;
    zone = p.timezone;
    const hz = await projectOf('xihu');
    otherProjectDevice = (await db.selectFrom('devices').select('id').where('project_id', '=', hz.id).executeTakeFirstOrThrow()).id;
    workerId = (await db.selectFrom('users').select('id').where('username', '=', 'worker').executeTakeFirstOrThrow()).id;
    const dev = await db.selectFrom('devices').select(['id', 'room_id']).where('project_id', '=', projectId).where('room_id', 'is not', null).executeTakeFirstOrThrow();
    deviceId = dev.id;
    roomId = dev.room_id!;
    const u = await db
      .insertInto('users')
      .values({ username: 'worker-insp2', name: '周工', name_en: 'Zhou Bin', user_type: 2, org_id: p.org_id, password_hash: await hashPassword('demo1234'), permissions: ['view'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_projects').values({ user_id: u.id, project_id: projectId }).execute();
    worker2 = await loginAs(t.app, 'worker-insp2');
    const created = await call<InspectionTemplate>('POST', '/api/v6/inspection/template', site, {
      project_id: projectId,
      name: '配电设备巡检表',
      name_en: 'Switchgear checklist',
      items: [
        { key: 'clean', kind: 'visual', category: 'environment', name: '柜体清洁', name_en: 'Cabinet clean' },
        { key: 'temp', kind: 'reading', category: 'electrical', name: '柜内温度', name_en: 'Cabinet temperature', unit: '°C', min: 0, max: 60 },
        { key: 'noise', kind: 'choice', category: 'mechanical', name: '运行声音', name_en: 'Running noise', options: [{ zh: '正常', en: 'Normal' }, { zh: '异响', en: 'Abnormal', abnormal: true }] },
      ],
    });
    expect(created.code, created.msg).toBe(1);
    template = created.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('validates templates and plans naming the field, and keeps them to configure + scope', async () => {
    const dupKey = await call('POST', '/api/v6/inspection/template', site, { project_id: projectId, name: 'x', name_en: 'x', items: [template.items[0], template.items[0]] });
    expect([dupKey.code, dupKey.data.field]).toEqual([ErrorCode.Validation, 'items.1.key']);
    const badAssignee = await call('POST', '/api/v6/inspection/plan', site, planBody({ assignee_id: (await t.database.db.selectFrom('users').select('id').where('username', '=', 'site').executeTakeFirstOrThrow()).id }));
    expect([badAssignee.code, badAssignee.data.field]).toEqual([ErrorCode.Validation, 'assignee_id']);
    const foreign = await call('POST', '/api/v6/inspection/plan', site, planBody({ checkpoints: [{ kind: 'device', ref_id: otherProjectDevice, template_id: template.id }] }));
    expect([foreign.code, foreign.data.field]).toEqual([ErrorCode.Validation, 'checkpoints.0.ref_id']);
    const window = await call('POST', '/api/v6/inspection/plan', site, planBody({ window_start: '12:00', window_end: '09:00' }));
    expect([window.code, window.data.field]).toEqual([ErrorCode.Validation, 'window_end']);
    expect((await call('POST', '/api/v6/inspection/plan', worker, planBody())).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/inspection/plans?project_id=${projectId}`, xihu)).code).toBe(ErrorCode.Forbidden);

    const plan = (await call<InspectionPlan>('POST', '/api/v6/inspection/plan', site, planBody({ schedule: { kind: 'weekly', start_date: '2026-03-02', weekdays: [1, 4] } }))).data;
    expect(plan.rrule).toContain(`DTSTART;TZID=${zone}:20260302T000000`);
    expect(plan.rrule).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TH');
    expect(plan.checkpoints.map((c) => c.code)).toEqual([checkpointCode('room', roomId), checkpointCode('device', deviceId)]);
    const edited = await call<InspectionPlan>('PUT', `/api/v6/inspection/plan/${plan.id}`, site, { ...planBody(), version: plan.version, name: '改名' });
    expect(edited.data.name).toBe('改名');
    expect((await call('PUT', `/api/v6/inspection/plan/${plan.id}`, site, { ...planBody(), version: plan.version })).code).toBe(ErrorCode.Conflict);
    expect((await call('DELETE', `/api/v6/inspection/template/${template.id}`, site)).code).toBe(ErrorCode.Conflict);
    expect((await call('DELETE', `/api/v6/inspection/plan/${plan.id}`, site)).code).toBe(1);
  });

  it('generates each occurrence exactly once, also with two generator runs at the same time', async () => {
    const start = addDays(siteDate(zone), -3);
    const plan = await publishedPlan({ name: '并发生成', name_en: 'Concurrent generation', schedule: { kind: 'daily', start_date: start } });
    const db = t.database.db;
    // Publishing generated today and tomorrow; rewind the claim so both runs have 3 past days to generate.
    await db.updateTable('inspection_plans').set({ generated_through: addDays(start, -1) }).where('id', '=', plan.id).execute();
    const [a, b] = await Promise.all([generatePlans(db, new Date(), [plan.id]), generatePlans(db, new Date(), [plan.id])]);
    expect(a.length + b.length).toBe(3);
    const rows = await db.selectFrom('inspection_tasks').select(['occurrence']).where('plan_id', '=', plan.id).execute();
    expect(rows.length).toBe(5);
    expect(await generatePlans(db, new Date(), [plan.id])).toEqual([]);
  });

  it('shows the worker only his tasks; the submission is idempotent and records findings', async () => {
    const plan = await publishedPlan({ name: '提交测试', name_en: 'Submission test' });
    const mine = await call<{ list: { id: number; plan_id: number }[] }>('GET', '/api/v6/inspection/myTasks', worker);
    const summary = mine.data.list.find((x) => x.plan_id === plan.id);
    expect(summary).toBeDefined();
    const id = summary!.id;
    expect((await call<{ list: unknown[] }>('GET', '/api/v6/inspection/myTasks', worker2)).data.list.some((x) => (x as { plan_id: number }).plan_id === plan.id)).toBe(false);
    expect((await call('GET', `/api/v6/inspection/task/${id}`, worker2)).code).toBe(ErrorCode.Forbidden);
    expect((await call('GET', `/api/v6/inspection/task/${id}`, xihu)).code).toBe(ErrorCode.Forbidden);

    const task = (await call<TaskDetail>('POST', `/api/v6/inspection/task/${id}/start`, worker)).data;
    expect(task.status).toBe('in_progress');
    const wrongCode = submission(task, 25);
    wrongCode.checkpoints[1]!.code = checkpointCode('device', otherProjectDevice);
    const wc = await call('POST', `/api/v6/inspection/task/${id}/submit`, worker, wrongCode);
    expect([wc.code, wc.data.field]).toEqual([ErrorCode.Validation, 'checkpoints.1.code']);
    const noPhoto = await call('POST', `/api/v6/inspection/task/${id}/submit`, worker, submission(task, 75, 'hot'));
    expect([noPhoto.code, noPhoto.data.field]).toEqual([ErrorCode.Validation, 'checkpoints.0.answers.1.photos']);
    const noNote = await call('POST', `/api/v6/inspection/task/${id}/submit`, worker, submission(task, 75, '', [JPEG]));
    expect([noNote.code, noNote.data.field]).toEqual([ErrorCode.Validation, 'checkpoints.0.answers.1.note']);
    expect((await call('POST', `/api/v6/inspection/task/${id}/submit`, worker2, submission(task, 25))).code).toBe(ErrorCode.Forbidden);

    for (const { name, bytes } of attackImages()) {
      const r = await call('POST', `/api/v6/inspection/task/${id}/submit`, worker, submission(task, 75, '柜内过热', [JPEG, bytes.toString('base64')]));
      expect([r.code, r.data.field], name).toEqual([ErrorCode.Validation, 'checkpoints.0.answers.1.photos.1']);
    }
    const body = submission(task, 75, '柜内过热', [JPEG]);
    const [first, second] = await Promise.all([
      call<TaskDetail>('POST', `/api/v6/inspection/task/${id}/submit`, worker, body),
      call<TaskDetail>('POST', `/api/v6/inspection/task/${id}/submit`, worker, body),
    ]);
    expect([first.code, second.code]).toEqual([1, 1]);
    const again = await call<TaskDetail>('POST', `/api/v6/inspection/task/${id}/submit`, worker, body);
    expect(again.data.status).toBe('done');
    expect(again.data.findings.length).toBe(2);
    expect(again.data.results[0]!.answers[1]!.abnormal).toBe(true);
    const photos = await t.database.db.selectFrom('inspection_photos').select('id').where('task_id', '=', id).execute();
    expect(photos.length).toBe(2);
    expect((await call('POST', `/api/v6/inspection/task/${id}/submit`, worker, { ...body, submission_id: randomUUID() })).code).toBe(ErrorCode.Conflict);

    const photoRes = await t.app.inject({ method: 'GET', url: `/api/v6/inspection/photo/${photos[0]!.id}`, headers: apiHeaders(site) });
    expect(photoRes.headers['x-content-type-options']).toBe('nosniff');
    const photo = photoRes.json<Envelope<{ photo_type: string; photo: string }>>();
    expect(photo.data.photo_type).toBe('image/jpeg');
    expect(await storedImageFacts(Buffer.from(photo.data.photo, 'base64'))).toEqual({ format: 'jpeg', width: 400, height: 300, hasExif: false, mentionsCamera: false });
    expect((await call('GET', `/api/v6/inspection/photo/${photos[0]!.id}`, xihu)).code).toBe(ErrorCode.Forbidden);
    const findingId = again.data.findings[0]!.id;
    expect((await call('POST', `/api/v6/inspection/finding/${findingId}/requestDefect`, xihu)).code).toBe(ErrorCode.Forbidden);
    const requested = await call<{ defect_status: string }>('POST', `/api/v6/inspection/finding/${findingId}/requestDefect`, worker);
    expect(requested.data.defect_status).toBe('defect_requested');
    // The worker's "create defect" opened one work order, waiting to be dispatched; a second tap opens none.
    await call('POST', `/api/v6/inspection/finding/${findingId}/requestDefect`, worker);
    const orders = await t.database.db.selectFrom('work_orders').select(['state', 'source_kind', 'project_id', 'title_en']).where('source_ref', '=', `F${findingId}`).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ state: 'created', source_kind: 'inspection', project_id: projectId });
    expect(orders[0]!.title_en).toMatch(/abnormal$/);

    const series = await call<{ points: { value: number }[]; unit: string }>('GET', `/api/v6/inspection/readings?plan_id=${plan.id}&seq=0&item_key=temp`, site);
    expect(series.data.points.map((p) => p.value)).toEqual([75]);
    expect(series.data.unit).toBe('°C');
    const today = siteDate(zone);
    const sum = await call<{ by_worker: { user_id: number; done: number }[]; findings: unknown[] }>('GET', `/api/v6/inspection/summary?project_id=${projectId}&from=${today}&to=${today}`, site);
    expect(sum.data.by_worker.find((w) => w.user_id === workerId)!.done).toBeGreaterThanOrEqual(1);
    expect(sum.data.findings.length).toBeGreaterThanOrEqual(2);
  });

  it('marks an unfinished task past its window overdue once and raises a message event', async () => {
    const plan = await publishedPlan({ name: '超时测试', name_en: 'Overdue test' });
    const db = t.database.db;
    await db.updateTable('inspection_tasks').set({ window_end: new Date(Date.now() - 60_000) }).where('plan_id', '=', plan.id).where('occurrence', '=', siteDate(zone)).execute();
    const raised = await markOverdue(db, new Date());
    const mine = raised.filter((e) => e.text.key === 'inspection.overdue' && (e.text.params as { plan: { en: string } }).plan.en === 'Overdue test');
    expect(mine.length).toBe(1);
    expect(mine[0]!.type).toBe(1);
    expect((await markOverdue(db, new Date())).filter((e) => (e.text.params as { plan: { en: string } }).plan.en === 'Overdue test')).toEqual([]);
    const list = await call<{ list: { plan_id: number; status: string }[] }>('GET', '/api/v6/inspection/myTasks', worker);
    expect(list.data.list.find((x) => x.plan_id === plan.id && x.status === 'overdue')).toBeDefined();
  });
});
