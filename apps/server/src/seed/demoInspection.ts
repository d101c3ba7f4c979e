import { deflateSync } from 'node:zlib';
import { checkpointCode, type InspectionItem, type InspectionSchedule, type TaskCheckpoint } from '@gridops/contract';
import { addDays, siteDate } from '@gridops/format';
import type { Db } from '../db/database.js';
import { occurrenceDates, scheduleRrule, taskWindow } from '../modules/inspection/schedule.js';

/**
 * Routine inspection in the demo (docs/operations.md "Routine inspection"): on each of the worker's three sites a
 * checklist and a daily distribution-room round (the Suzhou station also a weekly storage check), published and
 * assigned to `worker`, with a month of history: most rounds done in their window, some late, some overdue, and
 * abnormal findings (a transformer running hot, an unusual noise) with a photo. Today's tasks are left to the
 * generator, which continues from yesterday when the server starts. Finding notes are free text a worker types (no
 * zh/en pair): the demo's are in English so the English console stays free of Chinese (english-everywhere).
 */

const HISTORY_DAYS = 30;

const roomItems: InspectionItem[] = [
  { key: 'clean', kind: 'visual', category: 'environment', name: '室内整洁无杂物', name_en: 'Room clean and clear', unit: '', min: null, max: null, options: [] },
  { key: 'room_temp', kind: 'reading', category: 'environment', name: '室内温度', name_en: 'Room temperature', unit: '°C', min: 5, max: 35, options: [] },
  { key: 'extinguisher', kind: 'visual', category: 'safety', name: '灭火器在有效期内', name_en: 'Extinguishers in date', unit: '', min: null, max: null, options: [] },
];
const transformerItems: InspectionItem[] = [
  { key: 'oil_temp', kind: 'reading', category: 'electrical', name: '变压器温度', name_en: 'Transformer temperature', unit: '°C', min: 0, max: 85, options: [] },
  {
    key: 'noise',
    kind: 'choice',
    category: 'mechanical',
    name: '运行声音',
    name_en: 'Running noise',
    unit: '',
    min: null,
    max: null,
    options: [
      { zh: '均匀嗡嗡声', en: 'Steady hum', abnormal: false },
      { zh: '异常响声', en: 'Abnormal noise', abnormal: true },
    ],
  },
  { key: 'appearance', kind: 'visual', category: 'electrical', name: '外观无渗漏无放电痕迹', name_en: 'No leaks or discharge marks', unit: '', min: null, max: null, options: [] },
];
const ROOM: TemplateSpec = { name: '配电室巡检表', name_en: 'Distribution room checklist', items: roomItems };
const TRANSFORMER: TemplateSpec = { name: '变压器巡检表', name_en: 'Transformer checklist', items: transformerItems };

const storageItems: InspectionItem[] = [
  { key: 'cell_temp', kind: 'reading', category: 'electrical', name: '电池舱温度', name_en: 'Battery container temperature', unit: '°C', min: 15, max: 35, options: [] },
  { key: 'hvac', kind: 'visual', category: 'mechanical', name: '空调运行正常', name_en: 'HVAC running', unit: '', min: null, max: null, options: [] },
  { key: 'panel', kind: 'photo', category: 'safety', name: '消防面板拍照', name_en: 'Photo of the fire panel', unit: '', min: null, max: null, options: [] },
];

const STORAGE: TemplateSpec = { name: '储能舱巡检表', name_en: 'Storage container checklist', items: storageItems };

