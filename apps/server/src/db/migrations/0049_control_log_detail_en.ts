/**
 * The control log's detail in English beside the Chinese one (`detail`): a refusal or a cancelled selection
 * names its reason — an interlock, a blocked period, the breaker's settings — in the reader's language
 * (docs/control-config.md "Checked again at execute"). Empty when the detail is the same in both (a command
 * id, a set-point); rows written before keep their one detail.
 */
export const name = '0049_control_log_detail_en';
export const up = `
ALTER TABLE control_log ADD COLUMN detail_en text NOT NULL DEFAULT '';
`;
