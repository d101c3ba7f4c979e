import { WARRANTY_STATES, type LedgerDevice, type WarrantyState } from '@gridops/contract';
import { Alert, App, Button, Select, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { refusalOf } from '../../shared/ui/listForm/ListFormPage';
import { localName, localText } from '../../shared/ui/localName';
import { useSession } from '../../session/store';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { fileBase64 } from '../../shared/files/base64';
import { ledgerWrites, useLedger, useSettleLedger, type LedgerFilters } from './api';
import { DeviceDrawer } from './DeviceDrawer';
import { kindName, makerName, WARRANTY_COLOUR } from './labels';
import { LabelSheet } from './LabelSheet';
import { exportLedger } from './ledgerXlsx';
import './ledger.css';

/** The import button: all or nothing; the refusal lists every bad row and column. */
function ImportButton({ onErrors }: { onErrors: (lines: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const settle = useSettleLedger();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      beforeUpload={async (file) => {
        setBusy(true);
        onErrors([]);
        try {
          const r = await ledgerWrites.importXlsx(await fileBase64(file));
          if (r.ok) message.success(t('ledger.imported', { n: r.updated }));
          else onErrors(r.errors.map((e) => t('ledger.importRow', { row: e.row, column: e.column, message: localText(e.message.zh, e.message.en, i18n.language) })));
        } catch (e) {
          onErrors([refusalOf(e).message]);
        } finally {
          setBusy(false);
          await settle();
        }
        return false;
      }}
    >
      <Button loading={busy} data-testid="ledger-import">
        {t('ledger.importXlsx')}
      </Button>
    </Upload>
  );
}

function LedgerList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const proID = useSession((s) => s.proID);
  const [, setParams] = useSearchParams();
  const [filters, setFilters] = useState<LedgerFilters>(() => ({ project_id: proID ?? undefined }));
  const [openId, setOpenId] = useState<number | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const canEdit = useCanConfigure();
  const q = useLedger(filters);
  const items = useMemo(() => q.data?.items ?? [], [q.data]);
  const kinds = useMemo(() => [...new Set(items.map((d) => d.kind))].sort(), [items]);
  const open = items.find((d) => d.id === openId) ?? null;
  const set = (patch: LedgerFilters) => setFilters((f) => ({ ...f, ...patch }));
  const all = { value: '', label: t('ledger.filters.all') };

  const columns: TableColumnsType<LedgerDevice> = [
    { title: t('ledger.col.name'), key: 'name', fixed: 'left', width: 160, render: (_, d) => <a data-testid={`ledger-device-${d.id}`} onClick={() => setOpenId(d.id)}>{localName(d, lang)}</a> },
    { title: t('ledger.col.kind'), key: 'kind', width: 100, render: (_, d) => kindName(d.kind, lang) },
    ...(filters.project_id === undefined ? [{ title: t('ledger.col.project'), key: 'project', width: 140, render: (_: unknown, d: LedgerDevice) => localText(d.project_name, d.project_name_en, lang) }] : []),
    { title: t('ledger.col.room'), key: 'room', width: 120, render: (_, d) => (d.room_id ? localText(d.room_name, d.room_name_en, lang) : t('ledger.noRoom')) + (d.location ? ` · ${d.location}` : '') },
    { title: t('ledger.col.maker'), key: 'maker', width: 130, render: (_, d) => makerName(d, lang) },
    { title: t('ledger.col.model'), dataIndex: 'model', key: 'model', width: 150 },
    { title: t('ledger.col.serial'), dataIndex: 'serial_no', key: 'serial', width: 130 },
    { title: t('ledger.col.rating'), dataIndex: 'rating', key: 'rating', width: 160 },
    { title: t('ledger.col.install'), dataIndex: 'install_date', key: 'install', width: 100 },
    {
      title: t('ledger.col.warranty'),
      key: 'warranty',
      width: 120,
      render: (_, d) => (
        <Space size={2} orientation="vertical">
          <span>{d.warranty_until ?? ''}</span>
          <Tag color={WARRANTY_COLOUR[d.warranty_state]} data-testid={`ledger-warranty-${d.id}`} data-state={d.warranty_state}>
            {t(`ledger.warranty.${d.warranty_state}`)}
          </Tag>
        </Space>
      ),
    },
    { title: t('ledger.col.docs'), dataIndex: 'doc_count', key: 'docs', width: 60, align: 'right' },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('ledger.intro')} />
      <Space wrap data-testid="ledger-filters">
        <Select
          style={{ width: 220 }}
          value={filters.project_id ?? ''}
          options={[all, ...(q.data?.projects ?? []).map((p) => ({ value: p.id, label: localName(p, lang) }))]}
          onChange={(v) => set({ project_id: v === '' ? undefined : Number(v), room_id: undefined })}
          prefix={t('ledger.filters.project')}
          data-testid="ledger-filter-project"
        />
        <Select
          style={{ width: 220 }}
          value={filters.room_id ?? ''}
          options={[all, ...(q.data?.rooms ?? []).map((r) => ({ value: r.id, label: localName(r, lang) }))]}
          onChange={(v) => set({ room_id: v === '' ? undefined : Number(v) })}
          prefix={t('ledger.filters.room')}
          data-testid="ledger-filter-room"
        />
        <Select
          style={{ width: 200 }}
          value={filters.kind ?? ''}
          options={[all, ...kinds.map((k) => ({ value: k, label: kindName(k, lang) }))]}
          onChange={(v) => set({ kind: v === '' ? undefined : v })}
          prefix={t('ledger.filters.kind')}
          data-testid="ledger-filter-kind"
        />
        <Select
          style={{ width: 200 }}
          value={filters.warranty ?? ''}
          options={[all, ...WARRANTY_STATES.map((w) => ({ value: w, label: t(`ledger.warranty.${w}`) }))]}
          onChange={(v) => set({ warranty: v === '' ? undefined : (v as WarrantyState) })}
          prefix={t('ledger.filters.warranty')}
          data-testid="ledger-filter-warranty"
        />
      </Space>
      <Space wrap>
        <Button onClick={() => void exportLedger(items, `ledger-${q.data?.today ?? ''}`)} disabled={items.length === 0} data-testid="ledger-export">
          {t('ledger.exportXlsx')}
        </Button>
        {canEdit ? <ImportButton onErrors={setImportErrors} /> : <Tag data-testid="read-only">{t('ledger.readOnly')}</Tag>}
        <Tooltip title={filters.room_id ? '' : t('ledger.labelsNeedRoom')}>
          <Button disabled={!filters.room_id} onClick={() => setParams({ labels: String(filters.room_id) })} data-testid="ledger-labels">
            {t('ledger.labels')}
          </Button>
        </Tooltip>
        <Typography.Text type="secondary" data-testid="ledger-count">
          {t('ledger.count', { n: items.length })}
        </Typography.Text>
      </Space>
      {importErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setImportErrors([]) }}
          title={t('ledger.importErrors')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="ledger-import-errors">
              {importErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
      <QueryState look={SETUP_QUERY} loading={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
        <Table<LedgerDevice>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 1230 }}
          rowClassName={(d) => (d.warranty_state === 'expiring' ? 'ledger-row-expiring' : '')}
          data-testid="ledger-table"
        />
      </QueryState>
      {open && <DeviceDrawer device={open} canEdit={canEdit} onClose={() => setOpenId(null)} />}
    </Space>
  );
}

/** /Ledger: the equipment ledger, or (with `?labels=<roomId>`) the printable QR label sheet of one room. */
export function LedgerPage() {
  const [params] = useSearchParams();
  const labels = Number(params.get('labels'));
  return <div data-testid="ledger-page">{Number.isInteger(labels) && labels > 0 ? <LabelSheet roomId={labels} /> : <LedgerList />}</div>;
}
