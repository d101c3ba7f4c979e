import type { Lang } from '@gridops/contract';
import { woStateNames } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { inQuietHours } from '../push/dispatcher.js';
import { pushRepository, type NewDelivery } from '../push/repository.js';
import type { OrderRow } from './repository.js';

const priorityNames: Record<string, Record<Lang, string>> = {
  urgent: { zh: '紧急', en: 'urgent' },
  high: { zh: '高', en: 'high' },
  normal: { zh: '普通', en: 'normal' },
  low: { zh: '低', en: 'low' },
};

/** The breach notice in one language (e-mail subject and body). */
export function breachText(o: OrderRow, kind: 'respond' | 'resolve', code: string, lang: Lang): { subject: string; body: string } {
  const project = lang === 'en' && o.project_name_en ? o.project_name_en : o.project_name;
  const title = lang === 'en' && o.title_en ? o.title_en : o.title;
  const state = woStateNames[o.state as keyof typeof woStateNames]?.[lang] ?? o.state;
  const due = (kind === 'respond' ? o.respond_due : o.resolve_due).toISOString();
  const who = (lang === 'en' ? o.assignee_name_en || o.assignee_name : o.assignee_name) ?? (lang === 'zh' ? '未派工' : 'not assigned');
  if (lang === 'zh') {
    return {
      subject: `[GridOps] ${project} · 工单${kind === 'respond' ? '响应' : '处理'}超时 ${code}`,
      body: `${project}\n${code} ${title}\n优先级：${priorityNames[o.priority]?.zh ?? o.priority} 状态：${state} 处理人：${who}\n${kind === 'respond' ? '响应' : '处理'}时限：${due}`,
    };
  }
  return {
    subject: `[GridOps] ${project} · work order ${kind === 'respond' ? 'response' : 'resolution'} overdue ${code}`,
    body: `${project}\n${code} ${title}\nPriority: ${priorityNames[o.priority]?.en ?? o.priority}  State: ${state}  Assignee: ${who}\n${kind === 'respond' ? 'Respond' : 'Resolve'} by: ${due}`,
  };
}

/**
 * Queues the pushes of one SLA breach through the push module: every enabled rule that applies to the project
 * (outside its quiet hours) e-mails its recipients and, as the escalation, its escalation chain at once, each
 * in their language, and posts to its robot channels in Chinese then English.
 */
export async function breachDeliveries(db: Db, o: OrderRow, kind: 'respond' | 'resolve', code: string): Promise<NewDelivery[]> {
  const out: NewDelivery[] = [];
  for (const r of await pushRepository.rulesForProject(db, o.project_id)) {
    if (inQuietHours(r, Date.now(), r.timezone)) continue;
    const people = await pushRepository.usersByIds(db, [...new Set([...r.user_ids, ...r.escalate_user_ids])]);
    for (const u of people) {
      const { subject, body } = breachText(o, kind, code, u.language === 'en' ? 'en' : 'zh');
      out.push({ org_id: r.org_id, rule_id: r.id, event_id: o.event_id, target: 'email', channel_id: null, to_addr: u.email, subject, body });
    }
    const zh = breachText(o, kind, code, 'zh');
    const en = breachText(o, kind, code, 'en');
    for (const channelId of r.channel_ids) {
      out.push({ org_id: r.org_id, rule_id: r.id, event_id: o.event_id, target: 'webhook', channel_id: channelId, to_addr: '', subject: zh.subject, body: `${zh.subject}\n${zh.body}\n\n${en.subject}\n${en.body}` });
    }
  }
  await pushRepository.enqueue(db, out);
  return out;
}
