import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleFigures, eventFigures, gatewayFigures, mergedTariffParts } from './figures.js';
import { month, sources } from './fixtures.js';
import { resolveCjkFont } from './pdf.js';
import { previousMonth } from './service.js';
import { reportTables } from './tables.js';

describe('monthly report figures', () => {
  it('takes energy, cost and the bill from the expense report and carbon from the carbon month', () => {
    const f = assembleFigures(sources);
    expect(f.energy).toMatchObject({ total_kwh: 820.5, total_cost: 610.25, bill_total: 1779.75, basic_charge: 1200, power_factor: 0.953, pf_source: 'energy', pf_adjust_pct: -0.6, peak_demand_kw: 48.2, declared_demand_kw: 50, demand_penalty: 0 });
    expect(f.energy.bands).toEqual(sources.expense.total.bands);
    expect(f.energy.daily).toEqual([
      { date: '2026-10-01', energy: 400.5, cost: 300.25 },
      { date: '2026-10-02', energy: 420, cost: 310 },
    ]);
    expect(f.carbon).toEqual({ emissions_kg: 7000, avoided_kg: 17000.4, net_kg: -10000.4 });
    expect(f.new_energy).toMatchObject({ generation_kwh: 30000, discharged_kwh: 7200, cycles: 7.2 });
    expect(f.month).toBe(month);
  });

  it('names the tariffs that priced the month, each with the dates it covered, in both languages', () => {
    const part = (id: number, day: string, name: string, to: string | null) => ({ tariff_id: id, name, name_en: `${name} (en)`, version: 2, valid_from: '2026-01-01', valid_to: to, from: day, to: day });
    const periods = [
      { key: '2026-10-01', energy: 1, cost: 1, bands: [], tariffs: [part(1, '2026-10-01', '旧电价', '2026-10-02')] },
      { key: '2026-10-02', energy: 1, cost: 1, bands: [], tariffs: [part(1, '2026-10-02', '旧电价', '2026-10-02')] },
      { key: '2026-10-03', energy: 1, cost: 1, bands: [], tariffs: [part(2, '2026-10-03', '新电价', null)] },
    ];
    const tariffs = mergedTariffParts(periods);
    expect(tariffs.map((t) => [t.name, t.from, t.to])).toEqual([
      ['旧电价', '2026-10-01', '2026-10-02'],
      ['新电价', '2026-10-03', '2026-10-03'],
    ]);
    const f = assembleFigures(sources);
    const withTariffs = { ...f, energy: { ...f.energy, tariffs } };
    const zh = JSON.stringify(reportTables(withTariffs, 'zh', ['energy']));
    expect(zh).toContain('旧电价 v2（有效期 2026-01-01 – 2026-10-02） · 计价日期 2026-10-01 – 2026-10-02');
    expect(JSON.stringify(reportTables(withTariffs, 'en', ['energy']))).toContain('新电价 (en) v2 (valid from 2026-01-01) · Dates priced 2026-10-03 – 2026-10-03');
  });

  it('counts events by level and type with mean minutes to acknowledge and to close', () => {
    const e = eventFigures(sources.events);
    expect(e.total).toBe(6);
    expect(e.by_level).toEqual([{ key: 1, count: 2 }, { key: 2, count: 1 }, { key: 3, count: 3 }]);
    expect(e.by_type).toEqual([{ key: 2, count: 5 }, { key: 3, count: 1 }]);
    expect(e.mean_ack_minutes).toBe(10); // (1200 + 600) s over 3 acknowledged
    expect(e.mean_close_minutes).toBe(60);
    expect(eventFigures([])).toMatchObject({ total: 0, mean_ack_minutes: null, mean_close_minutes: null });
  });

  it('gives gateway availability over the month from communication-loss time', () => {
    const [a, b] = gatewayFigures(sources.gateways, sources.window);
    expect(a).toMatchObject({ outages: 1, outage_minutes: 90, availability_pct: 99.8 });
    expect(b!.availability_pct).toBe(100);
  });

  it('lays out only the enabled sections, in both languages', () => {
    const f = assembleFigures(sources);
    expect(reportTables(f, 'zh', ['events', 'energy']).map((s) => s.title)).toEqual(['能耗与电费', '事件统计']);
    const en = reportTables(f, 'en', ['gateways']);
    expect(en[0]!.tables[0]!.rows[0]).toEqual(['Gateway 1', 'GW-SZIP-01', 99.8, 1, 90]);
  });

  it('finds the previous month and the CJK font', () => {
    expect(previousMonth('2026-11-01')).toBe('2026-10');
    expect(previousMonth('2026-01-31')).toBe('2025-12');
    // A font directory laid out as Debian's (FONT_DIRS), and one with no font: the npm-shipped font then.
    const system = fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-'));
    const none = fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-'));
    try {
      fs.mkdirSync(path.join(system, 'opentype/noto'), { recursive: true });
      fs.writeFileSync(path.join(system, 'opentype/noto/NotoSansCJK-Regular.ttc'), '');
      expect(resolveCjkFont(undefined, [none, system])).toEqual({ file: path.join(system, 'opentype/noto/NotoSansCJK-Regular.ttc'), face: 'NotoSansCJKsc-Regular' });
      expect(resolveCjkFont(undefined, [none])).toEqual({ file: expect.stringMatching(/@embedpdf\/fonts-sc\/fonts\/NotoSansHans-Regular\.otf$/), face: undefined });
    } finally {
      for (const d of [system, none]) fs.rmSync(d, { recursive: true, force: true });
    }
    // REPORT_CJK_FONT alone when set: a missing file is no font (not the fallback).
    expect(resolveCjkFont('/fonts/x.ttc#MyFace', [], () => true)).toEqual({ file: '/fonts/x.ttc', face: 'MyFace' });
    expect(resolveCjkFont('/fonts/x.otf', [], () => true)).toEqual({ file: '/fonts/x.otf', face: undefined });
    expect(resolveCjkFont('/fonts/x.otf', [], () => false)).toBeNull();
  });
});
