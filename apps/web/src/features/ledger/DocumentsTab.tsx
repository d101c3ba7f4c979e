import { LEDGER_DOC_MAX_BYTES, type LedgerDocument } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { App, Button, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../shared/export/xlsx';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { QueryState } from '../../shared/ui/QueryState';
import { refusalOf } from '../../shared/ui/listForm/ListFormPage';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { fileBase64 } from '../../shared/files/base64';
import { ledgerWrites, useLedgerDocuments, useSettleLedger } from './api';
import { fileSize } from './labels';

/** The document's bytes as a download named as stored (the server fixed the extension to the real type). */
async function download(doc: LedgerDocument) {
  const c = await ledgerWrites.download(doc.id);
  const bin = atob(c.content_base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  downloadBlob(new Blob([bytes], { type: c.mime }), c.name);
}

/** A device's documents: list, download, upload (PDF/PNG/JPEG ≤ 5 MB, checked again by the server), delete. */
export function DocumentsTab({ deviceId, canEdit }: { deviceId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const zone = useDisplayZone();
  const q = useLedgerDocuments(deviceId);
  const settle = useSettleLedger();
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LEDGER_DOC_MAX_BYTES) {
      setNote({ text: t('ledger.docs.tooLarge'), error: true });
      return;
    }
    setBusy(true);
    try {
      await ledgerWrites.upload(deviceId, file.name, await fileBase64(file));
      setNote(null);
      message.success(t('ledger.docs.uploaded'));
    } catch (e) {
      setNote({ text: refusalOf(e).message, error: true });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
      await settle();
    }
  };

  const columns: TableColumnsType<LedgerDocument> = [
    { title: t('ledger.docs.name'), key: 'name', render: (_, d) => <a data-testid={`ledger-doc-${d.id}`} onClick={() => void download(d).catch((e: unknown) => message.error(refusalOf(e).message))}>{d.name}</a> },
    { title: t('ledger.docs.size'), key: 'size', width: 80, render: (_, d) => fileSize(d.size) },
    { title: t('ledger.docs.by'), key: 'by', width: 100, render: (_, d) => d.uploaded_by ?? t('ledger.docs.system') },
    { title: t('ledger.docs.at'), key: 'at', width: 150, render: (_, d) => formatInZone(new Date(d.created_at), zone, 'YYYY-MM-DD HH:mm') },
    ...(canEdit
      ? [
          {
            title: '',
            key: 'remove',
            width: 80,
            render: (_: unknown, d: LedgerDocument) => (
              <ConfirmAction
                title={t('ledger.docs.confirmRemove', { name: d.name })}
                okText={t('ledger.docs.remove')}
                label={t('ledger.docs.remove')}
                run={() => ledgerWrites.removeDocument(d.id)}
                done={t('ledger.docs.removed')}
                failure={(e) => refusalOf(e).message}
                settle={settle}
                button={{ 'data-testid': `ledger-doc-remove-${d.id}` }}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {canEdit && (
        <Space>
          <Button onClick={() => input.current?.click()} loading={busy} data-testid="ledger-doc-upload">
            {t('ledger.docs.upload')}
          </Button>
          <Typography.Text type={note?.error ? 'danger' : 'secondary'} data-testid="ledger-doc-note">
            {note?.text ?? t('ledger.docs.hint')}
          </Typography.Text>
          <input ref={input} type="file" accept="application/pdf,image/png,image/jpeg" style={{ display: 'none' }} data-testid="ledger-doc-input" onChange={(e) => void upload(e.target.files?.[0])} />
        </Space>
      )}
      <QueryState look={SETUP_QUERY} loading={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
        <Table<LedgerDocument> rowKey="id" size="small" columns={columns} dataSource={q.data?.items ?? []} pagination={false} locale={{ emptyText: t('ledger.docs.empty') }} data-testid="ledger-docs" />
      </QueryState>
    </Space>
  );
}
