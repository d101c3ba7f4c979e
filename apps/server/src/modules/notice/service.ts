import { eventMessageAnswer, type Lang } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { noticeRepository as repo } from './repository.js';
import { pickLang } from '../../lib/lang.js';

/** The pending-events dialog lists at most this many events of one site; the total still counts all. */
const EVENT_LIST_LIMIT = 200;


export function createNoticeService(db: Db, access: AccessService) {
  return {
    async orgCount(user: AuthUser, orgId: number) {
      return { total: await repo.countPending(db, await access.projectsUnderOrg(user, orgId)) };
    },

    async orgList(user: AuthUser, orgId: number, lang: Lang) {
      const rows = await repo.pendingBySite(db, await access.projectsUnderOrg(user, orgId));
      const list = rows.map((r) => ({ id: r.id, title: pickLang(lang, r.name, r.name_en), total: Number(r.total) }));
      return { total: list.reduce((s, r) => s + r.total, 0), list };
    },

    async projectCount(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      return { total: await repo.countPending(db, [projectId]) };
    },

    async projectList(user: AuthUser, projectId: number, lang: Lang) {
      await access.assertProject(user, projectId);
      const [total, rows] = await Promise.all([repo.countPending(db, [projectId]), repo.pendingEvents(db, projectId, EVENT_LIST_LIMIT)]);
      return {
        total,
        list: rows.map((r) => {
          const text = eventMessageAnswer(r.message_key, r.message_params, lang, pickLang(lang, r.message, r.message_en));
          return {
            id: r.id,
            event_title: text.message,
            message_key: text.message_key,
            message_params: text.message_params,
            event_type: r.event_type,
            level: r.level,
            device_name: pickLang(lang, r.device_name ?? '', r.device_name_en),
            created_at: r.raised_at.toISOString(),
          };
        }),
      };
    },
  };
}
