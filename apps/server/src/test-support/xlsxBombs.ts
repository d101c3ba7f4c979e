import { unzipSync, Zip, ZipDeflate } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';

/**
 * Hostile workbooks for the import tests and bench/importBomb.ts, built in memory: the parts a real workbook has
 * (from write-excel-file) around a first sheet written here, deflated as it streams (a 500 MB cell never exists
 * whole, not even in the test).
 */

const enc = new TextEncoder();
const sheetHead =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetTail = '</sheetData></worksheet>';
const columnName = (n: number) => {
  let s = '';
  for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};
const inlineCell = (row: number, col: number, text: string) =>
  `<c r="${columnName(col)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The first sheet's XML as chunks (each at most ~1 MB), so that a huge sheet is streamed into the deflater. */
type SheetChunks = () => Iterable<string>;

/** A workbook whose first sheet is `sheet` (written as is), the other parts a real workbook's. */
export async function workbookWithSheet(sheet: SheetChunks): Promise<Buffer> {
  const template = unzipSync(new Uint8Array(await writeXlsxFile([[{ value: 'x' }]]).toBuffer()));
  const out: Uint8Array[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      out.push(chunk);
      if (final) resolve(Buffer.concat(out));
    });
    for (const [name, data] of Object.entries(template)) {
      const part = new ZipDeflate(name, { level: 9 });
      zip.add(part);
      if (name !== 'xl/worksheets/sheet1.xml') {
        part.push(data, true);
        continue;
      }
      for (const chunk of sheet()) part.push(enc.encode(chunk));
      part.push(new Uint8Array(0), true);
    }
    zip.end();
  });
  return done;
}

/** One cell of `chars` characters ("A"), in row 2 under a header: the 500 MB cell of issue 24 at full size. */
export function hugeCellWorkbook(chars: number): Promise<Buffer> {
  return workbookWithSheet(function* () {
    yield `${sheetHead}<row r="1">${inlineCell(1, 0, 'id')}</row><row r="2"><c r="A2" t="inlineStr"><is><t>`;
    const mb = 'A'.repeat(1024 * 1024);
    for (let left = chars; left > 0; left -= mb.length) yield left >= mb.length ? mb : mb.slice(0, left);
    yield `</t></is></c></row>${sheetTail}`;
  });
}

/** `rows` rows of `columns` short cells each. */
export function gridWorkbook(rows: number, columns: number): Promise<Buffer> {
  return workbookWithSheet(function* () {
    yield sheetHead;
    for (let r = 1; r <= rows; r++) {
      let row = `<row r="${r}">`;
      for (let c = 0; c < columns; c++) row += inlineCell(r, c, 'v');
      yield `${row}</row>`;
    }
    yield sheetTail;
  });
}

/**
 * `file` with the central-directory entry of `part` claiming it inflates to `declaredBytes` (a directory that lies).
 * The local headers are left as fflate writes them (their sizes in a data descriptor after the data).
 */
export function withLyingDirectory(
  file: Buffer,
  declaredBytes: number,
  part = 'xl/worksheets/sheet1.xml',
): Buffer {
  const out = Buffer.from(file);
  // A central directory file header: signature 0x02014b50, uncompressed size at offset 24, name length at 28, name at 46.
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = out.indexOf(signature); at !== -1; at = out.indexOf(signature, at + 4)) {
    if (out.toString('utf8', at + 46, at + 46 + out.readUInt16LE(at + 28)) === part)
      out.writeUInt32LE(declaredBytes, at + 24);
  }
  return out;
}
