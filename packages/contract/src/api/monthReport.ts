import { z } from 'zod';
import { PF_SOURCES } from './billing.js';
import { dbId, dbIdParam, int32 } from '../ids.js';
import { TOU_BANDS } from './metering.js';
import { tariffPart } from './energyStats.js';

/**
 * Monthly operation report (/RunReport, configured in /RunSetup/MonthReportSet; docs/monthly-report.md): per site
 * and month the figures of the expense report, the new-energy/storage overviews, carbon, events, inspections,
 * work orders and gateway availability, kept as PDF and .xlsx and e-mailed to the configured recipients.
 */
export const MONTH_REPORT_SECTIONS = ['energy', 'new_energy', 'carbon', 'events', 'inspection', 'defects', 'gateways'] as const;
export type MonthReportSection = (typeof MONTH_REPORT_SECTIONS)[number];
export const MONTH_REPORT_LANGUAGES = ['zh', 'en'] as const;
export type MonthReportLanguage = (typeof MONTH_REPORT_LANGUAGES)[number];
export const MONTH_REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type MonthReportFormat = (typeof MONTH_REPORT_FORMATS)[number];
/** How many recipients one site's report may have. */
export const MONTH_REPORT_MAX_RECIPIENTS = 20;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

export const monthReportSettingsFields = z.object({
  sections: z.array(z.enum(MONTH_REPORT_SECTIONS)).min(1).max(MONTH_REPORT_SECTIONS.length),
  recipients: z.array(z.email().max(254)).max(MONTH_REPORT_MAX_RECIPIENTS),
  languages: z.array(z.enum(MONTH_REPORT_LANGUAGES)).min(1).max(2),
  /** The monthly job generates (and mails) the site's report on the 1st; off: only on demand. */
  auto_generate: z.boolean(),
});
/** A site's settings; version 0 means none stored yet (the defaults are shown). */
export const monthReportSettings = monthReportSettingsFields.extend({ project_id: z.number().int(), version: z.number().int() });
export type MonthReportSettings = z.infer<typeof monthReportSettings>;
/** Saving: `version` is the one read (0 for a site without stored settings). */
export const monthReportSettingsUpdate = monthReportSettingsFields.extend({ project_id: dbId, version: int32.min(0) });
export type MonthReportSettingsUpdate = z.infer<typeof monthReportSettingsUpdate>;
export const monthReportProjectRequest = z.object({ project_id: dbIdParam });
export const monthReportSettingsList = z.object({ items: z.array(monthReportSettings.extend({ name: z.string(), name_en: z.string() })) });

const bandRow = z.object({ band: z.enum(TOU_BANDS), energy: z.number(), cost: z.number() });
const count = z.object({ key: z.number().int(), count: z.number().int() });

/** Every figure of one site-month, as the report, its PDF, its workbook and the web page show it. */
export const monthReportFigures = z.object({
  project_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  month,
  zone: z.string(),
  currency: z.literal('CNY'),
  /** The expense report of the month (statistics: TOU bands, bill). */
  energy: z.object({
    tariff_configured: z.boolean(),
    total_kwh: z.number(),
    total_cost: z.number(),
    bands: z.array(bandRow),
    daily: z.array(z.object({ date: z.string(), energy: z.number(), cost: z.number() })),
    energy_charge: z.number(),
    basic_charge: z.number(),
    pf_adjustment: z.number(),
    feed_in_revenue: z.number(),
    bill_total: z.number(),
    power_factor: z.number().nullable(),
    /** The bill's power-factor basis (optional: reports stored before issue 26 lack them). */
    pf_source: z.enum(PF_SOURCES).nullable().optional(),
    pf_standard: z.number().nullable().optional(),
    pf_adjust_pct: z.number().nullable().optional(),
    /** The month's maximum 15-minute demand of the grid meters (hourly mean where no quarter-hour rollups), kW. */
    peak_demand_kw: z.number().nullable(),
    /** Demand charge: the tariff's declared demand and the over-declaration surcharge (yuan). */
    declared_demand_kw: z.number().nullable().optional(),
    demand_penalty: z.number().nullable().optional(),
    /** The tariffs (name, version, validity) that priced the month, each with the dates it covered (absent in reports stored before). */
    tariffs: z.array(tariffPart).optional(),
  }),
  /** The new-energy and storage overviews as of the month's last day (their `month` figures). */
  new_energy: z.object({
    pv_capacity_kwp: z.number(),
    generation_kwh: z.number(),
    self_consumption_pct: z.number().nullable(),
    equivalent_hours: z.number(),
    storage_capacity_kwh: z.number(),
    charged_kwh: z.number(),
    discharged_kwh: z.number(),
    storage_efficiency_pct: z.number().nullable(),
    cycles: z.number(),
  }),
  /** The carbon page's month (kgCO2). */
  carbon: z.object({ emissions_kg: z.number(), avoided_kg: z.number(), net_kg: z.number() }),
  /** Events raised in the month: by level (1–4) and type (1 message, 2 alarm, 3 fault); mean minutes to acknowledge/close. */
  events: z.object({
    total: z.number().int(),
    by_level: z.array(count),
    by_type: z.array(count),
    acknowledged: z.number().int(),
    closed: z.number().int(),
    mean_ack_minutes: z.number().nullable(),
    mean_close_minutes: z.number().nullable(),
  }),
  /** The inspection summary of the month's tasks. */
  inspection: z.object({ total: z.number().int(), done: z.number().int(), overdue: z.number().int(), late: z.number().int(), rate: z.number(), findings: z.number().int() }),
  /** Work orders (defects): opened and closed in the month, still open at its end. */
  defects: z.object({ opened: z.number().int(), closed: z.number().int(), open: z.number().int() }),
  /** Gateway availability: the month's time without a communication-loss event, from each gateway's registration. */
  gateways: z.array(z.object({ id: z.number().int(), sn: z.string(), name: z.string(), name_en: z.string(), availability_pct: z.number(), outages: z.number().int(), outage_minutes: z.number() })),
});
export type MonthReportFigures = z.infer<typeof monthReportFigures>;

export const MONTH_REPORT_MAIL_STATUSES = ['none', 'pending', 'sent', 'failed', 'no_smtp'] as const;
export const monthReportDelivery = z.object({ to: z.string(), status: z.enum(['sent', 'failed']), error: z.string() });
export const monthReport = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  month,
  trigger: z.enum(['job', 'manual', 'seed']),
  sections: z.array(z.enum(MONTH_REPORT_SECTIONS)),
  languages: z.array(z.enum(MONTH_REPORT_LANGUAGES)),
  generated_at: z.string(),
  pdf_bytes: z.number().int(),
  xlsx_bytes: z.number().int(),
  mail_status: z.enum(MONTH_REPORT_MAIL_STATUSES),
  deliveries: z.array(monthReportDelivery),
});
export type MonthReport = z.infer<typeof monthReport>;
export const monthReportList = z.object({ items: z.array(monthReport) });
export const monthReportRequest = z.object({ project_id: dbIdParam, month });
/** The stored report of a site-month with its figures; null when none was generated yet. */
export const monthReportView = z.object({ report: monthReport.nullable(), figures: monthReportFigures.nullable() });
export type MonthReportView = z.infer<typeof monthReportView>;
export const monthReportGenerate = z.object({ project_id: dbId, month, send_mail: z.boolean().default(false) });
export const monthReportIdParams = z.object({ id: dbIdParam });
export const monthReportFileRequest = z.object({ format: z.enum(MONTH_REPORT_FORMATS) });
export const monthReportFile = z.object({ file_name: z.string(), mime: z.string(), content: z.string() });
