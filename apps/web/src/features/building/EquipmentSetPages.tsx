import { AIR_TYPES, equipmentDeviceKind, POWER_TYPES, PUMP_ROLES, WATER_TYPES, type BuildingDevice, type BuildingRef, type EquipmentSet } from '@gridops/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { buildingWrites, useEquipment } from './api';
import { deviceName, deviceOptions, NameFields, NumberField, SetExport, setPage, useSetListProps } from './setCommon';

/** One entry of any equipment set as the pages handle it (the set's own fields ride along). */
type Entry = Record<string, unknown> & { id: number; version: number; name: string; name_en: string; building_id: number; floor: string | null; device_id: number | null };
type Values = Record<string, unknown>;

const SCHEDULE = { days: 'weekdays', start: '07:30', end: '19:00' };
const DEFAULTS: Record<EquipmentSet, Values> = {
  air: { type: 'ahu', rated_kw: 10, setpoint_min: 13, setpoint_max: 20, schedule: SCHEDULE },
  outdoor: { cooling_kw: 50, serves: [] },
  water: { type: 'pump', role: 'domestic', rated_kw: 7.5, capacity_m3: 0, level_low_pct: 40, level_high_pct: 90 },
  power: { type: 'lighting', rated_kw: 20, schedule: SCHEDULE },
};
const TEST_ID: Record<EquipmentSet, string> = { air: 'build-air-set', outdoor: 'build-outdoor-set', water: 'build-water-set', power: 'build-power-set' };

/** Building, floor and device of an entry: the floor and device lists follow the chosen building and type. */
function Placement({ form, buildings, devices, set }: { form: FormInstance<Values>; buildings: BuildingRef[]; devices: BuildingDevice[]; set: EquipmentSet }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const buildingId = Form.useWatch('building_id', form) as number | undefined;
  const type = Form.useWatch('type', form) as string | undefined;
  const floors = buildings.find((b) => b.id === buildingId)?.floors ?? [];
  return (
    <Row gutter={12}>
      <Col span={8}>
        <Form.Item name="building_id" label={t('building.building')} rules={[{ required: true, message: t('building.required', { field: t('building.building') }) }]}>
          <Select options={buildings.map((b) => ({ value: b.id, label: localName(b, lang) }))} data-testid="set-building" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="floor" label={t('building.floor')}>
          <Select allowClear placeholder={t('building.wholeBuilding')} options={floors.map((f) => ({ value: f.code, label: `${f.code} ${localName(f, lang)}` }))} data-testid="set-floor" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="device_id" label={t('building.device')}>
          <Select allowClear placeholder={t('building.none')} options={deviceOptions(devices, lang, equipmentDeviceKind(set, type))} data-testid="set-device" />
        </Form.Item>
      </Col>
    </Row>
  );
}