/** Deterministic pseudo-random in [0, 1) from a number (the demo looks the same on every start). */
const rand = (n: number) => {
  const x = Math.sin(n * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/** A small PNG (a warm "thermal" gradient) standing in for a phone photo; the real phone uploads JPEG. */
function demoPhoto(hot: boolean): Buffer {
  const w = 160;
  const h = 120;
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const d = Math.hypot(x - w * 0.6, y - h * 0.45) / (w * 0.6);
      const heat = Math.max(0, 1 - d) * (hot ? 1 : 0.45);
      row.set([Math.round(30 + 225 * heat), Math.round(40 + 120 * heat * heat), Math.round(90 * (1 - heat))], 1 + x * 3);
    }
    rows.push(row);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    td.copy(out, 4);
    out.writeUInt32BE(crc(td), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

interface TemplateSpec {
  name: string;
  name_en: string;
  items: InspectionItem[];
}

interface PlanSpec {
  name: string;
  name_en: string;
  /** Each checkpoint with the checklist used there. */
  checkpoints: { kind: 'device' | 'room'; id: number; name: string; name_en: string; template: TemplateSpec }[];
  schedule: InspectionSchedule;
  window: [string, string];
}

async function seedPlan(trx: Db, projectId: number, zone: string, workerId: number, spec: PlanSpec, salt: number): Promise<void> {
  const today = siteDate(zone);
  const templateIds = new Map<TemplateSpec, number>();
  for (const c of spec.checkpoints) {
    if (templateIds.has(c.template)) continue;
    const existing = await trx.selectFrom('inspection_templates').select('id').where('project_id', '=', projectId).where('name', '=', c.template.name).executeTakeFirst();
    const id =
      existing?.id ??
      (await trx.insertInto('inspection_templates').values({ project_id: projectId, name: c.template.name, name_en: c.template.name_en, items: JSON.stringify(c.template.items) }).returning('id').executeTakeFirstOrThrow()).id;
    templateIds.set(c.template, id);
  }
  const checkpoints = spec.checkpoints.map((c) => ({ kind: c.kind, ref_id: c.id, template_id: templateIds.get(c.template)!, name: c.name, name_en: c.name_en }));
  const plan = await trx
    .insertInto('inspection_plans')
    .values({
      project_id: projectId,
      name: spec.name,
      name_en: spec.name_en,
      checkpoints: JSON.stringify(checkpoints),
      schedule: JSON.stringify(spec.schedule),
      rrule: scheduleRrule(spec.schedule, zone, spec.window[0]),
      window_start: spec.window[0],
      window_end: spec.window[1],
      assignee_id: workerId,
      status: 'published',
      published_at: new Date(Date.now() - HISTORY_DAYS * 86_400_000),
      generated_through: addDays(today, -1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const route: TaskCheckpoint[] = checkpoints.map((c, seq) => ({ ...c, seq, code: checkpointCode(c.kind, c.ref_id), items: spec.checkpoints[seq]!.template.items }));
  const dates = occurrenceDates(spec.schedule, spec.window[0], addDays(today, -HISTORY_DAYS), addDays(today, -1));
  for (const [i, date] of dates.entries()) {
    const r = rand(salt * 1000 + i);
    const w = taskWindow(date, spec.window[0], spec.window[1], zone);
    const span = w.end.getTime() - w.start.getTime();
    const base = { plan_id: plan.id, project_id: projectId, occurrence: date, window_start: w.start, window_end: w.end, assignee_id: workerId, checkpoints: JSON.stringify(route) };
    if (r < 0.1) {
      await trx.insertInto('inspection_tasks').values({ ...base, status: 'overdue', overdue_notified: true }).execute();
      continue;
    }
    const late = r > 0.93;
    const started = new Date(w.start.getTime() + span * 0.1 + rand(i + salt) * span * 0.2);
    const submitted = late ? new Date(w.end.getTime() + 40 * 60_000) : new Date(started.getTime() + 25 * 60_000 + rand(i * 7) * 20 * 60_000);
    const abnormalAt = rand(salt * 77 + i) < 0.15 ? Math.floor(rand(i * 3 + salt) * route.length) : -1;
    const task = await trx
      .insertInto('inspection_tasks')
      .values({ ...base, status: 'done', started_at: started, submitted_at: submitted, submission_id: crypto.randomUUID() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const results = [];
    for (const cp of route) {
      const abnormal = cp.seq === abnormalAt;
      const answers = [];
      for (const item of cp.items) {
        const photoIds: number[] = [];
        let value: number | null = null;
        let ok: boolean | null = null;
        let choice: number | null = null;
        let note = '';
        let bad = false;
        const wave = Math.sin((i + cp.seq) / 3);
        if (item.kind === 'reading') {
          const mid = item.max !== null && item.min !== null ? (item.max + item.min) / 2 : 40;
          const spread = item.max !== null && item.min !== null ? (item.max - item.min) / 5 : 5;
          value = Math.round((mid + spread * (wave + (item.key === 'oil_temp' ? 1.4 : 0))) * 10) / 10;
          if (abnormal && item.key === 'oil_temp') {
            value = Math.round((88 + rand(i) * 5) * 10) / 10;
            bad = true;
            note = 'Running hot at about 85 % load; shift lead informed';
          }
        } else if (item.kind === 'visual') ok = true;
        else if (item.kind === 'choice') {
          choice = abnormal && item.key === 'noise' && rand(i * 11) < 0.5 ? 1 : 0;
          if (choice === 1) {
            bad = true;
            note = 'Intermittent crackling; outage check advised';
          }
        }
        if (bad || item.kind === 'photo') {
          const ph = await trx.insertInto('inspection_photos').values({ task_id: task.id, photo: demoPhoto(bad), photo_type: 'image/png' }).returning('id').executeTakeFirstOrThrow();
          photoIds.push(ph.id);
        }
        if (bad) {
          await trx
            .insertInto('inspection_findings')
            .values({
              task_id: task.id,
              project_id: projectId,
              seq: cp.seq,
              checkpoint_name: cp.name,
              checkpoint_name_en: cp.name_en,
              item_key: item.key,
              item_name: item.name,
              item_name_en: item.name_en,
              value,
              unit: item.unit,
              note,
              photo_ids: photoIds,
              ...(rand(i * 5 + salt) < 0.5 ? { defect_status: 'defect_requested' as const, defect_requested_by: workerId, defect_requested_at: submitted } : {}),
              created_at: submitted,
            })
            .execute();
        }
        answers.push({ key: item.key, ok, value, choice, note, photo_ids: photoIds, abnormal: bad });
      }
      results.push({ seq: cp.seq, code: checkpointCode(cp.kind, cp.ref_id), method: rand(i + cp.seq * 13) < 0.85 ? 'scan' : 'typed', checked_in_at: new Date(started.getTime() + cp.seq * 6 * 60_000).toISOString(), answers });
    }
    await trx.updateTable('inspection_tasks').set({ results: JSON.stringify(results) }).where('id', '=', task.id).execute();
  }
}

/** Plans and a month of inspection history on the demo worker's sites. */
export async function seedDemoInspection(trx: Db, projectIds: Map<string, number>): Promise<void> {
  const worker = await trx.selectFrom('users').select('id').where('username', '=', 'worker').executeTakeFirst();
  if (!worker) return;
  const sites = ['SHZJ', 'SZIP', 'NJJN'];
  for (const [n, code] of sites.entries()) {
    const projectId = projectIds.get(code);
    if (projectId === undefined) continue;
    const project = await trx.selectFrom('projects').select('timezone').where('id', '=', projectId).executeTakeFirstOrThrow();
    const rooms = await trx.selectFrom('rooms').select(['id', 'name', 'name_en', 'kind']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
    const room = rooms.find((r) => r.kind === 'distribution') ?? rooms[0];
    if (!room) continue;
    const transformers = await trx.selectFrom('devices').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).where('room_id', '=', room.id).where('kind', '=', 'transformer').orderBy('id').execute();
    const start = addDays(siteDate(project.timezone), -HISTORY_DAYS - 10);
    await seedPlan(
      trx,
      projectId,
      project.timezone,
      worker.id,
      {
        name: `${room.name}日巡`,
        name_en: `${room.name_en} daily round`,
        checkpoints: [
          { kind: 'room', id: room.id, name: room.name, name_en: room.name_en, template: ROOM },
          ...transformers.map((t) => ({ kind: 'device' as const, id: t.id, name: t.name, name_en: t.name_en, template: TRANSFORMER })),
        ],
        schedule: { kind: 'daily', start_date: start, until: null, weekdays: [], month_day: null },
        window: ['09:00', '12:00'],
      },
      n + 1,
    );
    const storage = rooms.find((r) => r.kind === 'storage');
    if (storage) {
      await seedPlan(
        trx,
        projectId,
        project.timezone,
        worker.id,
        {
          name: `${storage.name}周检`,
          name_en: `${storage.name_en} weekly check`,
          checkpoints: [{ kind: 'room', id: storage.id, name: storage.name, name_en: storage.name_en, template: STORAGE }],
          schedule: { kind: 'weekly', start_date: start, until: null, weekdays: [1, 4], month_day: null },
          window: ['14:00', '17:00'],
        },
        n + 11,
      );
    }
  }
}
