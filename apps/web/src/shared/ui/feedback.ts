import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * The antd `App.useApp()` instances, made reachable from non-React modules (HTTP client, live client).
 * `FeedbackBridge` fills them in; until then calls fall back to the console so nothing is lost.
 */
let messageApi: MessageInstance | null = null;
let notificationApi: NotificationInstance | null = null;

export function setFeedbackApis(m: MessageInstance | null, n: NotificationInstance | null) {
  messageApi = m;
  notificationApi = n;
}

/**
 * One pop-up per cause: a message keyed by its own text replaces the one already showing (and restarts its
 * timer) instead of stacking a copy — several queries failing for the same reason ("no response", "no access")
 * show it once.
 */
const once = (content: string) => ({ content, key: `feedback:${content}` });

export const feedback = {
  warning(content: string) {
    if (messageApi) void messageApi.warning(once(content));
    else console.warn(content);
  },
  error(content: string) {
    if (messageApi) void messageApi.error(once(content));
    else console.error(content);
  },
  success(content: string) {
    if (messageApi) void messageApi.success(content);
    else console.info(content);
  },
  notification: () => notificationApi,
  destroyAll() {
    messageApi?.destroy();
    notificationApi?.destroy();
  },
};
