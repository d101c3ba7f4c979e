import fs from 'node:fs';
import path from 'node:path';
import type { MonthReportFigures, MonthReportLanguage, MonthReportSection } from '@gridops/contract';
import PDFDocument from 'pdfkit';
import { findCjkFont } from '../../lib/fonts.js';
import { reportLabels } from './labels.js';
import { reportTables, type ReportTable } from './tables.js';

export class MissingCjkFontError extends Error {}

export interface CjkFont {
  file: string;
  /** The face inside a .ttc collection (PostScript name); undefined for .ttf/.otf. */
  face: string | undefined;
}

/**
 * The CJK font to embed, looked up for each report: `configured` (REPORT_CJK_FONT: a path, with `#PostScriptName`
 * to pick a face of a .ttc) alone when set; else the system's Noto CJK (in `fontDirs`, FONT_DIRS), else the one
 * shipped as an npm dependency (lib/fonts). The system's comes first: it covers all of CJK (a site named with a
 * rare character), the shipped one GB2312's hanzi; both are Noto Sans, so a report looks the same either way.
 * Null when there is none. Noto CJK collections default to their Simplified Chinese face.
 */
export function resolveCjkFont(configured: string | undefined, fontDirs: readonly string[], exists: (p: string) => boolean = fs.existsSync): CjkFont | null {
  if (configured) {
    const [file, face] = configured.split('#') as [string, string | undefined];
    return exists(file) ? withFace(file, face) : null;
  }
  const found = findCjkFont(fontDirs);
  return found ? withFace(found.file, undefined) : null;
}

function withFace(file: string, face: string | undefined): CjkFont {
  if (face || !file.toLowerCase().endsWith('.ttc')) return { file, face };
  const base = path.basename(file, '.ttc');
  return { file, face: base.replace(/^(Noto(?:Sans|Serif)CJK)-/, '$1sc-') };
}

const PAGE = { margin: 48, width: 595.28, height: 841.89 };
const CONTENT_W = PAGE.width - 2 * PAGE.margin;
const ROW_H = 18;

type Doc = InstanceType<typeof PDFDocument>;

function ensureSpace(doc: Doc, h: number) {
  if (doc.y + h > PAGE.height - PAGE.margin) doc.addPage();
}

function drawTable(doc: Doc, t: ReportTable) {
  const first = t.columns.length === 2 ? CONTENT_W * 0.6 : CONTENT_W / t.columns.length + 40;
  const rest = (CONTENT_W - first) / Math.max(1, t.columns.length - 1);
  const widths = t.columns.map((_, i) => (i === 0 ? first : rest));
  const drawRow = (cells: (string | number)[], header: boolean) => {
    ensureSpace(doc, ROW_H);
    const y = doc.y;
    if (header) doc.rect(PAGE.margin, y, CONTENT_W, ROW_H).fill('#eef2f7');
    doc.fillColor('#1f2937').fontSize(9);
    let x = PAGE.margin;
    cells.forEach((c, i) => {
      const text = typeof c === 'number' ? c.toLocaleString('en-US', { maximumFractionDigits: 2 }) : c;
      doc.text(text, x + 4, y + 5, { width: widths[i]! - 8, align: i === 0 ? 'left' : 'right', lineBreak: false });
      x += widths[i]!;
    });
    doc.moveTo(PAGE.margin, y + ROW_H).lineTo(PAGE.margin + CONTENT_W, y + ROW_H).lineWidth(0.5).strokeColor('#d1d5db').stroke();
    doc.x = PAGE.margin;
    doc.y = y + ROW_H;
  };
  drawRow(t.columns, true);
  for (const r of t.rows) drawRow(r, false);
  doc.y += 10;
}

