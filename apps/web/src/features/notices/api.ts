import type { EventNotice, SiteNotice } from '@gridops/contract';
import { http } from '../../api/http';
import { capNotice, session, useSession } from '../../session/store';

interface Count {
  total: number;
}
interface List<T> {
  total: number;
  list: T[];
}

let seq = 0;

/**
 * Re-reads the pending count and list (spec §7): organisation scope `{org_id}` when no project is selected,
 * project scope `{project_id}` / `{project_id, org_id}` when one is. Older answers never overwrite newer ones.
 */
export async function refreshNotices(): Promise<void> {
  const s = session();
  if (!s.token) return;
  const mine = ++seq;
  try {
    if (s.proID) {
      const [count, list] = await Promise.all([
        http.post<Count>('/api/v6/event/notice', { project_id: s.proID }),
        http.post<List<EventNotice>>('/api/v6/event/noticeList', { project_id: s.proID, org_id: s.organID > 0 ? s.organID : undefined }),
      ]);
      if (mine !== seq || !session().token) return;
      useSession.setState({ noticeCount: capNotice(count.total), noticeList: list.list, noticeScope: 'site' });
    } else {
      if (s.organID <= 0) return;
      const [count, list] = await Promise.all([
        http.post<Count>('/api/v6/index/eventNotice', { org_id: s.organID }),
        http.post<List<SiteNotice>>('/api/v6/index/eventNoticeList', { org_id: s.organID }),
      ]);
      if (mine !== seq || !session().token) return;
      useSession.setState({ noticeCount: capNotice(count.total), noticeList: list.list, noticeScope: 'org' });
    }
  } catch {
    // The HTTP client has already reported it; the badge keeps its last value.
  }
}

export const isEventNotice = (n: SiteNotice | EventNotice): n is EventNotice => 'event_title' in n;
export const isAlarm = (n: EventNotice) => n.event_type === 2;
