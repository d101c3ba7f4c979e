import { useEffect, useState } from 'react';
import { useSession } from '../../session/store';
import { refreshNotices } from './api';
import { handleEvent, handleSite } from './handle';
import { PendingDialog } from './PendingDialog';
import { useOtherModalOpen } from './otherModal';
import { followList, hasNewPending, loadSeen, seenOf, storeSeen, type SeenPending } from './pendingSeen';

/**
 * Opens the pending dialog whenever the pending list is non-empty (spec §2) and holds something the user has
 * not yet closed the dialog over: a new event, a new site, or a site with more pending events than before —
 * and no other modal is open. What was seen is kept in sessionStorage, so a reload does not show it again.
 */
export function PendingDialogHost() {
  const list = useSession((s) => s.noticeList);
  const scope = useSession((s) => s.noticeScope);
  const userId = useSession((s) => s.userInfo?.id);
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
    if (seen) setSeen(followList(seen, scope, list));
  }
  useEffect(() => storeSeen(seenBy, seen), [seenBy, seen]);
  // Held back while another modal is open (an operation in progress); it opens when that one closes.
  const busy = useOtherModalOpen();
  const open = hasNewPending(seen, scope, list) && !busy;
  const close = () => setSeen(seenOf(scope, list));

  return (
    <PendingDialog
      open={open}
      scope={scope}
      list={list}
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
