import { useState } from 'react';
import { useSession } from '../../app/sessionStore';
import { noticeSignature, refreshNotices } from './api';
import { handleEvent, handleSite } from './handle';
import { PendingDialog } from './PendingDialog';

/**
 * Opens the pending dialog whenever the pending list is non-empty (spec §2). A list the user has already
 * dismissed does not re-open it until it changes, otherwise the dismissal's own refresh would re-open it.
 */
export function PendingDialogHost() {
  const list = useSession((s) => s.noticeList);
  const scope = useSession((s) => s.noticeScope);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const signature = `${scope}|${noticeSignature(list)}`;
  const open = list.length > 0 && signature !== dismissed && signature !== chosen;

  return (
    <PendingDialog
      open={open}
      scope={scope}
      list={list}
      onDismiss={() => {
        setDismissed(signature);
        void refreshNotices();
      }}
      onHandleSite={(id) => {
        setChosen(signature);
        handleSite(id);
      }}
      onHandleEvent={(n) => {
        setChosen(signature);
        handleEvent(n);
      }}
    />
  );
}
