import type { VideoCamera } from '@gridops/contract';
import { App, Button, Card, Form, type FormInstance, Input, Modal, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { QueryState } from '../../shared/ui/QueryState';
import type { QueryLook } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import type { SitePrompt } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { useSiteTree } from '../../api/siteTree';
import { useInvalidateVideo, useVideoCameras, videoCalls } from './api';

const SITE: SitePrompt = { title: 'common.needSite', hint: 'video.needSiteHint', testId: () => 'need-site', hintStyle: { color: 'rgba(255,255,255,0.45)' } };
const QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 4,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};

interface Values {
  name: string;
  name_en: string;
  room_id: number | null;
  code: string;
  stream_url: string;
  snapshot_url: string;
  ptz: boolean;
}

export function refusal(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}

function CameraForm({ projectId, editing, onClose }: { projectId: number; editing: VideoCamera | 'new'; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidateVideo();
  const tree = useSiteTree(projectId);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const cam = editing === 'new' ? null : editing;
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = { name: v.name, name_en: v.name_en ?? '', room_id: v.room_id ?? null, code: v.code ?? '', stream_url: v.stream_url, snapshot_url: v.snapshot_url ?? '', ptz: v.ptz };
      if (cam) await videoCalls.update({ id: cam.id, version: cam.version, ...body });
      else await videoCalls.create({ project_id: projectId, ...body });
      void message.success(t('video.saved'));
      void invalidate();
      onClose();
    } catch (err) {
      const r = refusal(err);
      const field = r.field as keyof Values | null;
      if (field && field in ({ name: 1, name_en: 1, room_id: 1, code: 1, stream_url: 1, snapshot_url: 1, ptz: 1 } as Record<keyof Values, 1>)) form.setFields([{ name: field, errors: [r.message] }]);
      else void message.error(r.message);
    } finally {
      setSaving(false);
    }
  };
  const rooms = tree.data?.rooms ?? [];
  return (
    <Modal open title={t(cam ? 'video.edit' : 'video.add')} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('video.save')} destroyOnHidden width={620} data-testid="camera-form">
      <Form<Values>
        form={form as FormInstance<Values>}
        layout="vertical"
        initialValues={cam ? { name: cam.name, name_en: cam.name_en, room_id: cam.room_id, code: cam.code, stream_url: cam.stream_url, snapshot_url: cam.snapshot_url, ptz: cam.ptz } : { name: '', name_en: '', room_id: null, code: '', stream_url: 'sim://testsrc2', snapshot_url: '', ptz: false }}
      >
        <Space.Compact block>
          <Form.Item name="name" label={t('video.nameZh')} rules={[{ required: true, whitespace: true, message: t('video.required') }]} style={{ flex: 1, marginRight: 8 }}>
            <Input maxLength={60} data-testid="camera-name" />
          </Form.Item>
          <Form.Item name="name_en" label={t('video.nameEn')} style={{ flex: 1 }}>
            <Input maxLength={80} data-testid="camera-name-en" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="room_id" label={t('video.room')}>
          <Select allowClear placeholder={t('video.noRoom')} options={rooms.map((r) => ({ value: r.id, label: r.name }))} loading={tree.isLoading} data-testid="camera-room" />
        </Form.Item>
        <Form.Item name="code" label={t('video.code')} extra={t('video.codeHelp')} rules={[{ pattern: /^[A-Za-z0-9._-]*$/, message: t('video.codeRule') }]}>
          <Input maxLength={64} data-testid="camera-code" />
        </Form.Item>
        <Form.Item name="stream_url" label={t('video.streamUrl')} extra={t('video.streamHelp')} rules={[{ required: true, whitespace: true, message: t('video.required') }]}>
          <Input maxLength={500} data-testid="camera-stream" />
        </Form.Item>
        <Form.Item name="snapshot_url" label={t('video.snapshotUrl')} extra={t('video.snapshotHelp')}>
          <Input maxLength={500} data-testid="camera-snapshot" />
        </Form.Item>
        <Form.Item name="ptz" label={t('video.ptz')} valuePropName="checked">
          <Switch data-testid="camera-ptz" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} lang={i18n.language}>
        {t('video.passwordNote')}
      </Typography.Text>
    </Modal>
  );
}

function Cameras({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const q = useVideoCameras(projectId);
  const invalidate = useInvalidateVideo();
  const [editing, setEditing] = useState<VideoCamera | 'new' | null>(null);
  const lang = i18n.language;
  const columns: TableColumnsType<VideoCamera> = [
    { title: t('video.name'), dataIndex: 'name', render: (_: string, c) => localName(c, lang) },
    { title: t('video.room'), dataIndex: 'room_name', width: 160, render: (v: string) => v || '-' },
    { title: t('video.code'), dataIndex: 'code', width: 150, render: (v: string) => v || '-' },
    { title: t('video.streamUrl'), dataIndex: 'stream_url', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('video.snapshotUrl'), dataIndex: 'snapshot_url', render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : '-') },
    { title: t('video.ptz'), dataIndex: 'ptz', width: 80, render: (v: boolean) => <Tag color={v ? 'blue' : 'default'}>{t(v ? 'video.yes' : 'video.no')}</Tag> },
    {
      title: t('video.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, c) => (
        <Space>
          <Button size="small" onClick={() => setEditing(c)} data-testid={`camera-edit-${c.id}`}>
            {t('video.edit')}
          </Button>
          <ConfirmAction
            title={t('video.confirmDelete', { name: localName(c, lang) })}
            okText={t('common.delete')}
            label={t('common.delete')}
            run={() => videoCalls.remove(c.id)}
            done={t('video.deleted')}
            failure={(e) => refusal(e).message}
            settle={invalidate}
            button={{ 'data-testid': `camera-delete-${c.id}` }}
          />
        </Space>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('video.configTitle')}
      extra={
        <Button type="primary" size="small" onClick={() => setEditing('new')} data-testid="camera-add">
          {t('video.add')}
        </Button>
      }
    >
      <QueryState look={QUERY} loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        <Table<VideoCamera> size="small" rowKey="id" dataSource={q.data ?? []} columns={columns} pagination={false} locale={{ emptyText: t('video.noCameras') }} data-testid="camera-table" />
      </QueryState>
      {editing !== null && <CameraForm projectId={projectId} editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** /RunSetup/SecMonitorSet: the site's cameras (names, room, stream and snapshot URLs, PTZ). */
export function SecMonitorSetPage() {
  return <SiteGate prompt={SITE} testId="sec-monitor-set">{(id) => <Cameras key={id} projectId={id} />}</SiteGate>;
}
