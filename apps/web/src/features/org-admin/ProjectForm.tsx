import { ENERGY_TYPES, type AdminOrg, type AdminProject, type ProjectFields, type RoomView } from '@gridops/contract';
import { DEFAULT_SITE_ZONE } from '@gridops/format';
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, InputNumber, List, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localName } from '../../shared/ui/localName';
import { adminApi, timeZones, toAdminError, useInvalidateAdmin, type AdminError } from './api';
import { LocationPreview, type PreviewPoint } from './LocationPreview';

/** Leaflet and the country outlines load with the form's map only (their own chunk). */
const LocationMap = lazy(() => import('./LocationMap'));

type Values = Omit<ProjectFields, 'area_m2'>;

const NUMBER_FIELDS = ['capacity_kva', 'pv_capacity_kw', 'storage_capacity_kwh', 'storage_power_kw', 'charger_count', 'charger_power_kw'] as const;

const blank: Values = {
  org_id: 0,
  name: '',
  name_en: '',
  address: '',
  address_en: '',
  city: '',
  city_en: '',
  latitude: 31.23,
  longitude: 121.47,
  timezone: DEFAULT_SITE_ZONE,
  energy_types: ['power'],
  capacity_kva: 0,
  pv_capacity_kw: 0,
  storage_capacity_kwh: 0,
  storage_power_kw: 0,
  charger_count: 0,
  charger_power_kw: 0,
};

const pickValues = (p: AdminProject): Values => ({
  org_id: p.org_id,
  name: p.name,
  name_en: p.name_en,
  address: p.address,
  address_en: p.address_en,
  city: p.city,
  city_en: p.city_en,
  latitude: p.latitude,
  longitude: p.longitude,
  timezone: p.timezone,
  energy_types: p.energy_types,
  capacity_kva: p.capacity_kva,
  pv_capacity_kw: p.pv_capacity_kw,
  storage_capacity_kwh: p.storage_capacity_kwh,
  storage_power_kw: p.storage_power_kw,
  charger_count: p.charger_count,
  charger_power_kw: p.charger_power_kw,
});

/**
 * The project (station) form: names, addresses, coordinates picked on an offline map (or typed), IANA time zone, energy
 * types, capacities and rooms. Server refusals appear next to the field they name and above the form.
 */
