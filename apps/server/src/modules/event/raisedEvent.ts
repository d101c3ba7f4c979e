import type { EventMessage, TextPair } from '@gridops/contract';

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
  /** The project's name: the pop-up's title and the start of the spoken text. */
  project: TextPair;
  /** The message key and parameters; consoles render the sentence and the spoken text in their language. */
  text: EventMessage;
  raisedAt: number;
}
