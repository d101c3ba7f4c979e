import { SPECIALITIES, type Expert, type Speciality } from '@gridops/contract';
import { Alert, App, Button, Descriptions, Drawer, Form, Image, Input, Popconfirm, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { localName, localText } from '../../shared/ui/localName';
import { expertsApi, refusal, useCertificatePhoto, useExperts, useInvalidateExperts, useInviteCode, type ExpertFilter } from './api';
import { certName, ExpiryTag, fieldPath, specialityName } from './shared';

function CertificatePhoto({ certId }: { certId: number }) {
  const { t } = useTranslation();
  const photo = useCertificatePhoto(certId);
  if (!photo.data) return null;
  return <Image width={240} alt={t('experts.photoAlt')} src={`data:${photo.data.photo_type};base64,${photo.data.photo}`} data-testid="expert-cert-photo" />;
}

/** One expert: details, certificates with photos; in review mode approve or reject (reason required). */
function ExpertDrawer(props: { expert: Expert | null; review: boolean; canManage: boolean; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string; name: string; name_en: string; phone: string; region: string; region_en: string; specialities: Speciality[] }>();
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const e = props.expert;
  const close = () => {
    setError(null);
    setEditing(false);
    form.resetFields();
    props.onClose();
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      void message.success(t(done));
      props.onDone();
      close();
    } catch (err) {
      const r = refusal(err);
      setError(r.message);
      if (r.field) form.setFields([{ name: fieldPath(r.field), errors: [r.message] }]);
    }
  };
  const reject = async () => {
    if (!e) return;
    const reason = (form.getFieldValue('reason') as string | undefined) ?? '';
    if (!reason.trim()) {
      form.setFields([{ name: 'reason', errors: [t('experts.required')] }]);
      return;
    }
    await run(() => expertsApi.review(e.id, 'reject', reason), 'experts.review.rejected');
  };
  const save = async () => {
    if (!e) return;
    const v = await form.validateFields(['name', 'name_en', 'phone', 'region', 'region_en', 'specialities']);
    await run(() => expertsApi.update(e.id, { ...v, name_en: v.name_en ?? '', region_en: v.region_en ?? '', version: e.version }), 'experts.action.saved');
  };
  return (
    <Drawer open={e !== null} size={520} title={t(props.review ? 'experts.review.title' : 'experts.library.detail')} onClose={close} destroyOnHidden data-testid="expert-drawer">
      {e && (
        <>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="expert-error" />}
          <Form form={form} layout="vertical" requiredMark={false} initialValues={{ name: e.name, name_en: e.name_en, phone: e.phone, region: e.region, region_en: e.region_en, specialities: e.specialities }}>
            {editing ? (
              <>
                <Form.Item name="name" label={t('experts.field.name')} rules={[{ required: true, message: t('experts.required') }]}>
                  <Input />
                </Form.Item>
                <Form.Item name="name_en" label={t('experts.field.name_en')}>
                  <Input />
                </Form.Item>
                <Form.Item name="phone" label={t('experts.field.phone')} rules={[{ required: true, message: t('experts.required') }]}>
                  <Input />
                </Form.Item>
                <Form.Item name="region" label={t('experts.field.region')} rules={[{ required: true, message: t('experts.required') }]}>
                  <Input data-testid="expert-edit-region" />
                </Form.Item>
                <Form.Item name="region_en" label={t('experts.field.region_en')}>
                  <Input data-testid="expert-edit-region-en" />
                </Form.Item>
                <Form.Item name="specialities" label={t('experts.field.specialities')} rules={[{ required: true, message: t('experts.required') }]}>
                  <Select mode="multiple" options={SPECIALITIES.map((s) => ({ value: s, label: specialityName(s, lang) }))} />
                </Form.Item>
                <Space>
                  <Button type="primary" onClick={() => void save()} data-testid="expert-save">
                    {t('experts.action.save')}
                  </Button>
                  <Button onClick={() => setEditing(false)}>{t('experts.action.cancel')}</Button>
                </Space>
              </>
            ) : (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('experts.field.name')}>{localName(e, lang)}</Descriptions.Item>
                <Descriptions.Item label={t('experts.field.phone')}>{e.phone}</Descriptions.Item>
                <Descriptions.Item label={t('experts.column.region')}>{localText(e.region, e.region_en, lang)}</Descriptions.Item>
                <Descriptions.Item label={t('experts.field.specialities')}>
                  {e.specialities.map((s) => (
                    <Tag key={s}>{specialityName(s, lang)}</Tag>
                  ))}
                </Descriptions.Item>
                <Descriptions.Item label={t('experts.column.status')}>{t(`experts.status.${e.status}`)}</Descriptions.Item>
                {e.reject_reason ? <Descriptions.Item label={t('experts.rejectReason')}>{e.reject_reason}</Descriptions.Item> : null}
                {e.reviewed_by ? <Descriptions.Item label={t('experts.reviewer')}>{e.reviewed_by}</Descriptions.Item> : null}
              </Descriptions>
            )}
            {e.certificates.map((c) => (
              <div key={c.id} style={{ marginTop: 16 }} data-testid="expert-certificate">
                <Typography.Text strong>{certName(c.cert_type, lang)}</Typography.Text> <ExpiryTag cert={c} />
                <div>
                  {t('experts.field.number')}: {c.number} · {t('experts.field.issued_on')}: {c.issued_on} · {t('experts.field.expires_on')}: {c.expires_on}
                </div>
                <CertificatePhoto certId={c.id} />
              </div>
            ))}
            {props.review && e.status === 'pending' && (
              <div style={{ marginTop: 16 }}>
                <Form.Item name="reason" label={t('experts.field.reason')}>
                  <Input.TextArea rows={2} maxLength={200} data-testid="expert-reject-reason" />
                </Form.Item>
                <Space>
                  <Button type="primary" onClick={() => void run(() => expertsApi.review(e.id, 'approve', ''), 'experts.review.approved')} data-testid="expert-approve">
                    {t('experts.review.approve')}
                  </Button>
                  <Button danger onClick={() => void reject()} data-testid="expert-reject">
                    {t('experts.review.reject')}
                  </Button>
                </Space>
              </div>
            )}
            {!props.review && props.canManage && !editing && (
              <Space style={{ marginTop: 16 }}>
                <Button onClick={() => setEditing(true)} data-testid="expert-edit">
                  {t('experts.action.edit')}
                </Button>
                {e.enabled ? (
                  <Popconfirm title={t('experts.action.confirmDisable', { name: localName(e, lang) })} onConfirm={() => run(() => expertsApi.setStatus(e.id, false), 'experts.action.saved')}>
                    <Button danger>{t('experts.action.disable')}</Button>
                  </Popconfirm>
                ) : (
                  <Button onClick={() => void run(() => expertsApi.setStatus(e.id, true), 'experts.action.saved')}>{t('experts.action.enable')}</Button>
                )}
              </Space>
            )}
          </Form>
        </>
      )}
    </Drawer>
  );
}

