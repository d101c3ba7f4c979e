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

export const feedback = {
  warning(content: string) {
    if (messageApi) void messageApi.warning(content);
    else console.warn(content);
  },
  error(content: string) {
    if (messageApi) void messageApi.error(content);
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