export function ProjectForm(props: {
  project: AdminProject | null;
  orgs: AdminOrg[];
  /** Centre users choose the organisation; a site user's station keeps its own. */
  orgEditable: boolean;
  canEdit: boolean;
  others: PreviewPoint[];
  onSaved: (p: AdminProject) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<AdminError | null>(null);
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidateAdmin();
  const { project } = props;
  const lat = Form.useWatch('latitude', form);
  const lng = Form.useWatch('longitude', form);
  const point = typeof lat === 'number' && typeof lng === 'number' ? { latitude: lat, longitude: lng } : null;
  const others = useMemo(() => props.others.filter((o) => o.id !== project?.id), [props.others, project?.id]);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(project ? pickValues(project) : { ...blank, org_id: props.orgs.find((o) => o.enabled)?.id ?? 0 });
  }, [project, form, props.orgs]);

  const orgOptions = (project && !props.orgEditable ? [{ id: project.org_id, name: project.org_name, name_en: project.org_name_en, tier: 0 }] : props.orgs).map((o) => ({
    value: o.id,
    label: localName(o, lang),
  }));

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setError(null);
    try {
      const body: Values = {
        org_id: v.org_id,
        name: v.name,
        name_en: v.name_en ?? '',
        address: v.address ?? '',
        address_en: v.address_en ?? '',
        city: v.city ?? '',
        city_en: v.city_en ?? '',
        latitude: v.latitude,
        longitude: v.longitude,
        timezone: v.timezone,
        energy_types: v.energy_types,
        capacity_kva: v.capacity_kva,
        pv_capacity_kw: v.pv_capacity_kw,
        storage_capacity_kwh: v.storage_capacity_kwh,
        storage_power_kw: v.storage_power_kw,
        charger_count: v.charger_count,
        charger_power_kw: v.charger_power_kw,
      };
      const saved = project ? await adminApi.updateProject(project.id, { ...body, area_m2: project.area_m2, version: project.version }) : await adminApi.createProject(body);
      message.success(t(project ? 'orgAdmin.project.saved' : 'orgAdmin.project.created'));
      await invalidate();
      props.onSaved(saved);
    } catch (e) {
      const err = toAdminError(e);
      setError(err);
      if (err.field && err.field in form.getFieldsValue(true)) form.setFields([{ name: err.field as keyof Values, errors: [err.message] }]);
    } finally {
      setSaving(false);
    }
  };

  const num = (name: keyof Values, max: number, step = 1) => (
    <Form.Item name={name} label={t(`orgAdmin.field.${name}`)} rules={[{ required: true, message: t(`orgAdmin.field.${name}`) }]}>
      <InputNumber min={0} max={max} step={step} style={{ width: '100%' }} data-testid={`field-${name}`} />
    </Form.Item>
  );

  return (
    <div data-testid="project-form">
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error.message} data-testid="project-error" data-field={error.field ?? ''} />}
      <Form form={form} layout="vertical" disabled={!props.canEdit}>
        <Card size="small" title={t('orgAdmin.project.basics')} style={{ marginBottom: 12 }}>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('orgAdmin.field.name')} rules={[{ required: true, message: t('orgAdmin.field.name') }]}>
                <Input maxLength={64} data-testid="field-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="name_en" label={t('orgAdmin.field.name_en')}>
                <Input maxLength={128} data-testid="field-name_en" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="org_id"
                label={t('orgAdmin.field.org_id')}
                extra={props.orgEditable ? undefined : t('orgAdmin.station.orgFixed')}
                rules={[{ required: true, message: t('orgAdmin.field.org_id') }]}
              >
                <Select options={orgOptions} disabled={!props.orgEditable} showSearch={{ optionFilterProp: 'label' }} data-testid="field-org_id" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="energy_types" label={t('orgAdmin.field.energy_types')} rules={[{ required: true, message: t('orgAdmin.field.energy_types') }]}>
                <Checkbox.Group options={ENERGY_TYPES.map((e) => ({ value: e, label: t(`orgAdmin.energyType.${e}`) }))} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t('orgAdmin.project.location')} style={{ marginBottom: 12 }}>
          <Row gutter={12}>
            <Col xs={24} xl={16}>
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item name="address" label={t('orgAdmin.field.address')}>
                    <Input maxLength={200} data-testid="field-address" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="address_en" label={t('orgAdmin.field.address_en')}>
                    <Input maxLength={300} data-testid="field-address_en" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item name="latitude" label={t('orgAdmin.field.latitude')} rules={[{ required: true, message: t('orgAdmin.field.latitude') }]}>
                    <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} data-testid="field-latitude" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item name="longitude" label={t('orgAdmin.field.longitude')} rules={[{ required: true, message: t('orgAdmin.field.longitude') }]}>
                    <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} data-testid="field-longitude" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="city" label={t('orgAdmin.field.city')}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="city_en" label={t('orgAdmin.field.city_en')}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item name="timezone" label={t('orgAdmin.field.timezone')} rules={[{ required: true, message: t('orgAdmin.field.timezone') }]}>
                    <Select options={zones} showSearch={{ optionFilterProp: 'label' }} data-testid="field-timezone" />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
            <Col xs={24} xl={8}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('orgAdmin.project.preview')}
              </Typography.Text>
              <Suspense fallback={<LocationPreview point={point} others={others} />}>
                <LocationMap point={point} others={others} onPick={props.canEdit ? (latitude, longitude) => form.setFieldsValue({ latitude, longitude }) : undefined} />
              </Suspense>
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t('orgAdmin.project.capacityTitle')} style={{ marginBottom: 12 }}>
          <Row gutter={12}>
            {NUMBER_FIELDS.map((f) => (
              <Col key={f} xs={12} md={8}>
                {num(f, f === 'charger_count' ? 100_000 : 1e9, f === 'charger_count' ? 1 : 10)}
              </Col>
            ))}
          </Row>
        </Card>
      </Form>
      {props.canEdit && (
        <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="project-save" style={{ marginBottom: 12 }}>
          {t('common.save')}
        </Button>
      )}
      <Card size="small" title={t('orgAdmin.project.rooms')}>
        {project ? <RoomsEditor projectId={project.id} rooms={project.rooms} canEdit={props.canEdit} /> : <Typography.Text type="secondary">{t('orgAdmin.room.saveFirst')}</Typography.Text>}
      </Card>
    </div>
  );
}

