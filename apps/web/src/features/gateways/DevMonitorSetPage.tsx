import {
  DEVICE_KINDS,
  type DeviceKind,
  type GatewayCredentials,
  type GatewayRow,
  type UnknownDeviceRow,
} from '@gridops/contract';
import {
  Alert,
  App,
  Badge,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { useFormat } from '../../shared/format';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import type { SitePrompt } from '../../shared/ui/SiteGate';
import type { QueryLook } from '../../shared/ui/QueryState';
import { localName } from '../../shared/ui/localName';
import { DevicesTab } from './DevicesTab';
import { GatewayKitModal } from './GatewayKitModal';

type KitTarget = { id: number; sn: string; password: string | null };
import {
  gatewayCalls,
  refusal,
  useCanAdminGateways,
  useDeviceTemplates,
  useGatewayRooms,
  useGateways,
  useGatewayDevices,
  useGatewayStatusLive,
  useInvalidateGateways,
  useUnknownDevices,
} from './api';
import { ParentDeviceField } from './ParentDeviceField';
import { useDictionary } from '../dictionary/store';

const SITE: SitePrompt = {
  title: 'common.needSite',
  hint: 'gateways.needSiteHint',
  testId: () => 'need-site',
  hintStyle: { color: 'rgba(255,255,255,0.45)' },
};

const QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 5,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};

