import type { Db } from '../db/database.js';

/**
 * Monthly report settings of the demo sites (docs/monthly-report.md): every section, both languages, generated
 * monthly; Suzhou and Hangzhou have recipients. The reports themselves come from the monthly job, which on a
 * fresh start generates last month's report of every site (its figures need the services, not seed SQL).
 */
export async function seedDemoMonthReport(trx: Db, projectIds: Map<string, number>): Promise<void> {
  const recipients: Record<string, string[]> = {
    SZIP: ['ops-suzhou@example.com', 'energy-manager@example.com'],
    HZBJ: ['facility-hangzhou@example.com'],
  };
  const sections = ['energy', 'new_energy', 'carbon', 'events', 'inspection', 'defects', 'gateways'];
  const rows = [...projectIds.entries()].map(([code, id]) => ({
    project_id: id,
    sections: JSON.stringify(sections),
    recipients: JSON.stringify(recipients[code] ?? []),
    languages: JSON.stringify(['zh', 'en']),
    auto_generate: true,
  }));
  if (rows.length) await trx.insertInto('month_report_settings').values(rows).execute();
}
