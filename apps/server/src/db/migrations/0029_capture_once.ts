/**
 * A camera capture is stored once: a gateway (or a broker redelivering an unacknowledged message) may send the
 * same capture again, and it is the same event. Duplicates already stored are removed (the first is kept),
 * then one capture per gateway, camera and time is enforced; the insert ignores a repeat (ON CONFLICT).
 */
export const name = '0029_capture_once';
export const up = `
DELETE FROM captures c
 USING captures k
 WHERE c.gateway_id = k.gateway_id AND c.device_sn = k.device_sn AND c.ts = k.ts AND c.id > k.id;
CREATE UNIQUE INDEX captures_once_idx ON captures (gateway_id, device_sn, ts);
`;
