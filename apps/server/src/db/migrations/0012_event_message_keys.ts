/**
 * Events store their text as a message key and parameters (packages/contract/src/eventMessages.ts), rendered
 * in the viewer's language by every reader. Rows stored before have no key: their finished texts (message,
 * message_en) cannot be turned back into parameters and stay as they are. New rows keep filling message and
 * message_en (rendered zh/en) for search and older readers.
 */
export const name = '0012_event_message_keys';
export const up = `
ALTER TABLE events
  ADD COLUMN message_key    text,
  ADD COLUMN message_params jsonb;
`;