/** Add, rename and remove rooms; a room that still has devices is refused by the server, naming them. */
function RoomsEditor({ projectId, rooms, canEdit }: { projectId: number; rooms: RoomView[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidateAdmin();
  const [error, setError] = useState<string | null>(null);
  const [names, setNames] = useState<Record<number, { name: string; name_en: string }>>({});
  const [draft, setDraft] = useState({ name: '', name_en: '' });

  const run = async (f: () => Promise<unknown>, done?: string) => {
    setError(null);
    try {
      await f();
      if (done) message.success(done);
      await invalidate();
    } catch (e) {
      setError(toAdminError(e).message);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="rooms-editor">
      {error && <Alert type="error" showIcon title={error} data-testid="room-error" />}
      <List
        size="small"
        dataSource={rooms}
        renderItem={(r) => {
          const edit = names[r.id] ?? { name: r.name, name_en: r.name_en };
          const changed = edit.name !== r.name || edit.name_en !== r.name_en;
          return (
            <List.Item data-testid={`room-${r.id}`}>
              <Space wrap>
                <Input value={edit.name} disabled={!canEdit} onChange={(e) => setNames({ ...names, [r.id]: { ...edit, name: e.target.value } })} style={{ width: 180 }} />
                <Input value={edit.name_en} disabled={!canEdit} onChange={(e) => setNames({ ...names, [r.id]: { ...edit, name_en: e.target.value } })} style={{ width: 200 }} />
                <Tag>{t('orgAdmin.room.devices', { count: r.device_count })}</Tag>
                {canEdit && (
                  <>
                    <Button size="small" disabled={!changed || !edit.name.trim()} onClick={() => void run(() => adminApi.renameRoom(r.id, edit.name, edit.name_en))}>
                      {t('common.save')}
                    </Button>
                    <Popconfirm
                      title={t('orgAdmin.room.removeConfirm')}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => void run(() => adminApi.deleteRoom(r.id), t('orgAdmin.room.removed'))}
                    >
                      <Button size="small" danger data-testid={`room-delete-${r.id}`}>
                        {t('common.delete')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            </List.Item>
          );
        }}
      />
      {canEdit && (
        <Space wrap>
          <Input placeholder={t('orgAdmin.room.namePlaceholder')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} style={{ width: 180 }} data-testid="room-new-name" />
          <Input placeholder={t('orgAdmin.room.nameEnPlaceholder')} value={draft.name_en} onChange={(e) => setDraft({ ...draft, name_en: e.target.value })} style={{ width: 200 }} data-testid="room-new-name-en" />
          <Button
            disabled={!draft.name.trim()}
            data-testid="room-add"
            onClick={() =>
              void run(async () => {
                await adminApi.createRoom(projectId, draft.name, draft.name_en);
                setDraft({ name: '', name_en: '' });
              })
            }
          >
            {t('orgAdmin.room.add')}
          </Button>
        </Space>
      )}
    </Space>
  );
}
