import readXlsxFile from 'read-excel-file/universal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildXlsx, exportXlsx, sheetData, sheetName, xlsxFileName } from './xlsx';
import type { ExportColumn } from './xlsx';

interface Row {
  name: string;
  kwh: number | null;
  at: Date;
  ok: boolean;
  site: { city: string };
}

const rows: Row[] = [
  {
    name: '1#变压器',
    kwh: 1234.5,
    at: new Date(Date.UTC(2024, 4, 1, 8, 30)),
    ok: true,
    site: { city: '上海' },
  },
  {
    name: 'Feeder <2> & "B"',
    kwh: null,
    at: new Date(Date.UTC(2024, 4, 2)),
    ok: false,
    site: { city: 'Hangzhou' },
  },
];
const columns: ExportColumn<Row>[] = [
  { title: '名称', key: 'name', width: 30 },
  { title: '电量 (kWh)', key: 'kwh', format: '#,##0.00' },
  { title: '时间', key: 'at', format: 'yyyy-mm-dd hh:mm' },
  { title: '状态', key: 'ok', format: (v) => (v ? '正常' : '异常') },
  { title: '城市', key: 'site.city' },
];

afterEach(() => vi.restoreAllMocks());

describe('xlsx export', () => {
  it('writes a file that opens with the header and rows (read back with read-excel-file)', async () => {
    const blob = await buildXlsx(columns, rows, { sheet: '能耗/日报' });
    const [sheet] = await readXlsxFile(await blob.arrayBuffer());
    expect(sheet?.sheet).toBe('能耗 日报');
    expect(sheet?.data).toEqual([
      ['名称', '电量 (kWh)', '时间', '状态', '城市'],
      ['1#变压器', 1234.5, new Date(Date.UTC(2024, 4, 1, 8, 30)), '正常', '上海'],
      ['Feeder <2> & "B"', null, new Date(Date.UTC(2024, 4, 2)), '异常', 'Hangzhou'],
    ]);
  });

  it('writes an empty sheet with just the header', async () => {
    const [sheet] = await readXlsxFile(await (await buildXlsx(columns, [])).arrayBuffer());
    expect(sheet?.data).toEqual([['名称', '电量 (kWh)', '时间', '状态', '城市']]);
  });

  it('types cells and fits column widths (CJK counts double)', () => {
    const { data, widths } = sheetData(columns, rows);
    expect(data[1]?.[1]).toEqual({ value: 1234.5, type: Number, format: '#,##0.00' });
    expect(data[2]?.[1]).toBeNull();
    expect(data[0]?.[0]).toMatchObject({ fontWeight: 'bold' });
    expect(widths[0]).toBe(30);
    expect(widths[1]).toBe(12); // '电量 (kWh)': 2×2 + 6 + 2
    expect(widths[4]).toBe(10); // 'Hangzhou' + 2
  });

  it('writes date cells on the site clock and names the zone in their titles', () => {
    const dateCol = columns.findIndex((c) => c.key === 'at');
    const plain = sheetData(columns, rows);
    const berlin = sheetData(columns, rows, 'Europe/Berlin');
    const ny = sheetData(columns, rows, 'America/New_York');
    // 08:30 UTC on 1 May 2024 is 10:30 in Berlin (CEST) and 04:30 in New York (EDT); Excel reads the UTC fields.
    expect((berlin.data[1]?.[dateCol] as { value: Date }).value.toISOString()).toBe('2024-05-01T10:30:00.000Z');
    expect((ny.data[1]?.[dateCol] as { value: Date }).value.toISOString()).toBe('2024-05-01T04:30:00.000Z');
    expect(String((berlin.data[0]?.[dateCol] as { value: string }).value)).toMatch(/\(Europe\/Berlin\)$/);
    expect(String((plain.data[0]?.[dateCol] as { value: string }).value)).not.toMatch(/\(/);
    expect(berlin.data[0]?.[0]).toEqual(plain.data[0]?.[0]);
  });

  it('a list of several sites writes each date cell on its own site clock, the title naming no one zone', () => {
    type Row = { at: string; zone: string };
    const mixed: Row[] = [
      { at: '2024-05-01T08:30:00Z', zone: 'Asia/Shanghai' },
      { at: '2024-05-01T08:30:00Z', zone: 'Europe/Berlin' },
    ];
    const { data } = sheetData<Row>(
      [{ title: '发生时间 (站点时间)', key: 'at', format: (v) => new Date(String(v)), zoneOf: (r) => r.zone }],
      mixed,
      'America/New_York',
    );
    expect((data[1]?.[0] as { value: Date }).value.toISOString()).toBe('2024-05-01T16:30:00.000Z');
    expect((data[2]?.[0] as { value: Date }).value.toISOString()).toBe('2024-05-01T10:30:00.000Z');
    expect((data[0]?.[0] as { value: string }).value).toBe('发生时间 (站点时间)');
  });

  it('names files and sheets safely', () => {
    expect(xlsxFileName('能耗报表 2024/05')).toBe('能耗报表 2024_05.xlsx');
    expect(xlsxFileName('a.XLSX')).toBe('a.XLSX');
    expect(xlsxFileName('  ')).toBe('export.xlsx');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('[]')).toBe('Sheet1');
  });

  it('downloads through an object URL with the file name', async () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('report.xlsx');
      expect(this.getAttribute('href')).toBe('blob:test');
    });
    await exportXlsx('report', columns, rows);
    expect(create).toHaveBeenCalledWith(expect.any(Blob));
    expect(click).toHaveBeenCalledOnce();
  });
});
