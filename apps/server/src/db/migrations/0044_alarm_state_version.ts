/**
 * Alarm evaluation before storage (docs/adr/0007-alarms-before-storage.md): each instance evaluates incoming
 * samples against an in-memory copy of the alarm states and writes a state row only when its decision part
 * (phase, since, event) changes, or every few seconds for its last value and time. `version` tells a copy from
 * the stored row: every write of the decision part adds one (`alarmRepository.saveStates`); writes of only the
 * last value/time leave it and succeed only when the stored version is still the copy's.
 */
export const name = '0044_alarm_state_version';
export const up = `
ALTER TABLE alarm_state ADD COLUMN version bigint NOT NULL DEFAULT 0;
`;
