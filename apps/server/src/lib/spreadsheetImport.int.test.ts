import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gridops/contract';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../test-support/backends.js';
import { gridWorkbook, hugeCellWorkbook, withLyingDirectory } from '../test-support/xlsxBombs.js';
import { IMPORT_LIMITS } from './spreadsheetImport.js';

interface Envelope {
  code: number;
  msg: string;
  data: { field?: string } | null;
}

/**
 * Every .xlsx import route behind the one guard (spreadsheetImport.ts): a workbook whose sheet inflates past the
 * limit, one whose zip directory lies about a size, and too many rows, too many columns or too long a cell, each
 * refused with 10040 naming the limit and `file_base64`, while the server keeps answering /health.
 */
describe.each(backends)('.xlsx imports within limits on %s', (backend) => {
  let t: TestApp;
  let site: string;
  const bombs: Record<string, { file: string; says: RegExp }> = {};
  let routes: { url: string; body: (file: string) => object }[];

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: apiHeaders(site, { 'accept-language': 'en' }),
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    site = await loginAs(t.app, 'site');
    const projects = await t.database.db.selectFrom('projects').select(['id', 'name_en']).execute();
    const szip = projects.find((p) => p.name_en.startsWith('Suzhou'))!.id;
    const meters = await t.app.inject({
      method: 'GET',
      url: `/api/v6/data-entry/meters?project_id=${szip}`,
      headers: apiHeaders(site),
    });
    const meterId = meters.json<{ data: { items: { id: number }[] } }>().data.items[0]!.id;
    const withProject = (file: string) => ({ project_id: szip, file_base64: file });
    const fileOnly = (file: string) => ({ file_base64: file });
    routes = [
      { url: '/api/v6/deviceTemplate/import', body: withProject },
      { url: '/api/v6/alarm-rules/import', body: withProject },
      { url: '/api/v6/aux-devices/import', body: withProject },
      { url: '/api/v6/fire-loops/import', body: withProject },
      { url: '/api/v6/arc-detectors/import', body: withProject },
      { url: `/api/v6/data-entry/meters/${meterId}/import`, body: fileOnly },
      { url: '/api/v6/ledger/import', body: fileOnly },
    ];
    // A cell a little past the per-entry limit compresses to ~20 KB: the 500 MB one of the issue is bench/importBomb.ts.
    const hugeCell = await hugeCellWorkbook(IMPORT_LIMITS.entryBytes + 1024 * 1024);
    const b64 = (b: Buffer) => b.toString('base64');
    bombs.hugeCell = { file: b64(hugeCell), says: /limit per entry/ };
    bombs.lyingDirectory = {
      file: b64(withLyingDirectory(hugeCell, 10_000)),
      says: /more than the 10000 bytes the archive's directory declares/,
    };
    bombs.tooManyRows = {
      file: b64(await gridWorkbook(IMPORT_LIMITS.rows + 1, 1)),
      says: new RegExp(`more than the limit of ${IMPORT_LIMITS.rows}`),
    };
    bombs.tooManyColumns = {
      file: b64(await gridWorkbook(2, IMPORT_LIMITS.columns + 1)),
      says: new RegExp(`columns, more than the limit of ${IMPORT_LIMITS.columns}`),
    };
    // Within the size limits, so only the text-run check while inflating stops it before the parser (which took
    // longer than the 10 s limit on it: bench/importBomb.ts).
    bombs.cellInflating = {
      file: b64(await hugeCellWorkbook(IMPORT_LIMITS.entryBytes - 1024 * 1024)),
      says: new RegExp(
        `in "xl/worksheets/sheet1.xml" is longer than the limit of ${IMPORT_LIMITS.cellChars} characters`,
      ),
    };
    bombs.longCell = {
      file: b64(await hugeCellWorkbook(IMPORT_LIMITS.cellChars + 1)),
      says: new RegExp(`longer than the limit of ${IMPORT_LIMITS.cellChars} characters`),
    };
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses each bomb on every import route with 10040 naming the limit and the field', async () => {
    for (const route of routes) {
      const answers = await Promise.all(
        Object.entries(bombs).map(async ([name, bomb]) => ({
          name,
          bomb,
          res: await post(route.url, route.body(bomb.file)),
        })),
      );
      for (const { name, bomb, res } of answers) {
        expect({ route: route.url, name, code: res.body.code }).toEqual({
          route: route.url,
          name,
          code: ErrorCode.ImportTooLarge,
        });
        expect(res.status).toBe(413);
        expect(res.body.data).toEqual({ field: 'file_base64' });
        expect(res.body.msg).toMatch(/^The import file \(file_base64\) is too large or too complex: /);
        expect(res.body.msg).toMatch(bomb.says);
      }
    }
  }, 300_000);

  it('keeps answering /health while a bomb is being refused (the event loop stays free)', async () => {
    for (const route of routes) {
      const order: string[] = [];
      const importing = post(route.url, route.body(bombs.hugeCell!.file)).then((res) => {
        order.push('import');
        return res;
      });
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      order.push('health');
      expect(health.statusCode).toBe(200);
      expect((await importing).body.code).toBe(ErrorCode.ImportTooLarge);
      expect({ route: route.url, order }).toEqual({ route: route.url, order: ['health', 'import'] });
    }
  }, 300_000);

  it('answers in Chinese too, and a file that is not a workbook is still reported as before', async () => {
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v6/ledger/import',
      headers: apiHeaders(site, { 'accept-language': 'zh' }),
      payload: { file_base64: bombs.tooManyColumns!.file },
    });
    expect(zh.json<Envelope>().msg).toMatch(
      /^导入文件（file_base64）过大或过于复杂：第 1 行有 65 列，超过 64 列上限$/,
    );
    const garbage = await post('/api/v6/ledger/import', {
      file_base64: Buffer.from('not a workbook').toString('base64'),
    });
    expect(garbage.body).toMatchObject({
      code: 1,
      data: { ok: false, errors: [{ row: 0, column: 'file' }] },
    });
  });
});