function ScheduleFields({ optional }: { optional?: boolean }) {
  const { t } = useTranslation();
  const hhmm = { pattern: /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, message: 'HH:mm' };
  return (
    <Row gutter={12}>
      <Col span={8}>
        <Form.Item name={['schedule', 'days']} label={t('building.schedule')} rules={optional ? [] : [{ required: true }]}>
          <Select options={(['weekdays', 'everyday'] as const).map((d) => ({ value: d, label: t(`building.days.${d}`) }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name={['schedule', 'start']} label={t('building.start')} rules={[hhmm]}>
          <Input placeholder="07:30" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name={['schedule', 'end']} label={t('building.end')} rules={[hhmm]}>
          <Input placeholder="19:00" data-testid="set-schedule-end" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The set's own fields. */
function SetFields({ set }: { set: EquipmentSet }) {
  const { t } = useTranslation();
  const typeSelect = (types: readonly string[]) => (
    <Form.Item name="type" label={t('building.typeLabel')} rules={[{ required: true }]}>
      <Select options={types.map((v) => ({ value: v, label: t(`building.type.${v}`) }))} data-testid="set-type" />
    </Form.Item>
  );
  if (set === 'air')
    return (
      <>
        <Row gutter={12}>
          <Col span={8}>{typeSelect(AIR_TYPES)}</Col>
          <Col span={16}>
            <NumberField name="rated_kw" label={t('building.air.ratedKw')} min={0.1} max={100_000} />
          </Col>
          <Col span={12}>
            <NumberField name="setpoint_min" label={t('building.air.setpointMin')} min={0} max={40} testId="set-sp-min" />
          </Col>
          <Col span={12}>
            <NumberField name="setpoint_max" label={t('building.air.setpointMax')} min={0} max={40} testId="set-sp-max" />
          </Col>
        </Row>
        <ScheduleFields />
      </>
    );
  if (set === 'outdoor')
    return (
      <Row gutter={12}>
        <Col span={8}>
          <NumberField name="cooling_kw" label={t('building.outdoor.coolingKw')} min={0.1} max={10_000} />
        </Col>
        <Col span={16}>
          <Form.Item name="serves" label={t('building.outdoor.serves')}>
            <Select mode="tags" />
          </Form.Item>
        </Col>
      </Row>
    );
  if (set === 'water')
    return (
      <Row gutter={12}>
        <Col span={8}>{typeSelect(WATER_TYPES)}</Col>
        <Col span={8}>
          <Form.Item name="role" label={t('building.water.role')}>
            <Select allowClear options={PUMP_ROLES.map((r) => ({ value: r, label: t(`building.role.${r}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <NumberField name="rated_kw" label={t('building.ratedKw')} min={0} max={10_000} />
        </Col>
        <Col span={8}>
          <NumberField name="capacity_m3" label={t('building.water.capacity')} min={0} max={100_000} />
        </Col>
        <Col span={8}>
          <NumberField name="level_low_pct" label={t('building.water.levelLow')} min={0} max={100} precision={0} />
        </Col>
        <Col span={8}>
          <NumberField name="level_high_pct" label={t('building.water.levelHigh')} min={0} max={100} precision={0} testId="set-level-high" />
        </Col>
      </Row>
    );
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>{typeSelect(POWER_TYPES)}</Col>
        <Col span={12}>
          <NumberField name="rated_kw" label={t('building.ratedKw')} min={0.1} max={100_000} />
        </Col>
      </Row>
      <ScheduleFields optional />
    </>
  );
}

/** The set's table columns after name, building and floor. */
function useSetColumns(set: EquipmentSet): { title: string; key: string; render: (e: Entry) => ReactNode }[] {
  const { t } = useTranslation();
  const f = useFormat();
  const type = { title: t('building.typeLabel'), key: 'type', render: (e: Entry) => (typeof e.type === 'string' ? t(`building.type.${e.type}`) : '-') };
  const sched = (e: Entry) => {
    const s = e.schedule as { days: string; start: string; end: string } | null | undefined;
    return s ? `${t(`building.days.${s.days}`)} ${s.start}–${s.end}` : '-';
  };
  if (set === 'air')
    return [
      type,
      { title: t('building.air.ratedKw'), key: 'kw', render: (e) => f.unit(e.rated_kw as number, 'kW', { precision: 0 }).text },
      { title: t('building.air.setpointRange'), key: 'sp', render: (e) => `${String(e.setpoint_min)}–${String(e.setpoint_max)} °C` },
      { title: t('building.schedule'), key: 'sched', render: sched },
    ];
  if (set === 'outdoor')
    return [
      { title: t('building.outdoor.coolingKw'), key: 'kw', render: (e) => f.unit(e.cooling_kw as number, 'kW', { precision: 0 }).text },
      { title: t('building.outdoor.serves'), key: 'serves', render: (e) => (e.serves as string[]).join(', ') || '-' },
    ];
  if (set === 'water')
    return [
      type,
      { title: t('building.water.role'), key: 'role', render: (e) => (e.role ? t(`building.role.${String(e.role)}`) : '-') },
      { title: t('building.ratedKw'), key: 'kw', render: (e) => (e.type === 'pump' ? f.unit(e.rated_kw as number, 'kW', { precision: 1 }).text : '-') },
      { title: t('building.water.capacity'), key: 'cap', render: (e) => (e.type === 'tank' ? `${String(e.capacity_m3)} m³ · ${String(e.level_low_pct)}–${String(e.level_high_pct)} %` : '-') },
    ];
  return [type, { title: t('building.ratedKw'), key: 'kw', render: (e) => f.unit(e.rated_kw as number, 'kW', { precision: 1 }).text }, { title: t('building.schedule'), key: 'sched', render: sched }];
}

function EquipmentSetList({ projectId, set }: { projectId: number; set: EquipmentSet }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useEquipment(set, projectId);
  const writes = buildingWrites.equipment(set);
  const common = useSetListProps<Entry>(set, TEST_ID[set], q as never, writes.remove);
  const buildings = q.data?.buildings ?? [];
  const devices = q.data?.devices ?? [];
  const extra = useSetColumns(set);
  const buildingName = (id: number) => localName(buildings.find((b) => b.id === id) ?? { name: '-', name_en: '-' }, lang);
  const columns: TableColumnsType<Entry> = [
    { title: t('building.name'), key: 'name', render: (_, e) => <span data-testid={`equipment-${e.id}`}>{localName(e, lang)}</span> },
    { title: t('building.building'), key: 'b', render: (_, e) => buildingName(e.building_id) },
    { title: t('building.floor'), key: 'floor', render: (_, e) => e.floor ?? t('building.wholeBuilding') },
    ...extra.map((c) => ({ title: c.title, key: c.key, render: (_: unknown, e: Entry) => c.render(e) })),
    { title: t('building.device'), key: 'device', render: (_, e) => deviceName(e.device_id, devices, lang) },
  ];
  const items = (q.data?.items ?? []) as Entry[];
  return (
    <>
      <SetExport
        fileName={t(`building.${set}.add`)}
        rows={items.map((e) => ({ name: localName(e, lang), building: buildingName(e.building_id), floor: e.floor ?? '', device: deviceName(e.device_id, devices, lang), ...Object.fromEntries(extra.map((c) => [c.key, String(c.render(e))])) }))}
        columns={[
          { title: t('building.name'), key: 'name' },
          { title: t('building.building'), key: 'building' },
          { title: t('building.floor'), key: 'floor' },
          ...extra.map((c) => ({ title: c.title, key: c.key })),
          { title: t('building.device'), key: 'device' },
        ]}
      />
      <ListFormPage<Entry, Values>
        {...common}
        width={780}
        items={items}
        columns={columns}
        initialValues={(e) => (e ? { ...e } : { name: '', name_en: '', building_id: buildings[0]?.id, floor: null, device_id: null, ...DEFAULTS[set] })}
        fields={(form) => (
          <>
            <NameFields />
            <Placement form={form} buildings={buildings} devices={devices} set={set} />
            <SetFields set={set} />
          </>
        )}
        save={(v, e) => {
          const body = { floor: null, device_id: null, ...v, ...(set === 'power' && !(v.schedule as { start?: string } | undefined)?.start ? { schedule: null } : {}) };
          return e ? writes.update({ ...body, id: e.id, version: e.version }) : writes.create({ ...body, project_id: projectId });
        }}
      />
    </>
  );
}

export const BuildAirSetPage = setPage(({ projectId }) => <EquipmentSetList projectId={projectId} set="air" />, 'page-build-air-set');
export const BuildOutdoorSetPage = setPage(({ projectId }) => <EquipmentSetList projectId={projectId} set="outdoor" />, 'page-build-outdoor-set');
export const BuildWaterSetPage = setPage(({ projectId }) => <EquipmentSetList projectId={projectId} set="water" />, 'page-build-water-set');
export const BuildPowerSetPage = setPage(({ projectId }) => <EquipmentSetList projectId={projectId} set="power" />, 'page-build-power-set');
