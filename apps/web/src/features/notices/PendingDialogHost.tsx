import { useState } from 'react';
import { useSession } from '../../session/store';
import { refreshNotices } from './api';
import { handleEvent, handleSite } from './handle';
import { PendingDialog } from './PendingDialog';
import { useOtherModalOpen } from './otherModal';
import { followList, hasNewPending, seenOf, type SeenPending } from './pendingSeen';

/**
 * Opens the pending dialog whenever the pending list is non-empty (spec §2) and holds something the user has
 * not yet closed the dialog over: a new event, a new site, or a site with more pending events than before —
 * and no other modal is open.
 */
export function PendingDialogHost() {
  const list = useSession((s) => s.noticeList);
  const scope = useSession((s) => s.noticeScope);
  const [seen, setSeen] = useState<SeenPending | null>(null);
  const [followed, setFollowed] = useState(list);
  if (followed !== list) {
    // Adjusting state while rendering (React's pattern for "derive from a changed prop"), not in an effect.
    setFollowed(list);
    if (seen) setSeen(followList(seen, scope, list));
  }
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