/** Mirrors the contract's GATEWAY_SN_PATTERN, so the form refuses what the server would. */
const SN_PATTERN = /^(?!session-)[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;

interface RegisterValues {
  sn: string;
  name: string;
  name_en?: string;
}

interface AdoptValues {
  /** A catalogue kind, or `tpl:<id>` for a custom template. */
  kind: string;
  name: string;
  name_en?: string;
  room_id?: number | null;
  parent_id?: number | null;
}

function GatewaysTab({
  projectId,
  canEdit,
  onCredentials,
}: {
  projectId: number;
  canEdit: boolean;
  onCredentials: (c: KitTarget) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const fmt = useFormat();
  const gateways = useGateways(projectId);
  const invalidate = useInvalidateGateways();
  // 'new' registers; a row renames that gateway (the serial number is fixed).
  const [registering, setRegistering] = useState<GatewayRow | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<RegisterValues>();

  const issue = async (g: GatewayRow) => {
    try {
      const c: GatewayCredentials = await gatewayCalls.issue(g.id);
      onCredentials({ id: g.id, sn: c.sn, password: c.password });
    } catch (e) {
      message.error(refusal(e).message);
    }
    await invalidate();
  };

  const register = async () => {
    let v: RegisterValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const names = { name: v.name.trim(), name_en: (v.name_en ?? '').trim() };
      if (registering === 'new')
        await gatewayCalls.create({ project_id: projectId, sn: v.sn.trim(), ...names });
      else if (registering) await gatewayCalls.update(registering.id, names);
      message.success(t(registering === 'new' ? 'gateways.registered' : 'gateways.saved'));
      setRegistering(null);
      form.resetFields();
      await invalidate();
    } catch (e) {
      const r = refusal(e);
      if (r.field === 'sn' || r.field === 'name' || r.field === 'name_en')
        form.setFields([{ name: r.field, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<GatewayRow> = [
    {
      title: t('gateways.col.sn'),
      dataIndex: 'sn',
      width: 200,
      render: (sn: string) => <Typography.Text code>{sn}</Typography.Text>,
    },
    { title: t('gateways.col.name'), key: 'name', width: 190, render: (_, g) => localName(g, i18n.language) },
    {
      title: t('gateways.col.status'),
      key: 'status',
      width: 110,
      render: (_, g) =>
        g.last_seen_at === null ? (
          <Badge status="default" text={t('gateways.status.never')} />
        ) : g.online ? (
          <Badge status="success" text={t('gateways.status.online')} />
        ) : (
          <Badge status="error" text={t('gateways.status.offline')} />
        ),
    },
    {
      title: t('gateways.col.lastSeen'),
      key: 'last',
      width: 160,
      render: (_, g) => (g.last_seen_at ? fmt.date(g.last_seen_at, 'YYYY-MM-DD HH:mm:ss') : '-'),
    },
    {
      title: t('gateways.col.devices'),
      key: 'devices',
      width: 130,
      render: (_, g) => (
        <Space size={4}>
          <span>{g.devices}</span>
          {g.unknown_devices > 0 && (
            <Tag color="warning">{t('gateways.unknownCount', { count: g.unknown_devices })}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('gateways.col.credentials'),
      key: 'cred',
      width: 90,
      render: (_, g) =>
        g.has_credentials ? (
          <Tag color="success">{t('gateways.cred.issued')}</Tag>
        ) : (
          <Tag>{t('gateways.cred.none')}</Tag>
        ),
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 370,
            render: (_: unknown, g: GatewayRow) => (
              <Space size={4}>
                <Button size="small" onClick={() => onCredentials({ id: g.id, sn: g.sn, password: null })} data-testid={`kit-${g.sn}`}>
                  {t('gateways.action.kit')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    form.setFieldsValue({ sn: g.sn, name: g.name, name_en: g.name_en });
                    setRegistering(g);
                  }}
                >
                  {t('gateways.action.edit')}
                </Button>
                {g.has_credentials ? (
                  <Popconfirm
                    title={t('gateways.confirmRotate', { sn: g.sn })}
                    okText={t('gateways.action.rotate')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => issue(g)}
                  >
                    <Button size="small" data-testid={`rotate-${g.sn}`}>
                      {t('gateways.action.rotate')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => void issue(g)}
                    data-testid={`issue-${g.sn}`}
                  >
                    {t('gateways.action.issue')}
                  </Button>
                )}
                {g.has_credentials && (
                  <ConfirmAction
                    title={t('gateways.confirmRevoke', { sn: g.sn })}
                    okText={t('gateways.action.revoke')}
                    label={t('gateways.action.revoke')}
                    run={() => gatewayCalls.revoke(g.id)}
                    done={t('gateways.revoked')}
                    failure={(e) => refusal(e).message}
                    settle={invalidate}
                  />
                )}
                <ConfirmAction
                  title={t('gateways.confirmDeleteGateway', { sn: g.sn })}
                  okText={t('common.delete')}
                  label={t('common.delete')}
                  run={() => gatewayCalls.remove(g.id)}
                  done={t('gateways.deleted')}
                  failure={(e) => refusal(e).message}
                  settle={invalidate}
                  button={{ type: 'text', 'data-testid': `delete-${g.sn}` }}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('gateways.intro')} />
      {canEdit ? (
        <Button
          type="primary"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            form.resetFields();
            setError(null);
            setRegistering('new');
          }}
          data-testid="register-gateway"
        >
          {t('gateways.action.register')}
        </Button>
      ) : (
        <Tag data-testid="read-only">{t('gateways.readOnly')}</Tag>
      )}
      <QueryState
        look={QUERY}
        loading={gateways.isPending}
        error={gateways.error}
        onRetry={() => void invalidate()}
      >
        <Table<GatewayRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={gateways.data ?? []}
          pagination={false}
          locale={{ emptyText: t('gateways.emptyGateways') }}
          data-testid="gateway-table"
          scroll={{ x: 1250 }}
        />
      </QueryState>
      <Modal
        open={registering !== null}
        title={registering === 'new' ? t('gateways.action.register') : t('gateways.action.edit')}
        onCancel={() => setRegistering(null)}
        onOk={() => void register()}
        confirmLoading={saving}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form form={form} name="gateway" layout="vertical">
          <Form.Item
            name="sn"
            label={t('gateways.field.sn')}
            rules={[{ required: true, pattern: SN_PATTERN, message: t('gateways.rule.sn') }]}
          >
            <Input maxLength={64} data-testid="gateway-sn" disabled={registering !== 'new'} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('gateways.field.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('gateways.rule.name') }]}
          >
            <Input maxLength={64} data-testid="gateway-name" />
          </Form.Item>
          <Form.Item name="name_en" label={t('gateways.field.name_en')}>
            <Input maxLength={64} data-testid="gateway-name-en" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

function UnknownTab({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const { message } = App.useApp();
  const fmt = useFormat();
  const unknown = useUnknownDevices(projectId);
  const rooms = useGatewayRooms(projectId);
  const roomOptions = (rooms.data ?? []).map((r) => ({ value: r.id, label: localName(r, i18n.language) }));
  const invalidate = useInvalidateGateways();
  const [adopting, setAdopting] = useState<UnknownDeviceRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<AdoptValues>();
  const pickedRoom = Form.useWatch('room_id', form);
  const devices = useGatewayDevices(projectId);
  const templates = useDeviceTemplates();
  const kindOptions = [
    ...(templates.data?.custom ?? []).map((tpl) => ({ value: `tpl:${tpl.id}`, label: t('gateways.templateOption', { name: localName(tpl, i18n.language) }) })),
    ...DEVICE_KINDS.map((k) => ({
      value: k as string,
      label: dict.label('deviceKind', k),
    })),
  ];

  const adopt = async () => {
    if (!adopting) return;
    let v: AdoptValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await gatewayCalls.adopt({
        gateway_id: adopting.gateway_id,
        device_sn: adopting.device_sn,
        ...(v.kind.startsWith('tpl:') ? { template_id: Number(v.kind.slice(4)) } : { kind: v.kind as DeviceKind }),
        name: v.name.trim(),
        name_en: (v.name_en ?? '').trim(),
        room_id: v.room_id ?? null,
        parent_id: v.parent_id ?? null,
      });
      message.success(t('gateways.adopted', { name: v.name }));
      setAdopting(null);
      form.resetFields();
      await invalidate();
    } catch (e) {
      const r = refusal(e);
      if (r.field === 'template_id') form.setFields([{ name: 'kind', errors: [r.message] }]);
      else if (r.field === 'kind' || r.field === 'name' || r.field === 'name_en' || r.field === 'parent_id')
        form.setFields([{ name: r.field, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<UnknownDeviceRow> = [
    {
      title: t('gateways.col.gateway'),
      dataIndex: 'gateway_sn',
      width: 230,
      render: (sn: string) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {sn}
        </Typography.Text>
      ),
    },
    { title: t('gateways.col.deviceSn'), dataIndex: 'device_sn', width: 170 },
    {
      title: t('gateways.col.points'),
      key: 'points',
      render: (_, u) => (
        <Typography.Text ellipsis={{ tooltip: u.point_keys.join(', ') }} style={{ maxWidth: 320 }}>
          {u.point_keys.join(', ')}
        </Typography.Text>
      ),
    },
    { title: t('gateways.col.count'), dataIndex: 'count', width: 100 },
    {
      title: t('gateways.col.lastSeen'),
      key: 'last',
      width: 170,
      render: (_, u) => fmt.date(u.last_seen_at, 'YYYY-MM-DD HH:mm:ss'),
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, u: UnknownDeviceRow) => (
              <Button
                size="small"
                type="primary"
                data-testid={`adopt-${u.device_sn}`}
                onClick={() => {
                  setError(null);
                  form.setFieldsValue({ kind: undefined, name: u.device_sn, name_en: u.device_sn });
                  setAdopting(u);
                }}
              >
                {t('gateways.action.adopt')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('gateways.unknownIntro')} />
      <QueryState
        look={QUERY}
        loading={unknown.isPending}
        error={unknown.error}
        onRetry={() => void invalidate()}
      >
        <Table<UnknownDeviceRow>
          rowKey={(u) => `${u.gateway_id}:${u.device_sn}`}
          size="small"
          columns={columns}
          dataSource={unknown.data ?? []}
          pagination={false}
          locale={{ emptyText: t('gateways.emptyUnknown') }}
          data-testid="unknown-table"
          scroll={{ x: 1100 }}
        />
      </QueryState>
      <Modal
        open={adopting !== null}
        title={
          adopting ? `${t('gateways.action.adopt')} · ${adopting.gateway_sn} / ${adopting.device_sn}` : ''
        }
        onCancel={() => setAdopting(null)}
        onOk={() => void adopt()}
        confirmLoading={saving}
        okText={t('gateways.action.adopt')}
        cancelText={t('common.cancel')}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form form={form} name="adopt" layout="vertical">
          <Form.Item
            name="kind"
            label={t('gateways.field.kind')}
            rules={[{ required: true, message: t('gateways.rule.kind') }]}
          >
            <Select
              options={kindOptions}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="adopt-kind"
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('gateways.field.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('gateways.rule.name') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="name_en" label={t('gateways.field.name_en')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="room_id" label={t('gateways.room.field')}>
            <Select allowClear options={roomOptions} placeholder={t('gateways.room.none')} data-testid="adopt-room" />
          </Form.Item>
          <ParentDeviceField devices={devices.data ?? []} roomId={pickedRoom} />
        </Form>
      </Modal>
    </Space>
  );
}

function DevMonitorSet({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const canEdit = useCanAdminGateways();
  // The kit dialog: with the secret right after it is issued (the only time), without it from the row's button.
  const [creds, setCreds] = useState<KitTarget | null>(null);
  useGatewayStatusLive(projectId);
  return (
    <>
      <Tabs
        items={[
          {
            key: 'gateways',
            label: t('gateways.tabs.gateways'),
            children: <GatewaysTab projectId={projectId} canEdit={canEdit} onCredentials={setCreds} />,
          },
          {
            key: 'devices',
            label: t('gateways.tabs.devices'),
            children: <DevicesTab projectId={projectId} canEdit={canEdit} look={QUERY} />,
          },
          {
            key: 'unknown',
            label: t('gateways.tabs.unknown'),
            children: <UnknownTab projectId={projectId} canEdit={canEdit} />,
          },
        ]}
      />
      <GatewayKitModal target={creds} onClose={() => setCreds(null)} />
    </>
  );
}

/** /RunSetup/DevMonitorSet: the site's gateways (credentials, online state) and the devices they report unregistered. */
export function DevMonitorSetPage() {
  return (
    <SiteGate prompt={SITE} testId="dev-monitor-set">
      {(id) => <DevMonitorSet key={id} projectId={id} />}
    </SiteGate>
  );
}
