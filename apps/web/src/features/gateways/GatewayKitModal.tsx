import { KIT_PASSWORD_PLACEHOLDER, type GatewayKit, type GatewayKitTopic } from '@gridops/contract';
import { Alert, Button, Descriptions, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState, type QueryLook } from '../../shared/ui/QueryState';
import { useGatewayKit } from './api';

/** The secret in a command line: single-quoted for the shell (secrets are base64url, no quote inside). */
const fill = (line: string, password: string | null) => (password ? line.replaceAll(KIT_PASSWORD_PLACEHOLDER, `'${password}'`) : line);

/** The kit as a file: everything the dialog shows, the secret included only while it is shown this once. */
function download(kit: GatewayKit, password: string | null) {
  const withSecret = {
    ...kit,
    ...(password ? { password } : {}),
    mosquitto_sub: fill(kit.mosquitto_sub, password),
    mosquitto_pub: kit.mosquitto_pub.map((p) => ({ ...p, line: fill(p.line, password) })),
  };
  const url = URL.createObjectURL(new Blob([JSON.stringify(withSecret, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `gridops-gateway-${kit.sn}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Line({ text, testId }: { text: string; testId?: string }) {
  return (
    <Typography.Paragraph copyable={{ text }} code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, marginBottom: 8 }} data-testid={testId}>
      {text}
    </Typography.Paragraph>
  );
}

function KitBody({ kit, password }: { kit: GatewayKit; password: string | null }) {
  const { t } = useTranslation();
  const b = kit.broker;
  const url = (e: GatewayKit['broker']['tcp'] | null) =>
    e ? (
      <Typography.Text copyable code>
        {e.url}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('gateways.kit.notConfigured')}</Typography.Text>
    );
  const columns: TableColumnsType<GatewayKitTopic> = [
    { title: t('gateways.kit.col.name'), dataIndex: 'name', width: 130, render: (n: GatewayKitTopic['name']) => t(`gateways.kit.topic.${n}`) },
    {
      title: t('gateways.kit.col.direction'),
      dataIndex: 'direction',
      width: 90,
      render: (d: GatewayKitTopic['direction']) => <Tag color={d === 'subscribe' ? 'blue' : 'green'}>{t(`gateways.kit.${d}`)}</Tag>,
    },
    { title: 'QoS', dataIndex: 'qos', width: 50 },
    {
      title: t('gateways.kit.col.topic'),
      key: 'topic',
      render: (_, x) => (
        <Space orientation="vertical" size={2} style={{ width: '100%' }}>
          <Typography.Text copyable code style={{ fontSize: 12 }}>
            {x.topic}
          </Typography.Text>
          <Typography.Text copyable={{ text: x.sample }} type="secondary" style={{ fontSize: 11, wordBreak: 'break-all' }}>
            {x.sample}
          </Typography.Text>
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type={kit.online ? 'success' : 'info'}
        showIcon
        title={
          kit.online ? <span data-testid="kit-online">{t('gateways.kit.online')}</span> : <span data-testid="kit-waiting">{t('gateways.kit.waiting')}</span>
        }
        action={
          <Button size="small" onClick={() => download(kit, password)} data-testid="kit-download">
            {t('gateways.kit.download')}
          </Button>
        }
      />
      <Descriptions column={2} size="small" bordered title={t('gateways.kit.sessions')}>
        <Descriptions.Item label={t('gateways.secret.username')}>
          <Typography.Text copyable code>
            {kit.main_session.username}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('gateways.secret.password')}>
          {password ? (
            <Typography.Text copyable code data-testid="secret-password">
              {password}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('gateways.kit.passwordHidden')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('gateways.secret.clientId')}>
          <Typography.Text copyable code data-testid="kit-client-id">
            {kit.main_session.client_id}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('gateways.kit.cleanSession')}>
          {t('gateways.kit.cleanOff', { keepalive: kit.main_session.keepalive_s })}
        </Descriptions.Item>
        <Descriptions.Item label={t('gateways.kit.auxUsername')}>
          <Typography.Text copyable code>
            {kit.aux_session.username}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('gateways.kit.auxClientId')}>
          <Typography.Text copyable code>
            {kit.aux_session.client_id}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('gateways.kit.sessionsHint', { heartbeat: kit.heartbeat_s })}
      </Typography.Text>
      <Descriptions column={2} size="small" bordered title={t('gateways.kit.broker')}>
        <Descriptions.Item label={t('gateways.kit.host')}>
          <Typography.Text copyable code data-testid="kit-host">
            {b.host}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="MQTT TCP">{url(b.tcp)}</Descriptions.Item>
        <Descriptions.Item label="MQTT TLS">{url(b.tls)}</Descriptions.Item>
        <Descriptions.Item label="WebSocket">{url(b.ws)}</Descriptions.Item>
        <Descriptions.Item label="WebSocket TLS" span={2}>
          {url(b.wss)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('gateways.kit.topics')}
      </Typography.Title>
      <Table<GatewayKitTopic> rowKey="name" size="small" columns={columns} dataSource={kit.topics} pagination={false} data-testid="kit-topics" />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('gateways.kit.lines')}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(password ? 'gateways.kit.linesHint' : 'gateways.kit.linesHintVar')}
      </Typography.Text>
      <Line text={fill(kit.mosquitto_sub, password)} testId="kit-sub" />
      {kit.mosquitto_pub.map((p) => (
        <Line key={p.name} text={fill(p.line, password)} testId={`kit-pub-${p.name}`} />
      ))}
    </Space>
  );
}

const LOOK: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 6,
  testIds: { loading: 'kit-loading', error: 'kit-error', empty: 'kit-empty' },
};

/**
 * The gateway kit dialog: shown with the secret right after it is issued (the only time), and later without it.
 * It refreshes when the gateway's online state is pushed, so it turns green as the gateway connects.
 */
export function GatewayKitModal({ target, onClose }: { target: { id: number; sn: string; password: string | null } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const kit = useGatewayKit(target?.id ?? null);
  return (
    <Modal
      open={target !== null}
      title={target ? t(target.password ? 'gateways.secret.title' : 'gateways.kit.title', { sn: target.sn }) : ''}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t(target?.password ? 'gateways.secret.done' : 'common.close')}
        </Button>
      }
      width={960}
    >
      {target?.password && <Alert type="warning" showIcon title={t('gateways.secret.once')} style={{ marginBottom: 12 }} />}
      <QueryState look={LOOK} loading={kit.isPending} error={kit.error} onRetry={() => void kit.refetch()}>
        {kit.data && <KitBody kit={kit.data} password={target?.password ?? null} />}
      </QueryState>
    </Modal>
  );
}
