import { DEFAULT_SLA, WO_STATES, type WoPriority, type WoState } from '@gridops/contract';
import type { Db } from '../db/database.js';

interface DemoOrder {
  site: 'SHZJ' | 'SZIP' | 'NJJN';
  title: string;
  title_en: string;
  description: string;
  priority: WoPriority;
  state: WoState;
  assignee: 'worker' | 'expert' | null;
  /** Minutes since it was created. */
  age: number;
  source?: { kind: 'inspection' | 'manual'; ref: string };
  cause?: string;
  action?: string;
  parts?: string;
  reject?: string;
}

/**
 * Work orders in every state across the worker's three demo sites, assigned to `worker` or the demo expert. Titles
 * have both languages; free texts (description, cause, action, parts) are typed by people in one language, so
 * the demo writes them in both, "中文 / English".
 */
export const demoOrders: DemoOrder[] = [
  { site: 'SZIP', title: '2号储能柜电池簇温差过大', title_en: 'Cell temperature spread too high in storage cabinet 2', description: '簇内最高最低温差 9 ℃，超过 8 ℃ 限值 / Spread 9 °C, limit 8 °C', priority: 'high', state: 'created', assignee: null, age: 20 },
  { site: 'SZIP', title: '充电桩 C03 通信中断', title_en: 'Charger C03 lost communication', description: '充电桩离线超过 30 分钟 / Offline for over 30 minutes', priority: 'normal', state: 'assigned', assignee: 'worker', age: 40 },
  { site: 'NJJN', title: '2号进线柜带电显示器故障', title_en: 'Live-line indicator fault on incomer 2', description: '显示器三相指示灯不亮 / No phase lamp lit', priority: 'normal', state: 'assigned', assignee: 'expert', age: 60 },
  { site: 'SHZJ', title: '1号变压器绕组温度越上限', title_en: 'Transformer 1 winding temperature above limit', description: '绕组温度 112 ℃，风机未启动 / Winding at 112 °C, fans not running', priority: 'urgent', state: 'accepted', assignee: 'worker', age: 10 },
  { site: 'SZIP', title: '光伏逆变器 INV-2 绝缘阻抗低', title_en: 'PV inverter INV-2 low insulation resistance', description: '绝缘阻抗 0.4 MΩ，低于 1 MΩ / 0.4 MΩ, below 1 MΩ', priority: 'high', state: 'onsite', assignee: 'worker', age: 180, reject: '' },
  { site: 'NJJN', title: '低压出线柜 AA5 断路器分闸', title_en: 'LV feeder AA5 breaker open', description: '断路器意外分闸，负荷侧停电 / Tripped, load side dead', priority: 'urgent', state: 'onsite', assignee: 'expert', age: 300 },
  { site: 'SZIP', title: '电气火灾探测器 B 相线缆温度越限', title_en: 'Fire sensor: phase B cable temperature above limit', description: '巡检发现 B 相电缆接头发热 / Hot phase B cable joint found on inspection', priority: 'normal', state: 'resolved', assignee: 'worker', age: 1440, source: { kind: 'inspection', ref: 'INS-2026-118' }, cause: '电缆接头螺栓松动，接触电阻增大 / Loose joint bolt, high contact resistance', action: '停电后紧固螺栓并更换接线端子 / Isolated, tightened, replaced the lug', parts: '铜接线端子 ×2 / Copper lugs ×2' },
  { site: 'SHZJ', title: '电容补偿柜熔断器熔断', title_en: 'Capacitor bank fuse blown', description: '第 3 组电容投切失败 / Step 3 fails to switch', priority: 'low', state: 'verified', assignee: 'expert', age: 2880, cause: '电容器老化鼓包导致熔断器熔断 / Aged, bulging capacitor blew the fuse', action: '更换电容器与熔断器 / Replaced capacitor and fuses', parts: '电容器 ×1，熔断器 ×3 / Capacitor ×1, fuses ×3' },
  { site: 'SZIP', title: '箱变门磁告警', title_en: 'Box substation door contact alarm', description: '夜间箱变门磁反复告警 / Door contact alarms repeatedly at night', priority: 'normal', state: 'closed', assignee: 'worker', age: 7200, cause: '门磁开关支架变形，门未关严 / Bent contact bracket, door not shut', action: '校正支架并调整门磁间隙 / Straightened bracket, set the gap', parts: '' },
];

const names: Record<string, { zh: string; en: string }> = { worker: { zh: '王强', en: 'Wang Qiang' }, expert: { zh: '周建国', en: 'Zhou Jianguo' } };

/**
 * The demo's defect work orders with their timelines (docs/operations.md), and one approved expert of the
 * Changjiang group to assign them to. Times are relative to the seed, so the SLA countdowns show live values.
 */
