import { DICTIONARY_KIND_OPEN, DICTIONARY_KINDS, builtinEntry, type DictionaryEntry, type DictionaryKind, type DictionaryView } from '@gridops/contract';
import { Alert, App, Button, Form, Input, Modal, Space, Switch, Table, Tabs, Tag, TreeSelect, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { localName } from '../../shared/ui/localName';
import { dictionaryCalls, refusal, useDictionaryView, useInvalidateDictionary } from './api';

type Editing = { mode: 'edit'; entry: DictionaryEntry } | { mode: 'add'; kind: DictionaryKind } | null;
interface EntryValues {
  key: string;
  zh: string;
  en: string;
  enabled: boolean;
}
type OrgRow = DictionaryView['orgs'][number];
interface OrgTreeNode {
  value: number;
  title: string;
  children: OrgTreeNode[];
}

function orgTree(orgs: OrgRow[], lang: string): OrgTreeNode[] {
  const ids = new Set(orgs.map((o) => o.id));
  const node = (o: OrgRow): OrgTreeNode => ({ value: o.id, title: localName(o, lang), children: orgs.filter((c) => c.parent_id === o.id).map(node) });
  return orgs.filter((o) => o.parent_id === null || !ids.has(o.parent_id)).map(node);
}

function EntryModal({ orgId, editing, onClose }: { orgId: number; editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidateDictionary();
  const [form] = Form.useForm<EntryValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!editing) return null;
  const kind = editing.mode === 'edit' ? editing.entry.kind : editing.kind;
  const submit = async () => {
    let v: EntryValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      if (editing.mode === 'edit') {
        const e = editing.entry;
        await dictionaryCalls.update({ org_id: orgId, kind, key: e.key, zh: v.zh.trim(), en: v.en.trim(), enabled: DICTIONARY_KIND_OPEN[kind] ? v.enabled : true, version: e.version });
      } else {
        await dictionaryCalls.create({ org_id: orgId, kind, key: v.key.trim(), zh: v.zh.trim(), en: v.en.trim() });
      }
      void message.success(t('dictionary.saved'));
      await invalidate();
      onClose();
    } catch (err) {
      const r = refusal(err);
      if (r.field && ['key', 'zh', 'en', 'enabled'].includes(r.field)) form.setFields([{ name: r.field as keyof EntryValues, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setSaving(false);
    }
  };
  const initial: EntryValues =
    editing.mode === 'edit' ? { key: editing.entry.key, zh: editing.entry.zh, en: editing.entry.en, enabled: editing.entry.enabled } : { key: '', zh: '', en: '', enabled: true };
  const required = [{ required: true, whitespace: true, message: t('dictionary.required') }];
  return (
    <Modal
      open
      destroyOnHidden
      title={editing.mode === 'edit' ? t('dictionary.editTitle', { kind: t(`dictionary.kind.${kind}`), key: editing.entry.key }) : t('dictionary.addTitle', { kind: t(`dictionary.kind.${kind}`) })}
      okText={t('dictionary.save')}
      cancelText={t('dictionary.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'dictionary-save' }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} name="dictionary-entry" layout="vertical" initialValues={initial} preserve={false}>
        {editing.mode === 'add' && (
          <Form.Item name="key" label={t('dictionary.key')} extra={t('dictionary.keyHint')} rules={[...required, { pattern: /^[a-z][a-z0-9_]{1,31}$/, message: t('dictionary.keyHint') }]}>
            <Input maxLength={32} data-testid="dictionary-key" />
          </Form.Item>
        )}
        <Form.Item name="zh" label={t('dictionary.zh')} rules={required}>
          <Input maxLength={40} data-testid="dictionary-zh" />
        </Form.Item>
        <Form.Item name="en" label={t('dictionary.en')} rules={required}>
          <Input maxLength={40} data-testid="dictionary-en" />
        </Form.Item>
        {editing.mode === 'edit' && DICTIONARY_KIND_OPEN[kind] && (
          <Form.Item name="enabled" label={t('dictionary.enabled')} valuePropName="checked">
            <Switch data-testid="dictionary-enabled" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function KindTable({ view, kind, onEdit }: { view: DictionaryView; kind: DictionaryKind; onEdit: (e: Editing) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const invalidate = useInvalidateDictionary();
  const open = DICTIONARY_KIND_OPEN[kind];
  const orgName = (id: number | null) => {
    const o = view.path.find((x) => x.id === id) ?? view.orgs.find((x) => x.id === id);
    return o ? localName(o, lang) : `#${id ?? ''}`;
  };
  const rows = view.entries.filter((e) => e.kind === kind);
  const columns: TableColumnsType<DictionaryEntry> = [
    { title: t('dictionary.key'), dataIndex: 'key', width: 130 },
    // The Chinese name is data for Chinese readers, also in the English console (marked as such, like "中文" in the language switch).
    {
      title: t('dictionary.zh'),
      dataIndex: 'zh',
      render: (v: string, e) => (
        <span lang="zh" data-endonym="" data-testid={`dict-zh-${e.kind}-${e.key}`}>
          {v}
        </span>
      ),
    },
    { title: t('dictionary.en'), dataIndex: 'en', render: (v: string, e) => <span data-testid={`dict-en-${e.kind}-${e.key}`}>{v}</span> },
    {
      title: t('dictionary.builtin'),
      key: 'builtin',
      render: (_, e) => {
        const b = builtinEntry(e.kind, e.key);
        return b ? <Typography.Text type="secondary">{lang === 'en' ? b.en : b.zh}</Typography.Text> : <Tag>{t('dictionary.custom')}</Tag>;
      },
    },
    {
      title: t('dictionary.source'),
      key: 'source',
      width: 180,
      render: (_, e) =>
        e.source === 'own' ? (
          <Tag color="blue">{t('dictionary.sourceOwn')}</Tag>
        ) : e.source === 'inherited' ? (
          <Tag color="purple">{t('dictionary.sourceInherited', { org: orgName(e.from_org_id) })}</Tag>
        ) : (
          <Tag>{t('dictionary.sourceBuiltin')}</Tag>
        ),
    },
    ...(open
      ? [{ title: t('dictionary.status'), key: 'enabled', width: 90, render: (_: unknown, e: DictionaryEntry) => <Tag color={e.enabled ? 'green' : 'default'}>{t(e.enabled ? 'dictionary.on' : 'dictionary.off')}</Tag> }]
      : []),
    ...(view.editable
      ? [
          {
            title: t('dictionary.actions'),
            key: 'actions',
            width: 190,
            render: (_: unknown, e: DictionaryEntry) => (
              <Space size={4}>
                <Button size="small" onClick={() => onEdit({ mode: 'edit', entry: e })} data-testid={`dict-edit-${e.kind}-${e.key}`}>
                  {t('dictionary.edit')}
                </Button>
                {e.source === 'own' && e.added_by_org_id !== view.org_id && (
                  <ConfirmAction
                    title={t('dictionary.confirmReset', { name: lang === 'en' ? e.en : e.zh })}
                    okText={t('dictionary.reset')}
                    label={t('dictionary.reset')}
                    run={() => dictionaryCalls.reset({ org_id: view.org_id, kind: e.kind, key: e.key, version: e.version })}
                    done={t('dictionary.resetDone')}
                    failure={(err) => refusal(err).message}
                    settle={invalidate}
                    button={{ 'data-testid': `dict-reset-${e.kind}-${e.key}` }}
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t(open ? 'dictionary.openHint' : 'dictionary.closedHint')}</Typography.Text>
        {open && view.editable && (
          <Button onClick={() => onEdit({ mode: 'add', kind })} data-testid={`dict-add-${kind}`}>
            {t('dictionary.add')}
          </Button>
        )}
      </Space>
      <Table rowKey={(e) => `${e.kind}:${e.key}`} size="small" pagination={false} columns={columns} dataSource={rows} data-testid={`dict-table-${kind}`} />
    </Space>
  );
}

/**
 * /CentreUser/CentreDataDictionarySet and /UserCenter/DataDictionarySet (docs/dictionary.md): the names of
 * device kinds, event types, alarm levels, inspection and defect categories per organisation.
 */
export function DataDictionaryPage() {
  const { t, i18n } = useTranslation();
  const [orgId, setOrgId] = useState<number | null>(null);
  const [kind, setKind] = useState<DictionaryKind>('alarmLevel');
  const [editing, setEditing] = useState<Editing>(null);
  const view = useDictionaryView(orgId);
  const tree = useMemo(() => orgTree(view.data?.orgs ?? [], i18n.language), [view.data?.orgs, i18n.language]);
  const data = view.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="dictionary-page">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('dictionary.intro')}
      </Typography.Paragraph>
      {view.error && <Alert type="error" showIcon title={refusal(view.error).message} />}
      {data && (
        <>
          {!data.editable && <Alert type="info" showIcon title={t('dictionary.readOnly')} />}
          {data.editable && data.orgs.length > 1 && (
            <Space>
              <Typography.Text>{t('dictionary.org')}</Typography.Text>
              <TreeSelect
                style={{ width: 300 }}
                treeData={tree}
                treeDefaultExpandAll
                value={data.org_id}
                onChange={(v: number) => setOrgId(v)}
                data-testid="dictionary-org"
              />
            </Space>
          )}
          <Tabs
            activeKey={kind}
            onChange={(k) => setKind(k as DictionaryKind)}
            items={DICTIONARY_KINDS.map((k) => ({ key: k, label: t(`dictionary.kind.${k}`), children: <KindTable view={data} kind={k} onEdit={setEditing} /> }))}
          />
          <EntryModal key={editing ? (editing.mode === 'edit' ? `${editing.entry.kind}:${editing.entry.key}` : `add:${editing.kind}`) : 'none'} orgId={data.org_id} editing={editing} onClose={() => setEditing(null)} />
        </>
      )}
    </Space>
  );
}