/** A bar per day of the month's energy, drawn with vector operations (axis, bars, a few value labels). */
function drawDailyChart(doc: Doc, title: string, daily: MonthReportFigures['energy']['daily']) {
  const h = 150;
  ensureSpace(doc, h + 40);
  doc.fontSize(10).fillColor('#1f2937').text(title, PAGE.margin, doc.y);
  const top = doc.y + 6;
  const left = PAGE.margin + 40;
  const width = CONTENT_W - 40;
  const max = Math.max(1, ...daily.map((d) => d.energy));
  doc.moveTo(left, top).lineTo(left, top + h).lineTo(left + width, top + h).lineWidth(0.7).strokeColor('#6b7280').stroke();
  doc.fontSize(7).fillColor('#6b7280');
  for (const f of [0, 0.5, 1]) {
    const y = top + h - f * h;
    doc.text((max * f).toFixed(0), PAGE.margin, y - 3, { width: 36, align: 'right', lineBreak: false });
    if (f > 0) doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.3).strokeColor('#e5e7eb').stroke();
  }
  const slot = width / Math.max(1, daily.length);
  daily.forEach((d, i) => {
    const bh = (d.energy / max) * h;
    doc.rect(left + i * slot + slot * 0.15, top + h - bh, slot * 0.7, bh).fill('#3b82f6');
    if (i % 5 === 0 || i === daily.length - 1) doc.fillColor('#6b7280').fontSize(7).text(d.date.slice(8), left + i * slot, top + h + 3, { width: slot, align: 'center', lineBreak: false });
  });
  doc.x = PAGE.margin;
  doc.y = top + h + 20;
}

function renderLanguage(doc: Doc, f: MonthReportFigures, lang: MonthReportLanguage, sections: readonly MonthReportSection[], generatedAt: string, font: string) {
  const L = reportLabels[lang];
  doc.font(font);
  doc.fontSize(20).fillColor('#111827').text(L.title, PAGE.margin, PAGE.margin);
  doc.moveDown(0.3);
  const site = lang === 'en' ? f.name_en || f.name : f.name;
  doc.fontSize(11).fillColor('#374151').text(`${L.site}: ${site}    ${L.month}: ${f.month}`);
  doc.fontSize(8).fillColor('#6b7280').text(`${L.generated}: ${generatedAt}    ${L.zone}: ${f.zone}`);
  doc.moveDown(1);
  for (const s of reportTables(f, lang, sections)) {
    ensureSpace(doc, 60);
    doc.fontSize(13).fillColor('#1d4ed8').text(s.title, PAGE.margin, doc.y);
    doc.moveDown(0.3);
    if (s.note) doc.fontSize(8).fillColor('#b45309').text(s.note);
    s.tables.forEach((t, i) => {
      drawTable(doc, t);
      if (s.section === 'energy' && i === 0 && f.energy.daily.length) drawDailyChart(doc, L.dailyChart, f.energy.daily);
    });
    doc.moveDown(0.5);
  }
}

/**
 * The report as a PDF: one part per language (Chinese first), every enabled section as tables and the daily
 * energy as a bar chart. Chinese needs the CJK font (embedded as a subset): without one, MissingCjkFontError.
 */
export async function renderPdf(
  f: MonthReportFigures,
  opts: { languages: readonly MonthReportLanguage[]; sections: readonly MonthReportSection[]; generatedAt: string; font: CjkFont | null },
): Promise<Buffer> {
  if (!opts.font && opts.languages.includes('zh')) {
    throw new MissingCjkFontError('no CJK font for the Chinese report: run npm install (it brings @embedpdf/fonts-sc), install fonts-noto-cjk or set REPORT_CJK_FONT');
  }
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `${reportLabels.en.title} ${f.month} ${f.name_en || f.name}`, Producer: 'GridOps' } });
  let font = 'Helvetica';
  if (opts.font) {
    doc.registerFont('cjk', opts.font.file, opts.font.face);
    font = 'cjk';
  }
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const order = (['zh', 'en'] as const).filter((l) => opts.languages.includes(l));
  order.forEach((lang, i) => {
    if (i > 0) doc.addPage();
    renderLanguage(doc, f, lang, opts.sections, opts.generatedAt, font);
  });
  doc.end();
  return done;
}
