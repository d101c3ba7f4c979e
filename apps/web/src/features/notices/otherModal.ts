import { useEffect, useState } from 'react';

/** Class of the pending dialog's wrapper, so it does not count as "another" modal. */
export const PENDING_WRAP_CLASS = 'pending-dialog-wrap';

/** Whether a modal other than the pending dialog is on screen under `root`: an operation is in progress. */
export function otherModalOpen(root: ParentNode): boolean {
  return [...root.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((w) => w.style.display !== 'none' && !w.classList.contains(PENDING_WRAP_CLASS));
}

/**
 * Follows whether another modal is open (antd renders modals in portals, so the DOM is the one place that
 * knows). The pending dialog waits while one is: it would cover an operation half done (a breaker's password
 * step, a node being edited) — the operation itself often raises the event that would open it.
 */
export function useOtherModalOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => setOpen(otherModalOpen(document));
    check();
    // Live pages mutate the DOM many times a second (values, tooltips): look at most once per frame.
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        check();
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class'] });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return open;
}
