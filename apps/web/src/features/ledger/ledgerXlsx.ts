import { LEDGER_XLSX_COLUMNS, type LedgerDevice } from '@gridops/contract';
import { exportXlsx } from '../../shared/export/xlsx';

/** The ledger workbook: the columns the import reads (device_id identifies the row; name is for people only). */
export const exportLedger = (devices: LedgerDevice[], fileName: string) =>
  exportXlsx(
    fileName,
    LEDGER_XLSX_COLUMNS.map((k) => ({ title: k, key: k === 'device_id' ? 'id' : k === 'device_sn' ? 'sn' : k })),
    devices,
    { sheet: 'ledger' },
  );
