/**
 * An event just raised (by the alarm engine or the gateway watch), to be pushed to consoles once its
 * transaction has committed. It lives in the event module so that telemetry, alarm and the notifier can all
 * use it without importing each other.
 */
export interface RaisedEvent {
  eventId: number;
  projectId: number;
  type: 1 | 2 | 3;
  level: 1 | 2 | 3 | 4;
  title: string;
  titleEn: string;
  msg: string;
  msgEn: string;
  audio: string;
  raisedAt: number;
}
