/** Kysely types of migration 0024 (alarm-rule configuration); alarm_rules' new columns are in schema.ts' table. */
export interface AlarmRuleGenerationTable {
  id: number;
  gen: string | number;
}

export interface AlarmDB {
  alarm_rule_generation: AlarmRuleGenerationTable;
}
