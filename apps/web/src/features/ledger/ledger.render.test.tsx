import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expectEnglishOnly, expectTexts, mockApi, renderPage, resetHarness, siteSession } from '../../test/harness';
import { statusKey } from './HistoryTab';
import { LabelSheet } from './LabelSheet';
import { LedgerPage } from './LedgerPage';
import { fileSize, pages } from './labels';

const device = {
  project_id: 1,
  project_name: '苏州工业园光储充站',
  project_name_en: 'Suzhou PV-storage-charging station',
  room_id: 3,
  room_name: '1#配电房',
  room_name_en: 'Switch room 1',
  location: '',
  doc_count: 1,
  version: 1,
};
const list = {
  today: '2026-06-01',
  projects: [{ id: 1, name: '苏州工业园光储充站', name_en: 'Suzhou PV-storage-charging station' }],
  rooms: [{ id: 3, project_id: 1, name: '1#配电房', name_en: 'Switch room 1' }],
  items: [
    { ...device, id: 11, kind: 'transformer', sn: 'T1', name: '1#变压器', name_en: 'Transformer 1', maker: '正泰', maker_en: 'CHINT', model: 'SCB13-1250/10', serial_no: 'CT2022001', rating: '1250 kVA 10/0.4 kV', install_date: '2022-05-01', warranty_until: '2026-07-15', warranty_state: 'expiring' },
    { ...device, id: 12, kind: 'pv_inverter', sn: 'INV1', name: '1#逆变器', name_en: 'Inverter 1', maker: '华为', maker_en: 'Huawei', model: 'SUN2000-100KTL-M1', serial_no: 'HW2023001', rating: '100 kW', install_date: '2023-01-01', warranty_until: '2028-01-01', warranty_state: 'valid', doc_count: 0 },
  ],
};
const history = {
  total: 3,
  page: 1,
  size: 10,
  items: [
    { kind: 'control', ref_id: 7, at: '2026-05-30T02:00:00Z', title: 'open', title_en: 'open', status: 'succeeded' },
    { kind: 'workorder', ref_id: 5, at: '2026-05-29T02:00:00Z', title: '变压器温度高', title_en: 'Transformer hot', status: 'onsite' },
    { kind: 'event', ref_id: 3, at: '2026-05-28T02:00:00Z', title: '绕组温度越上限', title_en: 'Winding temperature above limit', status: 'unhandled' },
  ],
};
const docs = { items: [{ id: 4, device_id: 11, name: 'Factory test report.pdf', mime: 'application/pdf', size: 2048, uploaded_by: null, created_at: '2026-05-01T01:00:00Z' }] };
const routes = {
  '/api/v6/ledger/devices': list,
  '/api/v6/ledger/devices/11/history': history,
  '/api/v6/ledger/devices/11/documents': docs,
};

describe('equipment ledger', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('helpers: file sizes, A4 pages of 21, each history source keeps its own state words', () => {
    expect([fileSize(812), fileSize(2048), fileSize(3 * 1024 * 1024)]).toEqual(['812 B', '2 kB', '3.0 MB']);
    expect(pages(Array.from({ length: 22 }, (_, i) => i)).map((p) => p.length)).toEqual([21, 1]);
    expect(statusKey({ kind: 'workorder', status: 'onsite' })).toBe('workorders.states.onsite');
    expect(statusKey({ kind: 'control', status: 'succeeded' })).toBe('distribution.log.outcome.succeeded');
  });

  it('lists devices with nameplates (zh), marks the expiring warranty, read-only without configure', async () => {
    mockApi(routes);
    await renderPage(<LedgerPage />, { pageKey: 'Ledger' });
    await expectTexts('1#变压器', '正泰', 'SCB13-1250/10', '即将到期', '在保', '华为', '只读：当前账号无配置权限', '共 2 台设备');
    expect(screen.getByTestId('ledger-warranty-11').closest('tr')?.className).toContain('ledger-row-expiring');
    expect(screen.getByTestId('ledger-warranty-12').closest('tr')?.className).not.toContain('ledger-row-expiring');
  });

  it('opens a device (en): nameplate, documents and a history merging its sources, all in English', async () => {
    mockApi(routes);
    await renderPage(<LedgerPage />, { pageKey: 'Ledger', lang: 'en', session: { ...siteSession } });
    fireEvent.click(await screen.findByTestId('ledger-device-11'));
    await screen.findByTestId('ledger-nameplate-form');
    expect((screen.getByTestId('ledger-model') as HTMLInputElement).value).toBe('SCB13-1250/10');
    expect(screen.getByTestId('ledger-drawer-code').textContent).toBe('GO1:D:11');
    fireEvent.click(screen.getByTestId('ledger-tab-documents'));
    await expectTexts('Factory test report.pdf', '2 kB', 'System');
    fireEvent.click(screen.getByTestId('ledger-tab-history'));
    await expectTexts('Transformer hot · On site', 'Winding temperature above limit', 'Work order', 'Control');
    await waitFor(() => expect(screen.getByTestId('ledger-history-control-7').textContent).toContain('Succeeded'));
    // The maker's Chinese name would show in the form; the English page otherwise is English only.
    fireEvent.click(screen.getByTestId('ledger-tab-history'));
    await expectEnglishOnly();
  });

  it('prints a room label sheet: the room first, then every device, with QR codes of the phone codes', async () => {
    mockApi(routes);
    await renderPage(<LabelSheet roomId={3} />, { pageKey: 'Ledger', lang: 'en' });
    await waitFor(() => expect(screen.getAllByTestId('ledger-qr')).toHaveLength(3));
    expect(screen.getAllByTestId('ledger-label').map((l) => l.getAttribute('data-code'))).toEqual(['GO1:R:3', 'GO1:D:11', 'GO1:D:12']);
    expect(screen.getAllByTestId('ledger-qr')[0]!.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expectTexts('QR labels — Switch room 1', 'Print');
  });
});
