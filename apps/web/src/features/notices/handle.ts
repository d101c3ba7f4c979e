import type { EventNotice } from '@gridops/contract';
import { navigateTo } from '../../session/navigation';
import { selectSite } from '../../session/actions';
import { patchSession, session } from '../../session/store';

/** Where the active event is shown: the worker's message tab, or the site's event page. */
export const eventsPath = () => (session().userType === 2 ? '/WorkerEvent' : '/ElectricalRoom/EvnManage');

/** Spec §2: in a site view, handling sets the active event and hides the event-type filter. */
export function handleEvent(n: EventNotice) {
  patchSession({ activeEventId: n.id, eventTypeFilterHidden: true });
  navigateTo(eventsPath());
}

/** Outside a site view, handling selects the site. */
export function handleSite(id: number) {
  const project = session().proList.find((p) => p.id === id);
  selectSite(id, project);
}
