import { auditKinds, type AuditKind } from '@gridops/contract';
import { zoneLabel } from '@gridops/format';
import { Alert, Button, DatePicker, Drawer, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton, type ExportColumn } from '../../shared/export';
import { useFormat } from '../../shared/format/useFormat';
import { useSession } from '../../session/store';
import { actionName, targetName } from './actionNames';
import { diffRows, EXPORT_MAX, fetchForExport, showValue, useAuditLog, type AuditEntry, type AuditFilter } from './api';

const KIND_COLOR: Record<AuditKind, string> = {
  login_ok: 'green',
  login_failed: 'red',
  logout: 'default',
  write: 'blue',
  control: 'orange',
  read: 'cyan',
};

/** Before → after of one entry, field by field; changed fields highlighted. */
function EntryDrawer(props: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const e = props.entry;
  const rows = useMemo(() => (e ? diffRows(e.before, e.after) : []), [e]);
  return (
    <Drawer open={e !== null} onClose={props.onClose} title={t('auditLog.drawer.title')} size={620} destroyOnHidden>
      {e && (
        <div data-testid="audit-detail">
          <Typography.Paragraph>
            <Tag color={KIND_COLOR[e.kind]}>{t(`auditLog.kind.${e.kind}`)}</Tag>
            <span data-testid="audit-detail-action">{actionName(t, e.action)}</span>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('auditLog.actionCode')}: <Typography.Text code>{e.action}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {f.date(e.at)} · {e.username ?? '—'} · {e.ip ?? '—'}
            {e.target_type ? ` · ${targetName(t, e.target_type, e.target_id)}` : ''}
            {e.user_agent ? (
              <>
                <br />
                {t('auditLog.drawer.userAgent')}: {e.user_agent}
              </>
            ) : null}
          </Typography.Paragraph>
          {e.before === null && e.after === null ? (
            <Typography.Text type="secondary">{t('auditLog.drawer.none')}</Typography.Text>
          ) : (
            <Table
              size="small"
              pagination={false}
              rowKey="field"
              dataSource={rows}
              data-testid="audit-diff"
              rowClassName={(r) => (r.changed ? 'audit-changed' : '')}
              onRow={(r) => ({ style: r.changed ? { background: 'rgba(250, 173, 20, 0.15)' } : {} })}
              columns={[
                {
                  title: t('auditLog.drawer.field'),
                  dataIndex: 'field',
                  width: 140,
                  render: (v: string, r) => (
                    <span>
                      <Typography.Text code>{v || '—'}</Typography.Text>
                      {r.changed && e.before !== null && (
                        <Tag color="gold" style={{ marginLeft: 4 }}>
                          {t('auditLog.drawer.changed')}
                        </Tag>
                      )}
                    </span>
                  ),
                },
                {
                  title: t('auditLog.drawer.before'),
                  key: 'before',
                  render: (_, r) => <span style={{ wordBreak: 'break-all', ...(r.changed ? { textDecoration: 'line-through', opacity: 0.75 } : {}) }}>{showValue(r.before)}</span>,
                },
                {
                  title: t('auditLog.drawer.after'),
                  key: 'after',
                  render: (_, r) => <span style={{ wordBreak: 'break-all', fontWeight: r.changed ? 600 : 400 }}>{showValue(r.after)}</span>,
                },
              ]}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}

/** /UseLogs: logins, changes and control operations of the caller's organisation subtree (docs/audit.md). */
export function UsageLogsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const allowed = useSession((s) => s.userInfo?.permissions?.includes('manageUsers') === true);
  const [filter, setFilter] = useState<AuditFilter>({ page: 1, size: 20 });
  const [draft, setDraft] = useState<{ username: string; action: string; keyword: string }>({ username: '', action: '', keyword: '' });
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const log = useAuditLog(filter);
  const zone = f.zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const now = dayjs();

  const set = (patch: Partial<AuditFilter>) => setFilter((old) => ({ ...old, ...patch, page: 1 }));
  const search = () =>
    set({ username: draft.username.trim() || undefined, action: draft.action.trim() || undefined, keyword: draft.keyword.trim() || undefined });

  if (!allowed) return <Alert type="warning" showIcon title={t('auditLog.noPermission')} style={{ margin: 24 }} />;

  const target = (e: AuditEntry) => {
    if (!e.target_type) return '—';
    const text = targetName(t, e.target_type, e.target_id);
    return e.kind === 'control' ? (
      <Link to="/CtrlLogs" title={t('auditLog.ctrlLog')}>
        {text}
      </Link>
    ) : (
      text
    );
  };

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('auditLog.column.at'), dataIndex: 'at', width: 170, render: (v: string) => f.date(v) },
    { title: t('auditLog.column.user'), dataIndex: 'username', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: t('auditLog.column.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (k: AuditKind) => <Tag color={KIND_COLOR[k]}>{t(`auditLog.kind.${k}`)}</Tag>,
    },
    { title: t('auditLog.column.action'), dataIndex: 'action', width: 220, render: (v: string) => (
        <span title={v} data-testid="audit-action">
          {actionName(t, v)}
        </span>
      ),
    },
    { title: t('auditLog.column.target'), key: 'target', width: 170, render: (_, e) => target(e) },
    { title: t('auditLog.column.ip'), dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: t('auditLog.column.device'),
      dataIndex: 'device_type',
      width: 90,
      render: (v: string | null) => (v === 'pc' || v === 'worker' ? t(`auditLog.device.${v}`) : '—'),
    },
    {
      title: t('auditLog.column.detail'),
      key: 'detail',
      width: 80,
      fixed: 'right',
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => setShown(e)} data-testid={`audit-view-${e.id}`}>
          {t('auditLog.view')}
        </Button>
      ),
    },
  ];

  const exportColumns: ExportColumn<AuditEntry>[] = [
    { title: t('auditLog.column.at'), key: 'at', format: (v) => new Date(String(v)) },
    { title: t('auditLog.column.user'), key: 'username' },
    { title: t('auditLog.column.kind'), key: 'kind', format: (v) => t(`auditLog.kind.${String(v)}`) },
    { title: t('auditLog.column.action'), key: 'action', format: (v) => actionName(t, String(v)) },
    { title: t('auditLog.actionCode'), key: 'action' },
    { title: t('auditLog.column.target'), key: 'target_id', format: (_, e) => (e.target_type ? targetName(t, e.target_type, e.target_id) : '') },
    { title: t('auditLog.column.ip'), key: 'ip' },
    { title: t('auditLog.exportColumn.userAgent'), key: 'user_agent' },
    { title: t('auditLog.exportColumn.before'), key: 'before', width: 60, format: (v) => (v === null || v === undefined ? '' : JSON.stringify(v)) },
    { title: t('auditLog.exportColumn.after'), key: 'after', width: 60, format: (v) => (v === null || v === undefined ? '' : JSON.stringify(v)) },
  ];

  return (
    <div style={{ padding: 16 }} data-testid="usage-logs-page">
      <Typography.Paragraph type="secondary">{t('auditLog.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null}
          onChange={(r) => set({ from: r?.[0]?.toISOString(), to: r?.[1]?.toISOString() })}
          presets={[
            { label: t('analysis.presets.today'), value: [now.startOf('day'), now.endOf('day')] },
            { label: t('analysis.presets.7d'), value: [now.subtract(7, 'day'), now] },
            { label: t('analysis.presets.30d'), value: [now.subtract(30, 'day'), now] },
          ]}
          data-testid="audit-range"
        />
        <Select
          allowClear
          placeholder={t('auditLog.filter.kind')}
          style={{ width: 140 }}
          value={filter.kind}
          onChange={(v: AuditKind | undefined) => set({ kind: v })}
          options={auditKinds.map((k) => ({ value: k, label: t(`auditLog.kind.${k}`) }))}
          data-testid="audit-kind"
        />
        <Input
          allowClear
          placeholder={t('auditLog.filter.username')}
          style={{ width: 140 }}
          value={draft.username}
          onChange={(e) => setDraft({ ...draft, username: e.target.value })}
          onPressEnter={search}
        />
        <Input
          allowClear
          placeholder={t('auditLog.filter.action')}
          style={{ width: 220 }}
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          onPressEnter={search}
        />
        <Input.Search
          allowClear
          placeholder={t('auditLog.filter.keyword')}
          style={{ width: 260 }}
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          onSearch={search}
          enterButton={t('auditLog.filter.search')}
          data-testid="audit-keyword"
        />
        <ExportButton<AuditEntry>
          fileName={t('auditLog.exportFile')}
          columns={exportColumns}
          rows={() => fetchForExport(filter)}
          title={t('auditLog.exportLimit', { n: EXPORT_MAX })}
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }} data-testid="audit-zone">
        {t('auditLog.zone', { zone: zoneLabel(zone) })}
      </Typography.Paragraph>
      {log.error && <Alert type="error" showIcon title={log.error.message} style={{ marginBottom: 12 }} />}
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={log.isLoading}
        columns={columns}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 1100 }}
        data-testid="audit-table"
        pagination={{
          current: filter.page ?? 1,
          pageSize: filter.size ?? 20,
          total: log.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, size) => setFilter((old) => ({ ...old, page, size })),
        }}
      />
      <EntryDrawer entry={shown} onClose={() => setShown(null)} />
    </div>
  );
}
