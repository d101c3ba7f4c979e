import type { ControlBreakerSetting, ControlConfig } from '@gridops/contract';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { controlConfigCalls, useControlConfig, useInvalidateControlConfig } from './api';
import { SiteRuleCard } from './SiteRuleCard';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const failure = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Config({ projectId, c }: { projectId: number; c: ControlConfig }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { message } = App.useApp();
  const invalidate = useInvalidateControlConfig();
  const [dialog, setDialog] = useState<'block' | 'interlock' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const name = (id: number) => {
    const b = c.breakers.find((x) => x.device_id === id);
    return b ? localName(b, lang) : String(id);
  };
  const save = async (b: ControlBreakerSetting, patch: Partial<ControlBreakerSetting>) => {
    try {
      await controlConfigCalls.saveBreaker({
        device_id: b.device_id,
        controllable: b.controllable,
        user_ids: b.user_ids,
        role_types: b.role_types,
        two_person: b.two_person,
        version: b.version,
        ...patch,
      });
      message.success(t('controlConfig.saved'));
    } catch (e) {
      message.error(failure(e));
    }
    await invalidate();
  };
  const submit = async () => {
    const v = (await form.validateFields()) as Record<string, string | number | boolean>;
    setError(null);
    try {
      if (dialog === 'block')
        await controlConfigCalls.createBlock({
          project_id: projectId,
          name: String(v.name),
          name_en: String(v.name_en ?? ''),
          start: String(v.start),
          end: String(v.end),
        });
      else
        await controlConfigCalls.createInterlock({
          project_id: projectId,
          device_id: Number(v.device_id),
          action: v.action === 'open' ? 'open' : 'close',
          other_device_id: Number(v.other_device_id),
          other_closed: v.other_closed === true,
          name: String(v.name),
          name_en: String(v.name_en ?? ''),
        });
      message.success(t('controlConfig.saved'));
      setDialog(null);
      form.resetFields();
      await invalidate();
    } catch (e) {
      setError(failure(e));
    }
  };
  const req = (field: string) => ({
    required: true,
    message: t('controlConfig.required', { field: t(`controlConfig.${field}`) }),
  });
  const breakerOptions = c.breakers.map((b) => ({ value: b.device_id, label: localName(b, lang) }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('controlConfig.intro')}
      </Typography.Paragraph>
      <SiteRuleCard projectId={projectId} site={c.site} />
      <Card size="small" title={t('controlConfig.breakers')}>
        <Table<ControlBreakerSetting>
          size="small"
          rowKey="device_id"
          pagination={false}
          dataSource={c.breakers}
          data-testid="control-breakers"
          columns={[
            { title: t('controlConfig.breaker'), key: 'name', render: (_, b) => localName(b, lang) },
            { title: t('controlConfig.voltage'), key: 'kv', width: 90, render: (_, b) => (b.voltage_kv === null ? t('controlConfig.voltageUnknown') : `${b.voltage_kv} kV`) },
            {
              title: t('controlConfig.controllable'),
              key: 'controllable',
              width: 120,
              render: (_, b) => (
                <Switch
                  checked={b.controllable}
                  onChange={(v) => void save(b, { controllable: v })}
                  data-testid={`control-controllable-${b.device_id}`}
                />
              ),
            },
            {
              title: t('controlConfig.users'),
              key: 'users',
              render: (_, b) => (
                <Select
                  mode="multiple"
                  style={{ minWidth: 340 }}
                  value={b.user_ids}
                  placeholder={t('controlConfig.everyone')}
                  onChange={(ids: number[]) => void save(b, { user_ids: ids })}
                  options={c.users.map((u) => ({
                    value: u.id,
                    label: `${localName(u, lang)} (${u.username})`,
                  }))}
                />
              ),
            },
            {
              title: t('controlConfig.roles'),
              key: 'roles',
              render: (_, b) => (
                <Select
                  mode="multiple"
                  style={{ minWidth: 180 }}
                  value={b.role_types}
                  placeholder={t('controlConfig.anyRole')}
                  onChange={(roles: number[]) => void save(b, { role_types: roles })}
                  options={[0, 1, 2].map((r) => ({ value: r, label: t(`controlConfig.role.${r}`) }))}
                  data-testid={`control-roles-${b.device_id}`}
                />
              ),
            },
            {
              title: t('controlConfig.twoPerson'),
              key: 'two',
              width: 150,
              render: (_, b) => (
                <Space size={6}>
                  <Switch checked={b.two_person} onChange={(v) => void save(b, { two_person: v })} data-testid={`control-two-person-${b.device_id}`} />
                  {!b.two_person && b.two_person_effective ? <Tag color="orange">{t('controlConfig.bySiteRule')}</Tag> : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={t('controlConfig.blocks')}
        extra={
          <Button
            size="small"
            onClick={() => {
              form.resetFields();
              setError(null);
              setDialog('block');
            }}
            data-testid="control-block-add"
          >
            {t('controlConfig.add')}
          </Button>
        }
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={c.blocks}
          columns={[
            { title: t('controlConfig.name'), key: 'name', render: (_, b) => localName(b, lang) },
            { title: t('controlConfig.start'), dataIndex: 'start' },
            { title: t('controlConfig.end'), dataIndex: 'end' },
            {
              title: '',
              key: 'x',
              width: 90,
              render: (_, b) => (
                <ConfirmAction
                  title={t('controlConfig.confirmRemove')}
                  okText={t('controlConfig.remove')}
                  label={t('controlConfig.remove')}
                  run={() => controlConfigCalls.deleteBlock(b.id)}
                  done={t('controlConfig.removed')}
                  failure={failure}
                  settle={invalidate}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={t('controlConfig.interlocks')}
        extra={
          <Button
            size="small"
            onClick={() => {
              form.resetFields();
              setError(null);
              setDialog('interlock');
            }}
            data-testid="control-interlock-add"
          >
            {t('controlConfig.add')}
          </Button>
        }
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={c.interlocks}
          columns={[
            { title: t('controlConfig.name'), key: 'name', render: (_, i) => localName(i, lang) },
            {
              title: t('controlConfig.interlocks'),
              key: 'rule',
              render: (_, i) =>
                t('controlConfig.rule', {
                  device: name(i.device_id),
                  action: t(`controlConfig.${i.action}`),
                  other: name(i.other_device_id),
                  state: i.other_closed ? t('controlConfig.closedState') : t('controlConfig.openState'),
                }),
            },
            {
              title: '',
              key: 'x',
              width: 90,
              render: (_, i) => (
                <ConfirmAction
                  title={t('controlConfig.confirmRemove')}
                  okText={t('controlConfig.remove')}
                  label={t('controlConfig.remove')}
                  run={() => controlConfigCalls.deleteInterlock(i.id)}
                  done={t('controlConfig.removed')}
                  failure={failure}
                  settle={invalidate}
                />
              ),
            },
          ]}
        />
      </Card>
      {dialog && (
        <Modal
          open
          title={dialog === 'block' ? t('controlConfig.blocks') : t('controlConfig.interlocks')}
          onCancel={() => setDialog(null)}
          onOk={() => void submit()}
          okText={t('controlConfig.save')}
          cancelText={t('controlConfig.cancel')}
          destroyOnHidden
        >
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              style={{ marginBottom: 12 }}
              data-testid="control-config-error"
            />
          )}
          <Form form={form} layout="vertical" initialValues={{ action: 'close', other_closed: true }}>
            <Form.Item name="name" label={t('controlConfig.blockName')} rules={[req('blockName')]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="name_en" label={t('controlConfig.blockNameEn')}>
              <Input maxLength={64} />
            </Form.Item>
            {dialog === 'block' ? (
              <Space>
                <Form.Item
                  name="start"
                  label={t('controlConfig.start')}
                  rules={[req('start'), { pattern: HHMM, message: t('controlConfig.timeFormat') }]}
                >
                  <Input placeholder="22:00" />
                </Form.Item>
                <Form.Item
                  name="end"
                  label={t('controlConfig.end')}
                  rules={[req('end'), { pattern: HHMM, message: t('controlConfig.timeFormat') }]}
                >
                  <Input placeholder="06:00" />
                </Form.Item>
              </Space>
            ) : (
              <>
                <Form.Item name="device_id" label={t('controlConfig.breaker')} rules={[req('breaker')]}>
                  <Select options={breakerOptions} />
                </Form.Item>
                <Form.Item name="action" label={t('controlConfig.action')}>
                  <Select
                    options={[
                      { value: 'close', label: t('controlConfig.close') },
                      { value: 'open', label: t('controlConfig.open') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="other_device_id" label={t('controlConfig.other')} rules={[req('other')]}>
                  <Select options={breakerOptions} />
                </Form.Item>
                <Form.Item name="other_closed" label={t('controlConfig.otherState')}>
                  <Select
                    options={[
                      { value: true, label: t('controlConfig.close') },
                      { value: false, label: t('controlConfig.open') },
                    ]}
                  />
                </Form.Item>
              </>
            )}
          </Form>
        </Modal>
      )}
    </Space>
  );
}

function RemoteCtrlSet({ projectId }: { projectId: number }) {
  const q = useControlConfig(projectId);
  return (
    <QueryState look={SETUP_QUERY} loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
      {q.data && <Config projectId={projectId} c={q.data} />}
    </QueryState>
  );
}

/** /RunSetup/RemoteCtrlSet: which breakers may be operated remotely, by whom, when not, and their interlocks. */
export function RemoteCtrlSetPage() {
  return (
    <SiteGate prompt={SETUP_SITE} testId="remote-ctrl-set">
      {(projectId) => <RemoteCtrlSet projectId={projectId} />}
    </SiteGate>
  );
}
