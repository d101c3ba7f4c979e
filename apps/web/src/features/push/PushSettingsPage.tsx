import { WEBHOOK_KINDS, type PushChannel, type PushDelivery, type PushRule, type PushSettingsData, type WebhookKind } from '@gridops/contract';
import { Alert, App, Button, Card, Form, type FormInstance, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { useFormat } from '../../shared/format/useFormat';
import { localName } from '../../shared/ui/localName';
import { pushCalls, refusal, useInvalidatePush, usePushDeliveries, usePushSettings } from './api';
import { useDictionary } from '../dictionary/store';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Runs a write, shows success, or puts the server's refusal next to its field. */
function useRunner() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidatePush();
  return async <T,>(action: () => Promise<unknown>, form?: FormInstance<T>): Promise<boolean> => {
    try {
      await action();
      void message.success(t('push.saved'));
      void invalidate();
      return true;
    } catch (err) {
      const r = refusal(err);
      // The server names fields as the request does (`user_ids`, `url`), which are the form's names.
      if (r.field && form) form.setFields([{ name: r.field.split('.') as Parameters<FormInstance<T>['getFieldError']>[0], errors: [r.message] }]);
      else void message.error(r.message);
      return false;
    }
  };
}

function SmtpCard({ orgId, settings }: { orgId: number; settings: PushSettingsData }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidatePush();
  const run = useRunner();
  const [form] = Form.useForm<{ host: string; port: number; secure: boolean; username: string; password: string; from_addr: string }>();
  const [testTo, setTestTo] = useState('');
  const s = settings.smtp;
  const save = async () => {
    const v = await form.validateFields();
    await run(() => pushCalls.saveSmtp({ org_id: orgId, host: v.host, port: v.port, secure: v.secure, username: v.username ?? '', from_addr: v.from_addr, ...(v.password ? { password: v.password } : {}) }), form);
  };
  const test = async () => {
    try {
      const r = await pushCalls.test({ target: 'smtp', org_id: orgId, to: testTo });
      if (r.ok) void message.success(t('push.testOk'));
      else void message.error(t('push.testFailed', { error: r.error }));
    } catch (err) {
      void message.error(refusal(err).message);
    }
    void invalidate();
  };
  return (
    <Card title={t('push.smtp.title')} size="small" data-testid="push-smtp">
      <Form form={form} layout="inline" initialValues={{ host: s.host, port: s.port, secure: s.secure, username: s.username, password: '', from_addr: s.from_addr }} style={{ rowGap: 8 }}>
        <Form.Item name="host" label={t('push.smtp.host')} rules={[{ required: true, message: t('push.required') }]}>
          <Input style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="port" label={t('push.smtp.port')} rules={[{ required: true, message: t('push.required') }]}>
          <InputNumber min={1} max={65535} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="secure" label={t('push.smtp.secure')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="username" label={t('push.smtp.username')}>
          <Input style={{ width: 160 }} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('push.smtp.password')}>
          <Input.Password style={{ width: 200 }} autoComplete="new-password" placeholder={s.password_set ? t('push.keepSecret') : t('push.notSet')} />
        </Form.Item>
        <Form.Item name="from_addr" label={t('push.smtp.from')} rules={[{ required: true, message: t('push.required') }]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" onClick={() => void save()} data-testid="push-smtp-save">
            {t('push.save')}
          </Button>
        </Form.Item>
      </Form>
      <Space style={{ marginTop: 12 }}>
        <Input style={{ width: 240 }} placeholder={t('push.smtp.testTo')} value={testTo} onChange={(e) => setTestTo(e.target.value)} />
        <Button disabled={!s.configured || !testTo} onClick={() => void test()} data-testid="push-smtp-test">
          {t('push.sendTest')}
        </Button>
      </Space>
    </Card>
  );
}

function ChannelModal(props: { orgId: number; channel: PushChannel | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useRunner();
  const [form] = Form.useForm<{ kind: WebhookKind; name: string; url: string; secret: string; enabled: boolean }>();
  const c = props.channel;
  const save = async () => {
    const v = await form.validateFields();
    const secret = v.secret ? { secret: v.secret } : {};
    const ok = await run(
      () =>
        c === 'new'
          ? pushCalls.createChannel({ org_id: props.orgId, kind: v.kind, name: v.name, url: v.url, enabled: v.enabled, ...secret })
          : pushCalls.updateChannel({ id: c!.id, kind: v.kind, name: v.name, url: v.url, enabled: v.enabled, ...secret }),
      form,
    );
    if (ok) props.onClose();
  };
  const initial = c && c !== 'new' ? { kind: c.kind, name: c.name, url: c.url, secret: '', enabled: c.enabled } : { kind: 'wecom' as const, name: '', url: '', secret: '', enabled: true };
  return (
    <Modal open={c !== null} title={t(c === 'new' ? 'push.add' : 'push.edit')} onOk={() => void save()} onCancel={props.onClose} okText={t('push.save')} cancelText={t('push.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="kind" label={t('push.channels.kind')}>
          <Select options={WEBHOOK_KINDS.map((k) => ({ value: k, label: t(`push.channels.${k}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('push.channels.name')} rules={[{ required: true, message: t('push.required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="url" label={t('push.channels.url')} rules={[{ required: true, message: t('push.required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="secret" label={t('push.channels.secret')}>
          <Input.Password autoComplete="new-password" placeholder={c && c !== 'new' && c.secret_set ? t('push.keepSecret') : t('push.notSet')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('push.channels.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ChannelsCard({ orgId, settings }: { orgId: number; settings: PushSettingsData }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidatePush();
  const run = useRunner();
  const [editing, setEditing] = useState<PushChannel | 'new' | null>(null);
  const test = async (id: number) => {
    try {
      const r = await pushCalls.test({ target: id, org_id: orgId });
      if (r.ok) void message.success(t('push.testOk'));
      else void message.error(t('push.testFailed', { error: r.error }));
    } catch (err) {
      void message.error(refusal(err).message);
    }
    void invalidate();
  };
  const columns: TableColumnsType<PushChannel> = [
    { title: t('push.channels.name'), dataIndex: 'name' },
    { title: t('push.channels.kind'), dataIndex: 'kind', render: (k: WebhookKind) => t(`push.channels.${k}`) },
    { title: t('push.channels.url'), dataIndex: 'url', ellipsis: true },
    { title: t('push.channels.secret'), dataIndex: 'secret_set', render: (v: boolean) => (v ? <Tag color="green">{t('push.set')}</Tag> : t('push.notSet')) },
    { title: t('push.channels.enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? t('push.yes') : t('push.no')) },
    {
      key: 'actions',
      render: (_: unknown, c) => (
        <Space size={4}>
          <Button size="small" onClick={() => void test(c.id)} data-testid={`push-channel-test-${c.id}`}>
            {t('push.sendTest')}
          </Button>
          <Button size="small" onClick={() => setEditing(c)}>
            {t('push.edit')}
          </Button>
          <Popconfirm title={t('push.confirmRemove')} okText={t('push.remove')} cancelText={t('push.cancel')} onConfirm={() => void run(() => pushCalls.deleteChannel(c.id))}>
            <Button size="small" danger>
              {t('push.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('push.channels.title')}
      size="small"
      extra={
        <Button onClick={() => setEditing('new')} data-testid="push-channel-add">
          {t('push.add')}
        </Button>
      }
    >
      <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={settings.channels} locale={{ emptyText: t('push.channels.empty') }} />
      <ChannelModal orgId={orgId} channel={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

interface RuleForm {
  name: string;
  project_id: number | 0;
  event_types: (1 | 2 | 3)[];
  min_level: number;
  user_ids: number[];
  channel_ids: number[];
  quiet_start: string;
  quiet_end: string;
  escalate_minutes: number | null;
  escalate_user_ids: number[];
  enabled: boolean;
}

function RuleModal(props: { orgId: number; settings: PushSettingsData; rule: PushRule | 'new' | null; onClose: () => void; site: boolean }) {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const run = useRunner();
  const [form] = Form.useForm<RuleForm>();
  const r = props.rule;
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      org_id: props.orgId,
      project_id: v.project_id || null,
      name: v.name,
      event_types: v.event_types,
      min_level: v.min_level,
      user_ids: v.user_ids ?? [],
      channel_ids: v.channel_ids ?? [],
      quiet_start: v.quiet_start || null,
      quiet_end: v.quiet_end || null,
      escalate_minutes: v.escalate_minutes ?? null,
      escalate_user_ids: v.escalate_user_ids ?? [],
      enabled: v.enabled,
    };
    const ok = await run(() => (r === 'new' ? pushCalls.createRule(body) : pushCalls.updateRule({ ...body, id: r!.id })), form);
    if (ok) props.onClose();
  };
  const initial: RuleForm =
    r && r !== 'new'
      ? { ...r, project_id: r.project_id ?? 0, quiet_start: r.quiet_start ?? '', quiet_end: r.quiet_end ?? '' }
      : { name: '', project_id: props.site ? (props.settings.projects[0]?.id ?? 0) : 0, event_types: [2, 3], min_level: 2, user_ids: [], channel_ids: [], quiet_start: '', quiet_end: '', escalate_minutes: null, escalate_user_ids: [], enabled: true };
  const hhmm = { pattern: HHMM, message: 'HH:MM' };
  return (
    <Modal open={r !== null} title={t(r === 'new' ? 'push.add' : 'push.edit')} onOk={() => void save()} onCancel={props.onClose} okText={t('push.save')} cancelText={t('push.cancel')} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="name" label={t('push.rules.name')} rules={[{ required: true, message: t('push.required') }]}>
          <Input />
        </Form.Item>
        {/* A site user's rules name one of his sites; the whole organisation is the centre's. */}
        <Form.Item name="project_id" label={t('push.rules.scope')} rules={props.site ? [{ required: true, type: 'number', min: 1, message: t('push.required') }] : []}>
          <Select options={[...(props.site ? [] : [{ value: 0, label: t('push.rules.wholeOrg') }]), ...props.settings.projects.map((p) => ({ value: p.id, label: localName(p, i18n.language) }))]} />
        </Form.Item>
        <Form.Item name="event_types" label={t('push.rules.types')} rules={[{ required: true, message: t('push.required') }]}>
          <Select mode="multiple" options={[1, 2, 3].map((n) => ({ value: n, label: dict.label('eventType', n) }))} />
        </Form.Item>
        <Form.Item name="min_level" label={t('push.rules.minLevel')}>
          <Select options={[1, 2, 3, 4].map((n) => ({ value: n, label: dict.label('alarmLevel', n) }))} />
        </Form.Item>
        <Form.Item name="user_ids" label={t('push.rules.recipients')}>
          <Select mode="multiple" optionFilterProp="label" options={props.settings.members.map((m) => ({ value: m.id, label: `${localName(m, i18n.language)}${m.email ? ` <${m.email}>` : ''}`, disabled: !m.email }))} />
        </Form.Item>
        <Form.Item name="channel_ids" label={t('push.rules.channels')} hidden={props.site}>
          <Select mode="multiple" options={props.settings.channels.map((c) => ({ value: c.id, label: `${c.name} (${t(`push.channels.${c.kind}`)})` }))} />
        </Form.Item>
        <Space>
          <Form.Item name="escalate_minutes" label={t('push.rules.escalateMinutes')}>
            <InputNumber min={1} max={1440} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="escalate_user_ids" label={t('push.rules.escalateTo')} style={{ minWidth: 280 }}>
            <Select mode="multiple" optionFilterProp="label" options={props.settings.members.map((m) => ({ value: m.id, label: localName(m, i18n.language), disabled: !m.email }))} />
          </Form.Item>
        </Space>
        <Space>
          <Form.Item name="quiet_start" label={t('push.rules.quietStart')} rules={[hhmm]}>
            <Input placeholder="22:00" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="quiet_end" label={t('push.rules.quietEnd')} rules={[hhmm]}>
            <Input placeholder="07:00" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('push.rules.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function RulesCard({ orgId, settings, site = false }: { orgId: number; settings: PushSettingsData; site?: boolean }) {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const run = useRunner();
  const [editing, setEditing] = useState<PushRule | 'new' | null>(null);
  const projectName = (id: number | null) => {
    const p = id === null ? undefined : settings.projects.find((x) => x.id === id);
    return p ? localName(p, i18n.language) : t('push.rules.wholeOrg');
  };
  const columns: TableColumnsType<PushRule> = [
    { title: t('push.rules.name'), dataIndex: 'name' },
    { title: t('push.rules.scope'), dataIndex: 'project_id', render: (id: number | null) => projectName(id) },
    { title: t('push.rules.types'), dataIndex: 'event_types', render: (ts: number[]) => ts.map((n) => <Tag key={n}>{dict.label('eventType', n)}</Tag>) },
    { title: t('push.rules.minLevel'), dataIndex: 'min_level', render: (n: number) => dict.label('alarmLevel', n) },
    {
      title: t('push.rules.recipients'),
      dataIndex: 'user_ids',
      render: (ids: number[]) => ids.map((id) => settings.members.find((m) => m.id === id)).filter((m) => m !== undefined).map((m) => localName(m, i18n.language)).join(', ') || t('push.rules.none'),
    },
    {
      title: t('push.rules.channels'),
      dataIndex: 'channel_ids',
      render: (ids: number[]) =>
        site && ids.length ? t('push.channelsKept', { count: ids.length }) : ids.map((id) => settings.channels.find((c) => c.id === id)?.name).filter(Boolean).join(', ') || t('push.rules.none'),
    },
    {
      title: t('push.rules.escalation'),
      key: 'escalation',
      render: (_: unknown, r) =>
        r.escalate_minutes && r.escalate_user_ids.length
          ? t('push.rules.escalationText', {
              minutes: r.escalate_minutes,
              names: r.escalate_user_ids.map((id) => settings.members.find((m) => m.id === id)).filter((m) => m !== undefined).map((m) => localName(m, i18n.language)).join(' → '),
            })
          : t('push.rules.none'),
    },
    { title: t('push.rules.quiet'), key: 'quiet', render: (_: unknown, r) => (r.quiet_start ? `${r.quiet_start}–${r.quiet_end ?? ''}` : t('push.rules.none')) },
    {
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(r)}>
            {t('push.edit')}
          </Button>
          <Popconfirm title={t('push.confirmRemove')} okText={t('push.remove')} cancelText={t('push.cancel')} onConfirm={() => void run(() => pushCalls.deleteRule(r.id))}>
            <Button size="small" danger>
              {t('push.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('push.rules.title')}
      size="small"
      extra={
        <Button onClick={() => setEditing('new')} data-testid="push-rule-add">
          {t('push.add')}
        </Button>
      }
    >
      <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={settings.rules} locale={{ emptyText: t('push.rules.empty') }} />
      <RuleModal orgId={orgId} settings={settings} rule={editing} onClose={() => setEditing(null)} site={site} />
    </Card>
  );
}

function DeliveryLog({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const log = usePushDeliveries(orgId);
  const color = { sent: 'green', failed: 'red', pending: 'orange', cancelled: 'default' } as const;
  const columns: TableColumnsType<PushDelivery> = [
    { title: t('push.log.time'), dataIndex: 'created_at', render: (v: string) => f.date(v), width: 170 },
    { title: t('push.log.target'), dataIndex: 'target', render: (v: string) => t(v === 'email' ? 'push.log.email' : 'push.log.webhook') },
    { title: t('push.log.to'), dataIndex: 'to_addr' },
    { title: t('push.log.status'), dataIndex: 'status', render: (v: PushDelivery['status']) => <Tag color={color[v]}>{t(`push.log.${v}`)}</Tag> },
    { title: t('push.log.attempts'), dataIndex: 'attempts' },
    { title: t('push.log.error'), dataIndex: 'last_error', ellipsis: true },
  ];
  return (
    <Card title={t('push.log.title')} size="small">
      <Table rowKey="id" size="small" columns={columns} dataSource={log.data ?? []} loading={log.isLoading} pagination={{ pageSize: 10 }} />
    </Card>
  );
}

/** /CentreUser/CentreSendmsgTools and /UserCenter/SendmsgTools: e-mail and robot channels, rules, delivery log. */
export function PushSettingsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const configure = user?.permissions.includes('configure') ?? false;
  const allowed = user?.userType === 0 && configure;
  // docs/push.md: a site user with 'configure' manages the rules of his own sites only (server-scoped).
  const site = user?.userType === 1 && configure;
  const orgId = allowed || site ? (user?.org_id ?? null) : null;
  const settings = usePushSettings(orgId);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="push-settings">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('push.intro')}
      </Typography.Paragraph>
      {!allowed && !site && <Alert type="info" showIcon title={t('push.centreOnly')} />}
      {site && settings.data && (
        <Alert type="info" showIcon title={t('push.siteScope')} description={t(settings.data.smtp.configured ? 'push.siteMailOn' : 'push.siteMailOff')} data-testid="push-site-scope" />
      )}
      {settings.error && <Alert type="error" showIcon title={refusal(settings.error).message} />}
      {site && orgId !== null && settings.data && <RulesCard orgId={orgId} settings={settings.data} site />}
      {allowed && orgId !== null && settings.data && (
        <>
          <SmtpCard orgId={orgId} settings={settings.data} />
          <ChannelsCard orgId={orgId} settings={settings.data} />
          <RulesCard orgId={orgId} settings={settings.data} />
          <DeliveryLog orgId={orgId} />
        </>
      )}
    </Space>
  );
}
