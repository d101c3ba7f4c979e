import type { FaceGroup } from '@gridops/contract';
import { Checkbox, Col, Form, Input, Row, Select, Tag, TimePicker } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListFormPage, listQueryProps } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { faceWrites, useFaceGroups, useFacePeople, useSettleFace } from './api';

interface GroupValues {
  name: string;
  name_en: string;
  door_ids: number[];
  days: number[];
  time_from: Dayjs;
  time_to: Dayjs;
}
const DAYS = [1, 2, 3, 4, 5, 6, 7];
const hm = (s: string) => dayjs(`2000-01-01T${s}`);

export function GroupsTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useFaceGroups(projectId);
  const people = useFacePeople(projectId);
  const settle = useSettleFace();
  const doorName = (id: number) => {
    const d = q.data?.doors.find((x) => x.id === id);
    return d ? localName(d, lang) : `#${id}`;
  };
  const columns: TableColumnsType<FaceGroup> = [
    { title: t('face.groupName'), key: 'name', render: (_, g) => <span data-testid={`face-group-${g.id}`}>{localName(g, lang)}</span> },
    { title: t('face.groups.doors'), key: 'doors', render: (_, g) => (g.door_ids.length ? g.door_ids.map((id) => <Tag key={id}>{doorName(id)}</Tag>) : t('face.none')) },
    { title: t('face.groups.days'), key: 'days', render: (_, g) => g.days.map((d) => t(`face.groups.weekdays.${d}`)).join(' ') || t('face.none') },
    { title: t('face.groups.window'), key: 'window', render: (_, g) => `${g.time_from}–${g.time_to}` },
    { title: t('face.groups.members'), key: 'members', align: 'right', render: (_, g) => (people.data?.items ?? []).filter((p) => p.group_id === g.id).length },
  ];
  const required = (field: string) => ({ required: true, whitespace: true, message: t('face.required', { field }) });
  return (
    <ListFormPage<FaceGroup, GroupValues>
      testId="face-groups"
      look={SETUP_QUERY}
      intro={t('face.groups.intro')}
      {...listQueryProps(q)}
      columns={columns}
      canEdit={useCanConfigure()}
      text={{ add: t('face.groups.add'), addTitle: t('face.groups.addTitle'), editTitle: t('face.groups.editTitle'), readOnly: t('face.readOnly'), saved: t('face.saved'), deleted: t('face.deleted'), deleteTitle: (g) => t('face.confirmDelete', { name: localName(g, lang) }) }}
      initialValues={(g) =>
        g
          ? { name: g.name, name_en: g.name_en, door_ids: g.door_ids, days: g.days, time_from: hm(g.time_from), time_to: hm(g.time_to) }
          : { name: '', name_en: '', door_ids: [], days: [1, 2, 3, 4, 5], time_from: hm('08:00'), time_to: hm('18:00') }
      }
      fields={() => (
        <>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="name" label={t('face.groupName')} rules={[required(t('face.groupName')), { max: 64 }]}>
                <Input maxLength={64} data-testid="face-group-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name_en" label={t('face.groupNameEn')} rules={[required(t('face.groupNameEn')), { max: 64 }]}>
                <Input maxLength={64} data-testid="face-group-name-en" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="door_ids" label={t('face.groups.doors')}>
            <Select mode="multiple" options={(q.data?.doors ?? []).map((d) => ({ value: d.id, label: `${localName(d, lang)} (${d.sn})` }))} />
          </Form.Item>
          <Form.Item name="days" label={t('face.groups.days')}>
            <Checkbox.Group options={DAYS.map((d) => ({ value: d, label: t(`face.groups.weekdays.${d}`) }))} />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="time_from" label={t('face.groups.from')} rules={[{ required: true, message: t('face.required', { field: t('face.groups.from') }) }]}>
                <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="time_to" label={t('face.groups.to')} rules={[{ required: true, message: t('face.required', { field: t('face.groups.to') }) }]}>
                <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      save={(v, g) => {
        const body = { name: v.name, name_en: v.name_en, door_ids: v.door_ids ?? [], days: v.days ?? [], time_from: v.time_from.format('HH:mm'), time_to: v.time_to.format('HH:mm') };
        return g ? faceWrites.updateGroup({ ...body, id: g.id, version: g.version }) : faceWrites.createGroup({ ...body, project_id: projectId });
      }}
      remove={(g) => faceWrites.removeGroup(g.id, g.version)}
      settle={settle}
    />
  );
}
