import type { MonthReportFigures, MonthReportLanguage, MonthReportSection } from '@gridops/contract';
import writeXlsxFile, { type Row, type Sheet } from 'write-excel-file/node';
import { reportLabels } from './labels.js';
import { reportTables } from './tables.js';

type WorkbookSheet = Sheet<Buffer>;

const bold = { fontWeight: 'bold' as const };

/**
 * The same figures as the PDF in a workbook (write-excel-file, the library the console's exports use): per
 * language one sheet of the sections' tables, and one sheet of the daily energy and cost. Numbers stay numbers.
 */
export async function renderWorkbook(f: MonthReportFigures, opts: { languages: readonly MonthReportLanguage[]; sections: readonly MonthReportSection[] }): Promise<Buffer> {
  const sheets: WorkbookSheet[] = [];
  for (const lang of (['zh', 'en'] as const).filter((l) => opts.languages.includes(l))) {
    const L = reportLabels[lang];
    const site = lang === 'en' ? f.name_en || f.name : f.name;
    const data: Row[] = [
      [{ value: L.title, ...bold }],
      [{ value: L.site }, { value: site }],
      [{ value: L.month }, { value: f.month }],
      [{ value: L.zone }, { value: f.zone }],
      [],
    ];
    for (const s of reportTables(f, lang, opts.sections)) {
      data.push([{ value: s.title, ...bold }]);
      if (s.note) data.push([{ value: s.note }]);
      for (const t of s.tables) {
        data.push(t.columns.map((c) => ({ value: c, ...bold })));
        for (const r of t.rows) data.push(r.map((v) => (typeof v === 'number' ? { value: v, type: Number } : { value: v })));
        data.push([]);
      }
    }
    sheets.push({ data, sheet: lang === 'zh' ? '月度运行报告' : 'Monthly report', columns: [{ width: 34 }, { width: 18 }, { width: 18 }, { width: 14 }, { width: 16 }] });
    if (opts.sections.includes('energy')) {
      const daily: Row[] = [[{ value: L.date, ...bold }, { value: L.energyKwh, ...bold }, { value: L.costYuan, ...bold }], ...f.energy.daily.map((d) => [{ value: d.date }, { value: d.energy, type: Number }, { value: d.cost, type: Number }])];
      sheets.push({ data: daily, sheet: lang === 'zh' ? '每日用电' : 'Daily energy', columns: [{ width: 14 }, { width: 16 }, { width: 16 }] });
    }
  }
  return writeXlsxFile(sheets).toBuffer();
}
