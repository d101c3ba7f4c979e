import { useEffect, useState } from 'react';
import { useSession } from '../../session/store';
import { refreshNotices } from './api';
import { handleEvent, handleSite } from './handle';
import { PendingDialog } from './PendingDialog';
import { useOtherModalOpen } from './otherModal';
import { isPendingMuted, setPendingMuted } from './pendingMuted';
import { carryIntoSite, followList, hasNewPending, loadSeen, seenOf, storeSeen, type SeenPending } from './pendingSeen';

/**
 * Opens the pending dialog whenever the pending list is non-empty (spec §2) and holds something the user has
 * not yet closed the dialog over: a new event, a new site, or a site with more pending events than before —
 * and no other modal is open. Handling a site from the organisation's list does not open a second dialog for the
 * same events in that site (carryIntoSite). What was seen is kept in sessionStorage, so a reload does not show it again.
 * An operator who ticked "don't pop up again" (pendingMuted.ts) gets no dialog for the rest of the session.
 */
export function PendingDialogHost() {
  const list = useSession((s) => s.noticeList);
  const scope = useSession((s) => s.noticeScope);
  const userId = useSession((s) => s.userInfo?.id);
  const project = useSession((s) => s.proID);
  const [seen, setSeen] = useState<SeenPending | null>(() => loadSeen(userId));
  const [seenBy, setSeenBy] = useState(userId);
  const [followed, setFollowed] = useState(list);
  if (seenBy !== userId) {
    setSeenBy(userId);
    setSeen(loadSeen(userId));
  }
  if (followed !== list) {
    // Adjusting state while rendering (React's pattern for "derive from a changed prop"), not in an effect.
    setFollowed(list);
    if (seen) setSeen(seen.scope === scope ? followList(seen, scope, list) : carryIntoSite(seen, scope, list, project));
  }
  useEffect(() => storeSeen(seenBy, seen), [seenBy, seen]);
  // Held back while another modal is open (an operation in progress); it opens when that one closes.
  const busy = useOtherModalOpen();
  const [muteOnClose, setMuteOnClose] = useState(false);
  // Read on each render: the list changing (the only thing that opens the dialog) renders this again.
  const open = hasNewPending(seen, scope, list) && !busy && !isPendingMuted(userId);
  const close = () => {
    if (muteOnClose) setPendingMuted(userId, true);
    setMuteOnClose(false);
    setSeen(seenOf(scope, list));
  };

  return (
    <PendingDialog
      open={open}
      scope={scope}
      list={list}
      muteOnClose={muteOnClose}
      onMuteOnCloseChange={setMuteOnClose}
      onDismiss={() => {
        close();
        void refreshNotices();
      }}
      onHandleSite={(id) => {
        close();
        handleSite(id);
      }}
      onHandleEvent={(n) => {
        close();
        handleEvent(n);
      }}
    />
  );
}
