import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type AiEvent, type AiSummary } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { storedImageFacts } from '../../test-support/photo.js';
import { attackImages } from '../../test-support/png.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** An NVR's SVG overlay (with a script a browser must never get): stored rasterised to PNG (lib/imageGuard). */
const SNAP = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#263238"/><script>alert(1)</script></svg>').toString('base64')}`;

/**
 * AI security on a real database: a gateway's `ai_event` payload validated (refusals carry their reason),
 * stored once per box id, listed with boxes, counted for today, and reviewed: a confirmation raises an event
 * through the event module (ai.detected), a false positive counts in the camera's rate.
 */
describe.each(backends)('AI security on %s', (backend) => {
  let t: TestApp;
  let site: string;
  let xihu: string;
  let suzhou: number;
  let gatewaySn: string;
  let code: string;
  const raised: unknown[] = [];

  const call = async <T = unknown>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const post = (body: unknown) => t.services.aiSecurity.onAiEvent(gatewaySn, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));
  const detection = (id: string, type: string, extra: Record<string, unknown> = {}) => ({ id, ts: Date.now() - 1000, camera: code, type, confidence: 0.91, boxes: [{ x: 0.1, y: 0.2, w: 0.2, h: 0.5, label: 'person' }], snapshot: SNAP, ...extra });

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    xihu = await loginAs(t.app, 'xihu');
    const db = t.database.db;
    suzhou = (await db.selectFrom('projects').select('id').where('name', 'like', '苏州%').executeTakeFirstOrThrow()).id;
    gatewaySn = (await db.selectFrom('gateways').select('sn').where('project_id', '=', suzhou).executeTakeFirstOrThrow()).sn;
    code = (await db.selectFrom('video_cameras').select('code').where('project_id', '=', suzhou).where('code', 'is not', null).executeTakeFirstOrThrow()).code!;
    t.services.aiSecurity.attach({ publish: async () => undefined, onRaised: async (e) => void raised.push(...e), log: { warn: () => undefined } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses bad payloads with their reason', async () => {
    expect(await post('not json')).toMatchObject({ ok: false, reason: 'garbage' });
    expect(await post(detection('x1', 'dancing'))).toMatchObject({ ok: false, reason: 'bad_shape', detail: expect.stringMatching(/^type:/) });
    expect(await post(detection('x2', 'smoking', { confidence: 2 }))).toMatchObject({ ok: false, reason: 'bad_shape', detail: expect.stringMatching(/^confidence:/) });
    expect(await post(detection('x3', 'smoking', { camera: 'NO-SUCH-CAM' }))).toMatchObject({ ok: false, reason: 'unknown_camera', detail: 'NO-SUCH-CAM' });
    expect(await t.services.aiSecurity.onAiEvent('GW-NOBODY', Buffer.from(JSON.stringify(detection('x4', 'smoking'))))).toMatchObject({ ok: false, reason: 'unknown_gateway' });
    for (const [k, { name, bytes }] of attackImages().entries()) {
      expect(await post(detection(`x-attack-${k}`, 'smoking', { snapshot: `data:image/png;base64,${bytes.toString('base64')}` })), name).toMatchObject({ ok: false, reason: 'bad_shape', detail: expect.stringMatching(/^snapshot:/) });
    }
    const n = await t.database.db.selectFrom('ai_events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('stores a detection once, lists it with its boxes and counts it for today', async () => {
    const first = await post(detection('box-1', 'no_helmet'));
    expect(first).toMatchObject({ ok: true, created: true });
    expect(await post(detection('box-1', 'no_helmet'))).toMatchObject({ ok: true, created: false });
    await post(detection('box-2', 'smoking'));
    const list = await call<{ total: number; list: AiEvent[] }>('GET', `/api/v6/ai/events?project_id=${suzhou}`, site);
    expect(list.data.total).toBe(2);
    const helmet = list.data.list.find((e) => e.type === 'no_helmet');
    expect(helmet).toMatchObject({ status: 'pending', confidence: expect.closeTo(0.91, 3), boxes: [{ x: 0.1, y: 0.2, w: 0.2, h: 0.5, label: 'person' }], snapshot: expect.stringMatching(/^data:image\/png;base64,/) });
    const pixels = Buffer.from(helmet!.snapshot.slice('data:image/png;base64,'.length), 'base64');
    expect(await storedImageFacts(pixels)).toMatchObject({ format: 'png', width: 320, height: 180 });
    expect(pixels.includes('script')).toBe(false);
    const sum = await call<AiSummary>('GET', `/api/v6/ai/summary?project_id=${suzhou}`, site);
    expect(sum.data.today_by_type.find((r) => r.type === 'no_helmet')?.count).toBe(1);
    expect(sum.data.today_by_camera[0]?.count).toBe(2);
    expect(sum.data.pending).toBe(2);
    expect((await call('GET', `/api/v6/ai/events?project_id=${suzhou}`, xihu)).code).toBe(ErrorCode.Forbidden);
  });

  it('confirms one into an ai.detected event, marks the other a false positive, and reports the rate', async () => {
    const list = (await call<{ list: AiEvent[] }>('GET', `/api/v6/ai/events?project_id=${suzhou}&status=pending`, site)).data.list;
    const helmet = list.find((e) => e.type === 'no_helmet')!;
    const smoking = list.find((e) => e.type === 'smoking')!;
    expect((await call('POST', `/api/v6/ai/events/${helmet.id}/review`, xihu, { verdict: 'confirmed' })).code).toBe(ErrorCode.Forbidden);
    const confirmed = await call<AiEvent>('POST', `/api/v6/ai/events/${helmet.id}/review`, site, { verdict: 'confirmed' });
    expect(confirmed.data).toMatchObject({ status: 'confirmed', event_id: expect.any(Number), reviewed_by: expect.any(String) });
    const ev = await t.database.db.selectFrom('events').select(['project_id', 'event_type', 'level', 'message_key', 'message_en']).where('id', '=', confirmed.data.event_id!).executeTakeFirstOrThrow();
    expect(ev).toMatchObject({ project_id: suzhou, event_type: 2, level: 2, message_key: 'ai.detected' });
    expect(ev.message_en).toMatch(/No helmet \(AI, 91% confidence\)/);
    expect(raised).toMatchObject([{ eventId: confirmed.data.event_id, projectId: suzhou, type: 2 }]);
    // Reviewed once only.
    expect((await call('POST', `/api/v6/ai/events/${helmet.id}/review`, site, { verdict: 'false_positive' })).code).toBe(ErrorCode.Conflict);

    expect((await call<AiEvent>('POST', `/api/v6/ai/events/${smoking.id}/review`, site, { verdict: 'false_positive' })).data).toMatchObject({ status: 'false_positive', event_id: null });
    const rates = (await call<AiSummary>('GET', `/api/v6/ai/summary?project_id=${suzhou}`, site)).data.rates;
    expect(rates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'no_helmet', reviewed: 1, false_positives: 0, rate: 0 }),
        expect.objectContaining({ type: 'smoking', reviewed: 1, false_positives: 1, rate: 1 }),
      ]),
    );
    const events = await call<{ list: { id: number }[] }>('GET', `/api/v6/event/list?project_id=${suzhou}&size=50`, site);
    expect(events.data.list.map((e) => e.id)).toContain(confirmed.data.event_id);
  });
});
