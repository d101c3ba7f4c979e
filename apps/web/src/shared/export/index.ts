export { ExportButton } from './ExportButton';
export type { ExportButtonProps } from './ExportButton';
export { buildXlsx, downloadBlob, exportXlsx, sheetData, sheetName, xlsxFileName } from './xlsx';
export type { CellValue, ExportColumn, ExportOptions } from './xlsx';
