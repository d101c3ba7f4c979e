import { describe, expect, it } from 'vitest';
import { LEDGER_DOC_MAX_BYTES } from '@gridops/contract';
import { demoPdf } from '../../seed/demoLedger.js';
import { makePng } from '../../test-support/png.js';
import { documentFileName, documentProblem, documentType } from './documents.js';
import { ledgerCellText, parseLedgerRow } from './import.js';

const cells = (over: Record<string, string> = {}) => ({ device_id: '12', device_sn: 'T1', name: '1#变压器', maker: '正泰', maker_en: 'CHINT', model: 'SCB13', serial_no: 'CT1', rating: '1250 kVA', location: '', install_date: '2022-05-01', warranty_until: '2027-05-01', ...over });

describe('ledger documents', () => {
  it('tells PDF, PNG and JPEG by their first bytes, never by the name', () => {
    expect(documentType(demoPdf(['x']))).toBe('application/pdf');
    expect(documentType(makePng(10, 10))).toBe('image/png');
    expect(documentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(documentType(Buffer.from('MZ\x90\x00'))).toBeNull();
  });
  it('refuses empty, oversized and unknown files naming the content field', () => {
    expect(documentProblem(Buffer.alloc(0))?.field).toBe('content_base64');
    const big = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(LEDGER_DOC_MAX_BYTES)]);
    expect(documentProblem(big)?.en).toMatch(/5 MB/);
    expect(documentProblem(Buffer.from('hello'))?.en).toMatch(/PDF, PNG or JPEG/);
    expect(documentProblem(demoPdf(['ok']))).toBeNull();
  });
  it('names the download after the real type', () => {
    expect(documentFileName('manual', 'application/pdf')).toBe('manual.pdf');
    expect(documentFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(documentFileName('a/b:c.png', 'image/png')).toBe('a_b_c.png');
  });
});

describe('ledger import rows', () => {
  it('reads a clean row into nameplate values', () => {
    expect(parseLedgerRow(2, cells())).toEqual({ deviceId: 12, sn: 'T1', values: { maker: '正泰', maker_en: 'CHINT', model: 'SCB13', serial_no: 'CT1', rating: '1250 kVA', location: '', install_date: '2022-05-01', warranty_until: '2027-05-01' } });
    expect(parseLedgerRow(2, cells({ install_date: '', warranty_until: '' }))).toMatchObject({ values: { install_date: null, warranty_until: null } });
  });
  it('names the row and the column of every bad cell', () => {
    const r = parseLedgerRow(7, cells({ device_id: 'abc', warranty_until: '2027/05/01' }));
    expect('errors' in r && r.errors.map((e) => [e.row, e.column])).toEqual([
      [7, 'device_id'],
      [7, 'warranty_until'],
    ]);
    const order = parseLedgerRow(3, cells({ warranty_until: '2021-01-01' }));
    expect('errors' in order && order.errors[0]).toMatchObject({ row: 3, column: 'warranty_until', message: { en: 'Row 3: The warranty cannot end before the installation' } });
  });
  it('turns date cells into their calendar day', () => {
    expect(ledgerCellText(new Date(Date.UTC(2025, 0, 31)))).toBe('2025-01-31');
    expect(ledgerCellText(42)).toBe('42');
    expect(ledgerCellText(null)).toBe('');
  });
});
