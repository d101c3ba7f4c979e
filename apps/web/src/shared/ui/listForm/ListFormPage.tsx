import { Alert, App, Button, Form, Modal, Space, Table, Tag } from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { ConfirmAction } from '../ConfirmAction';
import { QueryState, type QueryLook } from '../QueryState';

/** A server refusal as an editor shows it: the message in the user's language and the field it names. */
export function refusalOf(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}

/** "schedule.1.start" → ['schedule', 1, 'start']: the antd form path of a field the server names. */
export const fieldPath = (field: string): (string | number)[] => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The list's part of ListFormPage's props, from the query that reads it (every list + form page has one). */
export function listQueryProps<T>(q: { data?: { items: T[] } | undefined; isPending: boolean; error: unknown; refetch: () => unknown }) {
  return { items: q.data?.items, loading: q.isPending, error: q.error, onRetry: () => void q.refetch() };
}

export interface ListFormPageProps<T extends { id: number; version: number }, V extends object> {
  testId: string;
  look: QueryLook;
  intro: ReactNode;
  items: T[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  columns: TableColumnsType<T>;
  canEdit: boolean;
  text: { add: string; addTitle: string; editTitle: string; readOnly: string; saved: string; deleted: string; deleteTitle: (item: T) => string };
  /** The form's values for a new entry (null) or an existing one. */
  initialValues: (item: T | null) => V;
  /** The form's items (antd Form.Item / Form.List); `form` for fields that depend on each other. */
  fields: (form: FormInstance<V>) => ReactNode;
  save: (values: V, item: T | null) => Promise<unknown>;
  /** Absent: the rows are given (one per site, say) and can only be edited — no add, no delete. */
  remove?: (item: T) => Promise<unknown>;
  /** Re-reads the list after any write, refused or not. */
  settle: () => Promise<unknown>;
  /** Modal width for forms with tables inside (schedules, curves). */
  width?: number;
}

/**
 * The list + form skeleton of configuration pages: an intro, "add" (or a read-only tag), the table with edit and
 * delete per row, and a modal form whose server refusals appear on the field they name (and above the form).
 */
export function ListFormPage<T extends { id: number; version: number }, V extends object>(p: ListFormPageProps<T, V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const remove = p.remove;

  const open = (item: T | 'new') => {
    setRefusal(null);
    setEditing(item);
    form.resetFields();
    form.setFieldsValue(p.initialValues(item === 'new' ? null : item) as Parameters<typeof form.setFieldsValue>[0]);
  };

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      await p.save(values, editing === 'new' || editing === null ? null : editing);
      setEditing(null);
      message.success(p.text.saved);
    } catch (e) {
      const r = refusalOf(e);
      setRefusal(r.message);
      if (r.field) form.setFields([{ name: fieldPath(r.field) as never, errors: [r.message] }]);
    } finally {
      setSaving(false);
      await p.settle();
    }
  };

  const columns: TableColumnsType<T> = [
    ...p.columns,
    ...(p.canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 150,
            render: (_: unknown, item: T) => (
              <Space>
                <Button size="small" onClick={() => open(item)} data-testid={`${p.testId}-edit-${item.id}`}>
                  {t('common.edit')}
                </Button>
                {remove && (
                  <ConfirmAction
                    title={p.text.deleteTitle(item)}
                    okText={t('common.delete')}
                    label={t('common.delete')}
                    run={() => remove(item)}
                    done={p.text.deleted}
                    failure={(e) => refusalOf(e).message}
                    settle={p.settle}
                    button={{ 'data-testid': `${p.testId}-delete-${item.id}` }}
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid={p.testId}>
      <Alert type="info" showIcon title={p.intro} />
      {p.canEdit ? (
        remove && (
          <Button type="primary" onClick={() => open('new')} style={{ alignSelf: 'flex-start' }} data-testid={`${p.testId}-add`}>
            {p.text.add}
          </Button>
        )
      ) : (
        <Tag data-testid="read-only">{p.text.readOnly}</Tag>
      )}
      <QueryState look={p.look} loading={p.loading} error={p.error} onRetry={p.onRetry}>
        <Table<T> rowKey="id" size="small" columns={columns} dataSource={p.items ?? []} pagination={false} scroll={{ x: 800 }} />
      </QueryState>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? p.text.addTitle : p.text.editTitle}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: saving, 'data-testid': `${p.testId}-save` }}
        width={p.width ?? 560}
        forceRender
      >
        {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid={`${p.testId}-refusal`} /> : null}
        <Form form={form} layout="vertical" name={`${p.testId}-form`}>
          {p.fields(form)}
        </Form>
      </Modal>
    </Space>
  );
}
