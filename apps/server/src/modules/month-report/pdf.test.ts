import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MONTH_REPORT_SECTIONS } from '@gridops/contract';
import { describe, expect, it } from 'vitest';
import { assembleFigures } from './figures.js';
import { sources } from './fixtures.js';
import { DEFAULT_FONT_DIRS } from '../../lib/fonts.js';
import { MissingCjkFontError, renderPdf, resolveCjkFont } from './pdf.js';
import { renderWorkbook } from './workbook.js';

/** The PDF's text as poppler's pdftotext extracts it (Debian poppler-utils, installed by .ci/run). */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'month-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('monthly report PDF and workbook', { timeout: 60_000 }, () => {
  const f = assembleFigures(sources);
  const font = resolveCjkFont(undefined, DEFAULT_FONT_DIRS);

  it('renders Chinese and English parts whose extracted text holds the headings and key figures', async () => {
    expect(font, 'fonts-noto-cjk must be installed (.ci/run)').not.toBeNull();
    const pdf = await renderPdf(f, { languages: ['zh', 'en'], sections: MONTH_REPORT_SECTIONS, generatedAt: '2026-11-01', font });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const s of ['月度运行报告', '苏州工业园区站', '能耗与电费', '新能源与储能', '碳排放', '事件统计', '巡检', '缺陷（工单）', '网关可用率', '尖', '谷', '平均确认时长', '每日用电量']) expect(text).toContain(s);
    for (const s of ['Monthly operation report', 'Suzhou Industrial Park', 'Gateway availability', 'Mean time to close']) expect(text).toContain(s);
    for (const n of ['820.5', '610.25', '1,779.75', '48.2', '99.8', 'GW-SZIP-01']) expect(text).toContain(n);
  });

  it('writes the Chinese part with the npm-shipped font when the system has none (an empty FONT_DIRS)', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-fonts-'));
    try {
      const shipped = resolveCjkFont(undefined, [empty]);
      expect(shipped?.file).toMatch(/NotoSansHans-Regular\.otf$/);
      const text = pdfText(await renderPdf(f, { languages: ['zh'], sections: MONTH_REPORT_SECTIONS, generatedAt: '2026-11-01', font: shipped }));
      for (const s of ['月度运行报告', '苏州工业园区站', '能耗与电费', '缺陷（工单）', '网关可用率', '平均确认时长', '每日用电量']) expect(text).toContain(s);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('leaves out disabled sections; without a CJK font a Chinese part is refused and English still works', async () => {
    const zhOnly = pdfText(await renderPdf(f, { languages: ['zh'], sections: ['events'], generatedAt: 'x', font }));
    expect(zhOnly).toContain('事件统计');
    expect(zhOnly).not.toContain('能耗与电费');
    expect(zhOnly).not.toContain('Monthly operation report');
    await expect(renderPdf(f, { languages: ['zh'], sections: ['events'], generatedAt: 'x', font: null })).rejects.toBeInstanceOf(MissingCjkFontError);
    const en = pdfText(await renderPdf(f, { languages: ['en'], sections: ['energy'], generatedAt: 'x', font: null }));
    expect(en).toContain('Energy and cost');
  });

  it('writes a workbook with the same figures', async () => {
    const xlsx = await renderWorkbook(f, { languages: ['zh', 'en'], sections: MONTH_REPORT_SECTIONS });
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.length).toBeGreaterThan(2000);
  });
});
