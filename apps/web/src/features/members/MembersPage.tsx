import { PERMISSIONS, ROLE_PERMISSIONS, passwordPolicyText, type Member, type MemberStatus, type Permission } from '@gridops/contract';
import { Alert, App, Button, Checkbox, Drawer, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { localName } from '../../shared/ui/localName';
import {
  membersApi,
  orgOptions,
  toFieldError,
  useHasPermission,
  useInvalidateMembers,
  useMemberOrgTree,
  useMembers,
  type FieldError,
  type MemberFilter,
  type OrgOption,
} from './api';
import { MemberActions, type MemberActionHandlers } from './MemberActions';

interface Values {
  username: string;
  name: string;
  name_en: string;
  user_type: 0 | 1 | 2;
  org_id: number;
  project_ids: number[];
  permissions: Permission[];
  phone: string;
  email: string;
  password: string;
}

const FIELDS = ['username', 'name', 'name_en', 'user_type', 'org_id', 'project_ids', 'permissions', 'phone', 'email', 'password'];

type DrawerMode = { kind: 'create' } | { kind: 'edit'; member: Member };

/** Invite or edit one member; the server's refusal is shown next to the field it names. */
function MemberDrawer(props: { mode: DrawerMode | null; orgs: OrgOption[]; onClose: () => void; onSaved: (m: Member, password?: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);
  const own = useSession((s) => s.userInfo);
  const { mode } = props;
  // A site manager places members in its own organisation only (docs/permissions.md): offering the tree above it
  // made the first save fail with 403.
  const orgChoices = useMemo(
    () => (own?.userType === 0 ? props.orgs : props.orgs.filter((o) => o.id === own?.org_id)),
    [props.orgs, own?.userType, own?.org_id],
  );
  const role = Form.useWatch('user_type', form);
  const orgId = Form.useWatch('org_id', form);

  const defaultOrg = orgChoices.some((o) => o.id === own?.org_id) ? own?.org_id : orgChoices[0]?.id;
  // The form is filled once per opening: a later refresh of the organisation tree must not wipe what the user has
  // typed (it did when the tree arrived after the drawer opened); it only supplies a still-missing organisation.
  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    const m = mode.kind === 'edit' ? mode.member : null;
    form.setFieldsValue({
      username: m?.username ?? '',
      name: m?.name ?? '',
      name_en: m?.name_en ?? '',
      user_type: m?.user_type ?? 1,
      org_id: m?.org_id,
      project_ids: m?.project_ids ?? [],
      permissions: m?.permissions ?? ['view'],
      phone: m?.phone ?? '',
      email: m?.email ?? '',
      password: '',
    });
  }, [mode, form]);
  useEffect(() => {
    if (mode && form.getFieldValue('org_id') === undefined && defaultOrg !== undefined) form.setFieldsValue({ org_id: defaultOrg });
  }, [mode, form, defaultOrg]);

  const close = () => {
    setError(null);
    props.onClose();
  };

  const projects = props.orgs.find((o) => o.id === orgId)?.projects ?? [];
  const allowedPermissions = (PERMISSIONS as readonly Permission[]).filter(
    (p) => ROLE_PERMISSIONS[role ?? 1].includes(p) && (own?.permissions ?? []).includes(p),
  );

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    const fields = {
      name: v.name,
      name_en: v.name_en ?? '',
      user_type: v.user_type,
      org_id: v.org_id,
      project_ids: v.user_type === 0 ? [] : v.project_ids,
      permissions: v.permissions,
      phone: v.phone ?? '',
      email: v.email ?? '',
    };
    try {
      if (mode?.kind === 'edit') {
        props.onSaved(await membersApi.update(mode.member.id, { ...fields, version: mode.member.version }));
      } else {
        const r = await membersApi.create({ ...fields, username: v.username, ...(v.password ? { password: v.password } : {}) });
        props.onSaved(r.member, r.password);
      }
    } catch (e) {
      const fe = toFieldError(e);
      if (fe.field && FIELDS.includes(fe.field)) form.setFields([{ name: fe.field as keyof Values, errors: [fe.message] }]);
      else setError(fe);
    } finally {
      setSaving(false);
    }
  };

  const required = [{ required: true, message: t('members.required') }];
  return (
    <Drawer
      open={mode !== null}
      title={t(mode?.kind === 'edit' ? 'members.drawer.edit' : 'members.drawer.create')}
      size={460}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('members.drawer.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="member-save">
            {t('members.drawer.save')}
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} data-testid="member-error" />}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="username" label={t('members.field.username')} rules={required}>
          <Input disabled={mode?.kind === 'edit'} autoComplete="off" data-testid="member-username" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="name" label={t('members.field.name')} rules={required} style={{ flex: 1, marginRight: 8 }}>
            <Input data-testid="member-name" />
          </Form.Item>
          <Form.Item name="name_en" label={t('members.field.name_en')} style={{ flex: 1 }}>
            <Input data-testid="member-name-en" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="user_type" label={t('members.field.user_type')} rules={required}>
          <Select
            data-testid="member-role"
            options={([0, 1, 2] as const)
              .filter((r) => r !== 0 || own?.userType === 0)
              .map((r) => ({ value: r, label: t(`members.role.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="org_id" label={t('members.field.org_id')} rules={required}>
          <Select
            data-testid="member-org"
            options={orgChoices.map((o) => ({ value: o.id, label: `${'\u3000'.repeat(o.depth)}${localName(o, lang)}` }))}
          />
        </Form.Item>
        {role === 0 ? (
          <Typography.Paragraph type="secondary">{t('members.field.centreProjects')}</Typography.Paragraph>
        ) : (
          <Form.Item name="project_ids" label={t('members.field.project_ids')} rules={required}>
            <Select
              mode="multiple"
              data-testid="member-projects"
              optionFilterProp="label"
              options={projects.map((p) => ({ value: p.id, label: localName(p, lang) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="permissions" label={t('members.field.permissions')} rules={required}>
          <Checkbox.Group
            data-testid="member-permissions"
            options={allowedPermissions.map((p) => ({ value: p, label: t(`members.permission.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="phone" label={t('members.field.phone')}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('members.field.email')}>
          <Input data-testid="member-email" />
        </Form.Item>
        {mode?.kind !== 'edit' && (
          <Form.Item name="password" label={t('members.field.password')} extra={t('members.field.passwordHint', { policy: passwordPolicyText(lang === 'en' ? 'en' : 'zh') })}>
            <Input.Password autoComplete="new-password" data-testid="member-password" />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}

/** The members the signed-in user manages, with filters, and the actions on each. */
export function MembersPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { message } = App.useApp();
  const allowed = useHasPermission('manageUsers');
  const ownId = useSession((s) => s.userInfo?.id);
  const [filter, setFilter] = useState<MemberFilter>({ page: 1, size: 20 });
  const [drawer, setDrawer] = useState<DrawerMode | null>(null);
  const [shown, setShown] = useState<{ member: Member; password: string } | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const members = useMembers(filter);
  const tree = useMemberOrgTree();
  const invalidate = useInvalidateMembers();
  const orgs = useMemo(() => orgOptions(tree.data ?? []), [tree.data]);
  const projectName = useMemo(() => {
    const m = new Map(orgs.flatMap((o) => o.projects).map((p) => [p.id, localName(p, lang)]));
    return (id: number) => m.get(id) ?? `#${id}`;
  }, [orgs, lang]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setRowError(null);
    try {
      await run();
      message.success(t(done));
    } catch (e) {
      setRowError(toFieldError(e).message);
    }
    await invalidate();
  };

  const actions: MemberActionHandlers = {
    edit: (m) => setDrawer({ kind: 'edit', member: m }),
    resetPassword: (m) => void act(async () => setShown(await membersApi.resetPassword(m.id)), 'members.action.saved'),
    setStatus: (m, enabled) => void act(() => membersApi.setStatus(m.id, enabled), enabled ? 'members.action.enabled' : 'members.action.disabled'),
    unlock: (m) => void act(() => membersApi.unlock(m.id), 'members.action.unlocked'),
  };

  if (!allowed) return <Alert type="warning" showIcon title={t('members.noPermission')} style={{ margin: 24 }} />;

  const columns: TableColumnsType<Member> = [
    { title: t('members.column.username'), dataIndex: 'username', width: 120 },
    { title: t('members.column.name'), key: 'name', width: 120, render: (_, m) => localName(m, lang) },
    { title: t('members.column.role'), key: 'role', width: 100, render: (_, m) => t(`members.role.${m.user_type}`) },
    { title: t('members.column.org'), key: 'org', width: 160, render: (_, m) => localName({ name: m.org_name, name_en: m.org_name_en }, lang) },
    {
      title: t('members.column.projects'),
      key: 'projects',
      width: 260,
      render: (_, m) =>
        m.user_type === 0 ? (
          <Typography.Text type="secondary">{t('members.allSites')}</Typography.Text>
        ) : (
          m.project_ids.map(projectName).join(lang.startsWith('en') ? ', ' : '、')
        ),
    },
    {
      title: t('members.column.permissions'),
      key: 'permissions',
      width: 200,
      render: (_, m) => m.permissions.map((p) => <Tag key={p}>{t(`members.permission.${p}`)}</Tag>),
    },
    {
      title: t('members.column.contact'),
      key: 'contact',
      width: 180,
      render: (_, m) => (
        <span>
          {m.phone}
          {m.phone && m.email ? <br /> : null}
          {m.email}
        </span>
      ),
    },
    {
      title: t('members.column.status'),
      key: 'status',
      width: 150,
      render: (_, m) => (
        <Space size={2} wrap>
          {m.enabled ? <Tag color="green">{t('members.status.active')}</Tag> : <Tag color="default">{t('members.status.disabled')}</Tag>}
          {m.locked && <Tag color="red">{t('members.status.locked')}</Tag>}
          {m.must_change_password && <Tag color="gold">{t('members.status.mustChange')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('members.column.actions'),
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_, m) => <MemberActions member={m} ownId={ownId} on={actions} />,
    },
  ];

  const statuses: MemberStatus[] = ['active', 'disabled', 'locked'];
  return (
    <div style={{ padding: 16 }} data-testid="members-page">
      <Typography.Paragraph type="secondary">{t('members.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('members.filter.role')}
          style={{ width: 140 }}
          value={filter.role}
          onChange={(role?: number) => setFilter({ ...filter, role, page: 1 })}
          options={[0, 1, 2].map((r) => ({ value: r, label: t(`members.role.${r}`) }))}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('members.filter.project')}
          style={{ width: 220 }}
          value={filter.project_id}
          onChange={(project_id?: number) => setFilter({ ...filter, project_id, page: 1 })}
          options={orgs.flatMap((o) => o.projects.filter((p) => p.org_id === o.id)).map((p) => ({ value: p.id, label: localName(p, lang) }))}
        />
        <Select
          allowClear
          placeholder={t('members.filter.status')}
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status?: MemberStatus) => setFilter({ ...filter, status, page: 1 })}
          options={statuses.map((s) => ({ value: s, label: t(`members.status.${s}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('members.filter.keyword')}
          style={{ width: 260 }}
          onSearch={(keyword) => setFilter({ ...filter, keyword: keyword || undefined, page: 1 })}
        />
        <Button type="primary" disabled={!tree.data} onClick={() => setDrawer({ kind: 'create' })} data-testid="member-invite">
          {t('members.invite')}
        </Button>
      </Space>
      {rowError && <Alert type="error" showIcon closable title={rowError} style={{ marginBottom: 12 }} onClose={() => setRowError(null)} />}
      {members.error ? <Alert type="error" showIcon title={toFieldError(members.error).message} /> : null}
      <Table<Member>
        rowKey="id"
        size="small"
        loading={members.isLoading}
        columns={columns}
        dataSource={members.data?.list ?? []}
        scroll={{ x: 1400 }}
        pagination={{
          current: filter.page ?? 1,
          pageSize: filter.size ?? 20,
          total: members.data?.total ?? 0,
          onChange: (page, size) => setFilter({ ...filter, page, size }),
        }}
      />
      <MemberDrawer
        mode={drawer}
        orgs={orgs}
        onClose={() => setDrawer(null)}
        onSaved={(m, password) => {
          setDrawer(null);
          message.success(t('members.action.saved'));
          if (password) setShown({ member: m, password });
          void invalidate();
        }}
      />
      <Modal
        open={shown !== null}
        title={t('members.password.title')}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Button type="primary" onClick={() => setShown(null)} data-testid="member-password-close">
            {t('members.password.close')}
          </Button>
        }
      >
        {shown && (
          <>
            <Typography.Paragraph>
              {t('members.password.body', { name: localName(shown.member, lang), username: shown.member.username })}
            </Typography.Paragraph>
            <Typography.Paragraph copyable code style={{ fontSize: 18 }} data-testid="member-shown-password">
              {shown.password}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </div>
  );
}
