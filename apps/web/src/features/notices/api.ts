import { noticeApi, type EventNotice, type SiteNotice } from '@gridops/contract';
import { api } from '../../api/api';
import { capNotice, session, useSession } from '../../session/store';

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
        api(noticeApi.projectCount, { project_id: s.proID }),
        api(noticeApi.projectList, { project_id: s.proID, org_id: s.organID > 0 ? s.organID : undefined }),
      ]);
      if (mine !== seq || !session().token) return;
      useSession.setState({ noticeCount: capNotice(count.total), noticeList: list.list, noticeScope: 'site' });
    } else {
      if (s.organID <= 0) return;
      const [count, list] = await Promise.all([
        api(noticeApi.orgCount, { org_id: s.organID }),
        api(noticeApi.orgList, { org_id: s.organID }),
      ]);
      if (mine !== seq || !session().token) return;
      useSession.setState({ noticeCount: capNotice(count.total), noticeList: list.list, noticeScope: 'org' });
    }
  } catch {
    // The HTTP client has already reported it; the badge keeps its last value.
  }
}

export const isEventNotice = (n: SiteNotice | EventNotice): n is EventNotice => 'event_title' in n;
/**
 * How an event's type is tagged in the bell and the pending dialog: alarm yellow, fault red (spec §2), and a
 * message (type 1: a door opened, an inspection due) blue — it is neither, and red would call it a fault.
 */
export function eventTypeTag(n: EventNotice): { kind: 'alarm' | 'fault' | 'message'; color: 'gold' | 'red' | 'blue' } {
  if (n.event_type === 2) return { kind: 'alarm', color: 'gold' };
  if (n.event_type === 1) return { kind: 'message', color: 'blue' };
  return { kind: 'fault', color: 'red' };
}
