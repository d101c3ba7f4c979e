import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import {
  readFirstSheetWithinLimits,
  SpreadsheetLimitExceeded,
  unpackWithinLimits,
  type SpreadsheetLimits,
} from './spreadsheetGuard.js';
import { IMPORT_LIMITS } from './spreadsheetImport.js';
import { hugeCellWorkbook } from '../test-support/xlsxBombs.js';

const limitOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (e) {
    if (e instanceof SpreadsheetLimitExceeded) return e.limit;
    throw e;
  }
  return null;
};

describe('spreadsheet guard', () => {
  it('reads a valid workbook exactly as read-excel-file does (strings, numbers, dates, booleans, empty cells)', async () => {
    const file = await writeXlsxFile(
      [
        [{ value: 'name' }, { value: 'value' }, { value: 'at' }, { value: 'on' }, { value: 'note' }],
        [
          { value: '电表' },
          { value: 12.5 },
          { value: new Date('2025-04-05T09:00:00Z'), format: 'yyyy-mm-dd hh:mm' },
          { value: true },
          null,
        ],
        [{ value: 'meter' }, { value: -3 }, null, { value: false }, { value: '备注' }],
      ],
      {},
    ).toBuffer();
    const expected = (await readXlsxFile(file))[0]?.data;
    expect(await readFirstSheetWithinLimits(file, IMPORT_LIMITS)).toEqual(expected);
  });

  it('refuses on the directory before inflating: entry count, an entry or the total declared past its limit', async () => {
    const parts = {
      '[Content_Types].xml': new Uint8Array(3000),
      'a.xml': new Uint8Array(3000),
      'b.xml': new Uint8Array(3000),
    };
    const file = Buffer.from(zipSync(parts));
    const limits = (over: Partial<SpreadsheetLimits>): SpreadsheetLimits => ({ ...IMPORT_LIMITS, ...over });
    expect(await limitOf(unpackWithinLimits(file, limits({ entries: 2 })))).toBe('entries');
    expect(await limitOf(unpackWithinLimits(file, limits({ entryBytes: 2999 })))).toBe('entryBytes');
    expect(await limitOf(unpackWithinLimits(file, limits({ totalBytes: 8999 })))).toBe('totalBytes');
    expect(await limitOf(unpackWithinLimits(file, limits({ compressedBytes: file.length - 1 })))).toBe(
      'compressedBytes',
    );
    expect(Object.keys(unzipSync(new Uint8Array(file)))).toEqual(
      Object.keys(await unpackWithinLimits(file, limits({ totalBytes: 9000 }))),
    );
  });

  it('refuses a cell past the length limit while inflating, before the parser sees it', async () => {
    const file = await hugeCellWorkbook(200_000);
    expect(await limitOf(unpackWithinLimits(file, IMPORT_LIMITS))).toBe('cellChars');
    // Within cellChars × 10 bytes the run passes the stream and the parsed cell is measured.
    expect(
      await limitOf(unpackWithinLimits(await hugeCellWorkbook(IMPORT_LIMITS.cellChars + 1), IMPORT_LIMITS)),
    ).toBe(null);
    expect(
      await limitOf(
        readFirstSheetWithinLimits(await hugeCellWorkbook(IMPORT_LIMITS.cellChars + 1), IMPORT_LIMITS),
      ),
    ).toBe('cellChars');
  });

  it('refuses a sheet past the cells or total text limits, and throws a plain Error for a file that is no zip', async () => {
    const file = await writeXlsxFile([
      [{ value: 'aaaa' }, { value: 'bbbb' }],
      [{ value: 'cccc' }, { value: 'dddd' }],
    ]).toBuffer();
    expect(await limitOf(readFirstSheetWithinLimits(file, { ...IMPORT_LIMITS, cells: 3 }))).toBe('cells');
    expect(await limitOf(readFirstSheetWithinLimits(file, { ...IMPORT_LIMITS, sheetChars: 15 }))).toBe(
      'sheetChars',
    );
    await expect(
      readFirstSheetWithinLimits(Buffer.from('not a zip'), IMPORT_LIMITS),
    ).rejects.not.toBeInstanceOf(SpreadsheetLimitExceeded);
  });
});
