import { FACE_PERSON_KINDS, type FaceGroup, type FacePerson, type FacePersonKind } from '@gridops/contract';
import { Col, DatePicker, Form, Input, Row, Select, Switch, Tag } from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '@gridops/format';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { ListFormPage, listQueryProps } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { faceWrites, useFaceGroups, useFacePeople, useSettleFace } from './api';
import { FaceThumb, PhotoField } from './PhotoField';
import { SyncCell, SyncDrawer } from './SyncStatus';

interface PersonValues {
  name: string;
  name_en: string;
  kind: FacePersonKind;
  company: string;
  phone: string;
  group_id: number | null;
  valid_from: Dayjs | null;
  valid_until: Dayjs | null;
  enabled: boolean;
  photo?: string;
  /** The person being edited (shows the current photo); not sent. */
  existing?: { id: number; version: number } | null;
}

/** The photo control, showing the current photo of the person being edited (watched from the form). */
function PersonPhoto({ form, value, onChange }: { form: FormInstance<PersonValues>; value?: string; onChange?: (v: string | undefined) => void }) {
  const existing = Form.useWatch('existing', form) ?? null;
  return <PhotoField value={value} onChange={onChange} existing={existing} />;
}
const day = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);

/** Enabled, disabled, expired or not yet valid, judged on the site's calendar. */
export function personStatus(p: Pick<FacePerson, 'enabled' | 'valid_from' | 'valid_until'>, today: string): 'enabled' | 'disabled' | 'expired' | 'notYet' {
  if (!p.enabled) return 'disabled';
  if (p.valid_until && p.valid_until < today) return 'expired';
  if (p.valid_from && p.valid_from > today) return 'notYet';
  return 'enabled';
}
const STATUS_COLOUR = { enabled: 'green', disabled: 'default', expired: 'red', notYet: 'orange' } as const;

export function PeopleTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useFacePeople(projectId);
  const groups = useFaceGroups(projectId);
  const settle = useSettleFace();
  const zone = useDisplayZone();
  // The page's moment of opening: the status of a validity period on the site's calendar.
  const [openedAt] = useState(() => Date.now());
  const [syncOf, setSyncOf] = useState<FacePerson | null>(null);
  const today = formatInZone(openedAt, zone, 'YYYY-MM-DD');
  const groupName = (id: number | null) => {
    const g = groups.data?.items.find((x: FaceGroup) => x.id === id);
    return g ? localName(g, lang) : t('face.none');
  };
  const columns: TableColumnsType<FacePerson> = [
    { title: t('face.people.thumb'), key: 'thumb', width: 64, render: (_, p) => <FaceThumb id={p.id} version={p.version} hasPhoto={p.has_photo} /> },
    { title: t('face.name'), key: 'name', render: (_, p) => <span data-testid={`face-person-${p.id}`}>{localName(p, lang)}</span> },
    { title: t('face.people.kind'), key: 'kind', render: (_, p) => t(`face.people.kinds.${p.kind}`) },
    { title: t('face.people.company'), dataIndex: 'company', key: 'company' },
    { title: t('face.people.group'), key: 'group', render: (_, p) => groupName(p.group_id) },
    { title: t('face.people.validity'), key: 'validity', render: (_, p) => (p.valid_from || p.valid_until ? `${p.valid_from ?? '…'} – ${p.valid_until ?? t('face.people.always')}` : t('face.people.always')) },
    {
      title: t('face.people.status'),
      key: 'status',
      render: (_, p) => {
        const s = personStatus(p, today);
        return <Tag color={STATUS_COLOUR[s]}>{t(`face.people.${s}`)}</Tag>;
      },
    },
    { title: t('face.sync.title'), key: 'sync', render: (_, p) => <SyncCell person={p} onOpen={setSyncOf} /> },
  ];
  const required = (field: string) => ({ required: true, whitespace: true, message: t('face.required', { field }) });
  return (
    <>
    <SyncDrawer projectId={projectId} person={syncOf} onClose={() => setSyncOf(null)} />
    <ListFormPage<FacePerson, PersonValues>
      testId="face-people"
      look={SETUP_QUERY}
      intro={t('face.people.intro')}
      {...listQueryProps(q)}
      columns={columns}
      canEdit={useCanConfigure()}
      text={{ add: t('face.people.add'), addTitle: t('face.people.addTitle'), editTitle: t('face.people.editTitle'), readOnly: t('face.readOnly'), saved: t('face.saved'), deleted: t('face.deleted'), deleteTitle: (p) => t('face.confirmDelete', { name: localName(p, lang) }) }}
      initialValues={(p) =>
        p
          ? { name: p.name, name_en: p.name_en, kind: p.kind, company: p.company, phone: p.phone, group_id: p.group_id, valid_from: p.valid_from ? dayjs(p.valid_from) : null, valid_until: p.valid_until ? dayjs(p.valid_until) : null, enabled: p.enabled, existing: p.has_photo ? { id: p.id, version: p.version } : null }
          : { name: '', name_en: '', kind: 'staff', company: '', phone: '', group_id: null, valid_from: null, valid_until: null, enabled: true }
      }
      width={640}
      fields={(form) => (
        <>
          <Form.Item name="existing" hidden />
          <Form.Item
            name="photo"
            label={t('face.people.photo')}
            required
            rules={[{ validator: async (_, v) => (v || form.getFieldValue('existing') ? undefined : Promise.reject(new Error(t('face.people.photoRequired')))) }]}
          >
            <PersonPhoto form={form} />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="name" label={t('face.name')} rules={[required(t('face.name')), { max: 64 }]}>
                <Input maxLength={64} data-testid="face-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name_en" label={t('face.nameEn')} rules={[required(t('face.nameEn')), { max: 64 }]}>
                <Input maxLength={64} data-testid="face-name-en" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="kind" label={t('face.people.kind')}>
                <Select options={FACE_PERSON_KINDS.map((k) => ({ value: k, label: t(`face.people.kinds.${k}`) }))} data-testid="face-kind" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="group_id" label={t('face.people.group')}>
                <Select allowClear options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: localName(g, lang) }))} onClear={() => form.setFieldValue('group_id', null)} data-testid="face-group" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="company" label={t('face.people.company')} rules={[{ max: 100 }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="phone" label={t('face.people.phone')} rules={[{ pattern: /^[0-9+\- ]{0,20}$/ }]}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item name="valid_from" label={t('face.people.validFrom')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item name="valid_until" label={t('face.people.validUntil')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="enabled" label={t('face.people.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      save={(v, p) => {
        const body = { name: v.name, name_en: v.name_en, kind: v.kind, company: v.company ?? '', phone: v.phone ?? '', group_id: v.group_id ?? null, valid_from: day(v.valid_from), valid_until: day(v.valid_until), enabled: v.enabled };
        return p ? faceWrites.updatePerson({ ...body, id: p.id, version: p.version, ...(v.photo ? { photo: v.photo } : {}) }) : faceWrites.createPerson({ ...body, project_id: projectId, photo: v.photo ?? '' });
      }}
      remove={(p) => faceWrites.removePerson(p.id, p.version)}
      settle={settle}
    />
    </>
  );
}