/**
 * The expert library (/WorkerManage, /CentreUser/CentreElecManage, /UserCenter/ElecManage) or the registration
 * review (/WorkerProcess).
 */
export function ExpertsPage({ mode }: { mode: 'library' | 'review' }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // Reviewing and editing experts is a centre user's (site users read the library of their organisations).
  const canManage = useSession((s) => s.userInfo?.userType === 0 && s.userInfo.permissions?.includes('manageUsers') === true);
  const [filter, setFilter] = useState<ExpertFilter>({ status: mode === 'review' ? 'pending' : 'approved', page: 1, size: 20 });
  const [open, setOpen] = useState<Expert | null>(null);
  const experts = useExperts(filter);
  const invite = useInviteCode(mode === 'review' && canManage);
  const invalidate = useInvalidateExperts();

  if (mode === 'review' && !canManage) return <Alert type="warning" showIcon title={t('experts.noPermission')} style={{ margin: 24 }} />;

  const columns: TableColumnsType<Expert> = [
    { title: t('experts.column.name'), key: 'name', width: 140, render: (_, e) => localName(e, lang) },
    { title: t('experts.column.phone'), dataIndex: 'phone', width: 150 },
    { title: t('experts.column.region'), key: 'region', width: 120, render: (_, e) => <span data-testid="expert-region-cell">{localText(e.region, e.region_en, lang)}</span> },
    {
      title: t('experts.column.specialities'),
      key: 'specialities',
      width: 220,
      render: (_, e) => e.specialities.map((s) => <Tag key={s}>{specialityName(s, lang)}</Tag>),
    },
    {
      title: t('experts.column.certificates'),
      key: 'certificates',
      width: 280,
      render: (_, e) => (
        <Space direction="vertical" size={2}>
          {e.certificates.map((c) => (
            <span key={c.id}>
              {certName(c.cert_type, lang)} <ExpiryTag cert={c} />
            </span>
          ))}
        </Space>
      ),
    },
    mode === 'review'
      ? { title: t('experts.column.submitted'), key: 'submitted', width: 160, render: (_, e) => e.created_at.slice(0, 16).replace('T', ' ') }
      : {
          title: t('experts.column.status'),
          key: 'status',
          width: 100,
          render: (_, e) => (e.enabled ? <Tag color="green">{t('experts.status.enabled')}</Tag> : <Tag>{t('experts.status.disabled')}</Tag>),
        },
    {
      title: t('experts.column.actions'),
      key: 'actions',
      width: 90,
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => setOpen(e)} data-testid={`expert-open-${e.id}`}>
          {t(mode === 'review' ? 'experts.review.open' : 'experts.action.view')}
        </Button>
      ),
    },
  ];

  return (
    <div style={{ padding: 16 }} data-testid={mode === 'review' ? 'expert-review-page' : 'expert-library-page'}>
      <Typography.Paragraph type="secondary">{t(mode === 'review' ? 'experts.review.intro' : 'experts.library.intro')}</Typography.Paragraph>
      {mode === 'review' && invite.data && (
        <Typography.Paragraph>
          {t('experts.review.inviteCode')}
          <Typography.Text code copyable data-testid="expert-invite">
            {invite.data.code}
          </Typography.Text>
        </Typography.Paragraph>
      )}
      {mode === 'library' && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            allowClear
            placeholder={t('experts.field.specialities')}
            style={{ width: 180 }}
            value={filter.speciality}
            onChange={(speciality?: Speciality) => setFilter({ ...filter, speciality, page: 1 })}
            options={SPECIALITIES.map((s) => ({ value: s, label: specialityName(s, lang) }))}
            data-testid="expert-filter-speciality"
          />
          <Input.Search allowClear placeholder={t('experts.column.region')} style={{ width: 160 }} onSearch={(region) => setFilter({ ...filter, region: region || undefined, page: 1 })} />
          <Input.Search allowClear placeholder={t('experts.library.keyword')} style={{ width: 200 }} onSearch={(keyword) => setFilter({ ...filter, keyword: keyword || undefined, page: 1 })} />
          <Space size={4}>
            <Switch size="small" checked={filter.expiring === 'true'} onChange={(on) => setFilter({ ...filter, expiring: on ? 'true' : undefined, page: 1 })} />
            {t('experts.library.expiring')}
          </Space>
        </Space>
      )}
      {experts.error && <Alert type="error" showIcon title={refusal(experts.error).message} style={{ marginBottom: 12 }} />}
      <Table<Expert>
        rowKey="id"
        size="small"
        loading={experts.isLoading}
        columns={columns}
        dataSource={experts.data?.list ?? []}
        scroll={{ x: 1000 }}
        locale={mode === 'review' ? { emptyText: t('experts.review.empty') } : undefined}
        pagination={{
          current: filter.page ?? 1,
          pageSize: filter.size ?? 20,
          total: experts.data?.total ?? 0,
          onChange: (page, size) => setFilter({ ...filter, page, size }),
        }}
      />
      <ExpertDrawer expert={open} review={mode === 'review'} canManage={canManage} onClose={() => setOpen(null)} onDone={() => void invalidate()} />
    </div>
  );
}

export const ExpertLibraryPage = () => <ExpertsPage mode="library" />;
export const ExpertReviewPage = () => <ExpertsPage mode="review" />;