export async function seedDemoWorkOrders(trx: Db, projectIds: Map<string, number>): Promise<void> {
  const user = async (username: string) => (await trx.selectFrom('users').select(['id', 'org_id']).where('username', '=', username).executeTakeFirstOrThrow());
  const worker = await user('worker');
  const site = await user('site');
  const centre = await user('centre');
  // The expert's region in both languages (migration 0052): each console reads its own.
  const expert = await trx
    .insertInto('experts')
    .values({ org_id: worker.org_id, name: '周建国', name_en: 'Zhou Jianguo', phone: '+86 138 0000 5521', region: '江苏', region_en: 'Jiangsu', specialities: ['hvDistribution', 'lvDistribution', 'transformer'], status: 'approved', reviewed_by: centre.id, reviewed_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  for (const d of demoOrders) {
    const projectId = projectIds.get(d.site)!;
    const project = await trx.selectFrom('projects').select('org_id').where('id', '=', projectId).executeTakeFirstOrThrow();
    const creator = d.site === 'SZIP' ? site.id : centre.id;
    const created = now - d.age * 60_000;
    const sla = DEFAULT_SLA[d.priority];
    const reached = (s: WoState) => WO_STATES.indexOf(d.state) >= WO_STATES.indexOf(s);
    // Each step a share of the order's age, so the timeline reads in order and ends before now.
    const at = (share: number) => new Date(created + d.age * 60_000 * share);
    const steps: { action: string; state: WoState; at: Date; by: number; note: string }[] = [];
    const doer = d.assignee === 'worker' ? worker.id : creator;
    if (reached('assigned')) steps.push({ action: 'assign', state: 'assigned', at: at(0.05), by: creator, note: d.assignee ? `${names[d.assignee]!.zh}|${names[d.assignee]!.en}` : '' });
    if (reached('accepted')) steps.push({ action: 'accept', state: 'accepted', at: at(0.15), by: doer, note: '' });
    if (reached('onsite')) steps.push({ action: 'arrive', state: 'onsite', at: at(0.4), by: doer, note: '' });
    if (reached('resolved')) steps.push({ action: 'resolve', state: 'resolved', at: at(0.7), by: doer, note: d.cause ?? '' });
    if (reached('verified')) steps.push({ action: 'verify', state: 'verified', at: at(0.85), by: creator, note: '' });
    if (reached('closed')) steps.push({ action: 'close', state: 'closed', at: at(0.95), by: creator, note: '' });
    const stamp = (s: WoState) => steps.find((x) => x.state === s)?.at ?? null;
    const respondDue = new Date(created + sla.respond_minutes * 60_000);
    const resolveDue = new Date(created + sla.resolve_minutes * 60_000);
    const resolveBreached = stamp('resolved') === null && resolveDue.getTime() < now ? resolveDue : null;
    const o = await trx
      .insertInto('work_orders')
      .values({
        org_id: project.org_id,
        project_id: projectId,
        source_kind: d.source?.kind ?? 'manual',
        source_ref: d.source?.ref ?? '',
        event_id: null,
        device_id: null,
        title: d.title,
        title_en: d.title_en,
        description: d.description,
        priority: d.priority,
        state: d.state,
        assignee_user_id: d.assignee === 'worker' ? worker.id : null,
        assignee_expert_id: d.assignee === 'expert' ? expert.id : null,
        created_by: creator,
        respond_due: respondDue,
        resolve_due: resolveDue,
        accepted_at: stamp('accepted'),
        arrived_at: stamp('onsite'),
        resolved_at: stamp('resolved'),
        verified_at: stamp('verified'),
        closed_at: stamp('closed'),
        resolve_breached_at: resolveBreached,
        cause: d.cause ?? '',
        action_taken: d.action ?? '',
        parts: d.parts ?? '',
        created_at: new Date(created),
        updated_at: steps.at(-1)?.at ?? new Date(created),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const log = [{ order_id: o.id, action: 'create', from_state: null as string | null, to_state: 'created' as string | null, user_id: creator as number | null, note: '', at: new Date(created) }];
    let from: WoState = 'created';
    for (const s of steps) {
      log.push({ order_id: o.id, action: s.action, from_state: from, to_state: s.state, user_id: s.by, note: s.note, at: s.at });
      from = s.state;
    }
    if (resolveBreached) log.push({ order_id: o.id, action: 'breach', from_state: null, to_state: null, user_id: null, note: 'resolve', at: resolveBreached });
    log.sort((a, b) => a.at.getTime() - b.at.getTime());
    await trx.insertInto('work_order_log').values(log).execute();
  }
}
