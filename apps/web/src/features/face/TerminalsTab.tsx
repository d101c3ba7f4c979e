import type { FaceTerminal } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { App, Button, Card, Form, Space, Table, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { useCanConfigure } from '../../session/permissions';
import { faceWrites, useFaceSettings, useFaceTerminals, useSettleFace } from './api';

/** The site's night window for stranger alerts (site time; may wrap past midnight). */
function NightWindow({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useFaceSettings(projectId);
  const settle = useSettleFace();
  const canEdit = useCanConfigure();
  if (!q.data) return null;
  const save = async (v: { from: Dayjs; to: Dayjs }) => {
    await faceWrites.updateSettings({ project_id: projectId, night_from: v.from.format('HH:mm'), night_to: v.to.format('HH:mm') });
    void message.success(t('face.terminals.saved'));
    await settle();
  };
  return (
    <Card size="small" title={t('face.terminals.night')} style={{ marginBottom: 12 }}>
      <Form layout="inline" initialValues={{ from: dayjs(q.data.night_from, 'HH:mm'), to: dayjs(q.data.night_to, 'HH:mm') }} onFinish={(v: { from: Dayjs; to: Dayjs }) => void save(v).catch(() => undefined)} disabled={!canEdit}>
        <Form.Item name="from" rules={[{ required: true }]}>
          <TimePicker format="HH:mm" minuteStep={5} allowClear={false} data-testid="face-night-from" />
        </Form.Item>
        <Form.Item>–</Form.Item>
        <Form.Item name="to" rules={[{ required: true }]}>
          <TimePicker format="HH:mm" minuteStep={5} allowClear={false} data-testid="face-night-to" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="face-night-save">
            {t('face.terminals.save')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('face.terminals.nightHint')}</Typography.Text>
    </Card>
  );
}

/** Per door terminal: how many people are enrolled, waiting, failed or being deleted, and when it was last heard. */
export function TerminalsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const zone = useDisplayZone();
  const q = useFaceTerminals(projectId);
  const count = (n: number, type?: 'danger' | 'warning') => (n > 0 && type ? <Typography.Text type={type}>{n}</Typography.Text> : n);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="face-terminals">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('face.terminals.intro')}
      </Typography.Paragraph>
      <NightWindow projectId={projectId} />
      <Table<FaceTerminal>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        pagination={false}
        dataSource={q.data?.items ?? []}
        onRow={(r) => ({ 'data-testid': `face-terminal-${r.sn}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('face.terminals.name'), dataIndex: 'name', key: 'name' },
          { title: t('face.terminals.room'), dataIndex: 'room_name', key: 'room' },
          { title: t('face.terminals.sn'), dataIndex: 'sn', key: 'sn' },
          { title: t('face.terminals.enrolled'), key: 'enrolled', render: (_, r) => <span data-testid={`face-terminal-enrolled-${r.sn}`}>{r.enrolled}</span> },
          { title: t('face.terminals.pending'), key: 'pending', render: (_, r) => count(r.pending) },
          { title: t('face.terminals.failed'), key: 'failed', render: (_, r) => count(r.failed, 'danger') },
          { title: t('face.terminals.deleting'), key: 'deleting', render: (_, r) => count(r.deleting, 'warning') },
          { title: t('face.terminals.lastSeen'), key: 'seen', render: (_, r) => (r.last_seen ? formatInZone(Date.parse(r.last_seen), zone, 'YYYY-MM-DD HH:mm:ss') : t('face.terminals.never')) },
        ]}
      />
    </Space>
  );
}
