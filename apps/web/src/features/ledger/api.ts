import { ledgerApi, type RouteInput, type WarrantyState } from '@gridops/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

export interface LedgerFilters {
  project_id?: number | undefined;
  room_id?: number | undefined;
  kind?: string | undefined;
  warranty?: WarrantyState | undefined;
}

/** Drops the filters left empty, so the query string carries only what is chosen. */
const chosen = (f: LedgerFilters): LedgerFilters => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as LedgerFilters;

export const useLedger = (f: LedgerFilters) =>
  useQuery({ queryKey: ['ledger', 'devices', chosen(f)], placeholderData: keepPreviousData, queryFn: () => api(ledgerApi.list, chosen(f), { silent: true }) });
export const useLedgerDocuments = (deviceId: number) =>
  useQuery({ queryKey: ['ledger', 'documents', deviceId], queryFn: () => api(ledgerApi.documents, { id: deviceId }, { silent: true }) });
export const useLedgerHistory = (deviceId: number, page: number, size = 10) =>
  useQuery({ queryKey: ['ledger', 'history', deviceId, page, size], placeholderData: keepPreviousData, queryFn: () => api(ledgerApi.history, { id: deviceId, page, size }, { silent: true }) });

export function useSettleLedger() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['ledger'] });
}

/** The writes, silent: forms show a refusal on the field it names. */
export const ledgerWrites = {
  saveNameplate: (b: RouteInput<typeof ledgerApi.saveNameplate>) => api(ledgerApi.saveNameplate, b, { silent: true }),
  upload: (id: number, name: string, content_base64: string) => api(ledgerApi.upload, { id, name, content_base64 }, { silent: true }),
  download: (id: number) => api(ledgerApi.download, { id }, { silent: true }),
  removeDocument: (id: number) => api(ledgerApi.removeDocument, { id }, { silent: true }),
  importXlsx: (file_base64: string) => api(ledgerApi.importXlsx, { file_base64 }, { silent: true }),
};
