import { App } from 'antd';
import { useEffect } from 'react';
import { feedback, setFeedbackApis } from './feedback';

/** Lives inside antd `<App>`; hands its message/notification instances to `feedback` and adds Esc-to-close. */
export function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    setFeedbackApis(message, notification);
    // antd pop-ups have no keyboard close; spec §4 asks Esc to close them.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') feedback.destroyAll();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      setFeedbackApis(null, null);
    };
  }, [message, notification]);
  return null;
}
