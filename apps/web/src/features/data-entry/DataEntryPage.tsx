import { MANUAL_ENERGY_TYPES, type ManualEnergyType, type ManualMeter } from '@gridops/contract';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { formatInZone } from '@gridops/format';
import { Button, Col, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFormPage, listQueryProps } from '../../shared/ui/listForm/ListFormPage';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { dataEntryWrites, useManualMeters, useSettleDataEntry } from './api';
import { ReadingsPanel } from './ReadingsPanel';

interface MeterValues {
  name: string;
  name_en: string;
  energy_type: ManualEnergyType;
  multiplier: number;
  room_id: number | null;
  /** 'none' | 'top' | a node id as text (antd selects keep one value type). */
  tree: string;
}

const treeParent = (tree: string): number | null => (tree === 'none' ? null : tree === 'top' ? 0 : Number(tree));

function DataEntry({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useManualMeters(projectId);
  const settle = useSettleDataEntry();
  const canEdit = useCanConfigure();
  const [selected, setSelected] = useState<number | null>(null);
  // The energy type and the tree place are fixed once the meter exists (its counter point is of that type).
  const [editing, setEditing] = useState(false);
  const displayZone = useDisplayZone();
  const zone = q.data?.timezone ?? displayZone;
  const meters = q.data?.items ?? [];
  const current = meters.find((m) => m.id === selected) ?? meters[0] ?? null;
  const roomName = (id: number | null) => localName(q.data?.rooms.find((r) => r.id === id) ?? { name: t('dataEntry.meters.noRoom'), name_en: t('dataEntry.meters.noRoom') }, lang);
  const required = (field: string) => ({ required: true, whitespace: true, message: t('dataEntry.required', { field }) });

  const columns: TableColumnsType<ManualMeter> = [
    { title: t('dataEntry.meters.name'), key: 'name', render: (_, m) => <span data-testid={`manual-meter-${m.id}`}>{localName(m, lang)}</span> },
    { title: t('dataEntry.meters.energyType'), key: 'type', render: (_, m) => t(`dataEntry.meters.types.${m.energy_type}`) },
    { title: t('dataEntry.meters.unit'), dataIndex: 'unit', key: 'unit' },
    { title: t('dataEntry.meters.multiplier'), dataIndex: 'multiplier', key: 'multiplier', align: 'right' },
    { title: t('dataEntry.meters.room'), key: 'room', render: (_, m) => roomName(m.room_id) },
    { title: t('dataEntry.meters.tree'), key: 'tree', render: (_, m) => (m.node_id !== null ? <Tag color="green">{t('dataEntry.meters.inTree')}</Tag> : <Tag>{t('dataEntry.meters.notInTree')}</Tag>) },
    { title: t('dataEntry.meters.readings'), dataIndex: 'readings', key: 'readings', align: 'right' },
    {
      title: t('dataEntry.meters.last'),
      key: 'last',
      render: (_, m) => (m.last_read_at ? `${m.last_value} ${m.unit} · ${formatInZone(Date.parse(m.last_read_at), zone, 'YYYY-MM-DD HH:mm')}` : '-'),
    },
    {
      title: t('dataEntry.meters.open'),
      key: 'open',
      render: (_, m) => (
        <Button size="small" type={current?.id === m.id ? 'primary' : 'default'} onClick={() => setSelected(m.id)} data-testid={`manual-meter-open-${m.id}`}>
          {t('dataEntry.meters.open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListFormPage<ManualMeter, MeterValues>
        testId="manual-meters"
        look={SETUP_QUERY}
        intro={t('dataEntry.meters.intro')}
        {...listQueryProps(q)}
        canEdit={canEdit}
        text={{
          add: t('dataEntry.meters.add'),
          addTitle: t('dataEntry.meters.addTitle'),
          editTitle: t('dataEntry.meters.editTitle'),
          readOnly: t('dataEntry.readOnly'),
          saved: t('dataEntry.saved'),
          deleted: t('dataEntry.deleted'),
          deleteTitle: (m) => t('dataEntry.confirmDeleteMeter', { name: localName(m, lang) }),
        }}
        columns={columns}
        initialValues={(m) => {
          setEditing(m !== null);
          return m
            ? { name: m.name, name_en: m.name_en, energy_type: m.energy_type, multiplier: m.multiplier, room_id: m.room_id, tree: m.node_id !== null ? String(m.node_id) : 'none' }
            : { name: '', name_en: '', energy_type: 'water', multiplier: 1, room_id: null, tree: 'top' };
        }}
        fields={(form) => (
          <>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="name" label={t('dataEntry.meters.name')} rules={[required(t('dataEntry.meters.name')), { max: 64 }]}>
                  <Input maxLength={64} data-testid="manual-meter-name" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name_en" label={t('dataEntry.meters.nameEn')} rules={[required(t('dataEntry.meters.nameEn')), { max: 64 }]}>
                  <Input maxLength={64} data-testid="manual-meter-name-en" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="energy_type" label={t('dataEntry.meters.energyType')}>
                  <Select
                    disabled={editing}
                    options={MANUAL_ENERGY_TYPES.map((e) => ({ value: e, label: t(`dataEntry.meters.types.${e}`) }))}
                    onChange={(e: ManualEnergyType) => form.setFieldValue('tree', e === 'diesel' ? 'none' : 'top')}
                    data-testid="manual-meter-type"
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="multiplier" label={t('dataEntry.meters.multiplier')} rules={[{ required: true, message: t('dataEntry.required', { field: t('dataEntry.meters.multiplier') }) }]}>
                  <InputNumber min={0.0001} max={100_000} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="room_id" label={t('dataEntry.meters.room')}>
                  <Select allowClear options={(q.data?.rooms ?? []).map((r) => ({ value: r.id, label: localName(r, lang) }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item noStyle shouldUpdate={(a: MeterValues, b: MeterValues) => a.energy_type !== b.energy_type}>
                  {() => {
                    const type = form.getFieldValue('energy_type') as ManualEnergyType;
                    const nodes = (q.data?.nodes ?? []).filter((n) => n.energy_type === type);
                    return (
                      <Form.Item name="tree" label={t('dataEntry.meters.tree')}>
                        <Select
                          disabled={editing}
                          data-testid="manual-meter-tree"
                          options={[
                            { value: 'none', label: t('dataEntry.meters.treeNone') },
                            ...(type === 'diesel' ? [] : [{ value: 'top', label: t('dataEntry.meters.treeTop') }]),
                            ...(type === 'diesel' ? [] : nodes.map((n) => ({ value: String(n.id), label: t('dataEntry.meters.treeUnder', { name: localName(n, lang) }) }))),
                          ]}
                        />
                      </Form.Item>
                    );
                  }}
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        save={(v, m) =>
          m
            ? dataEntryWrites.updateMeter({ id: m.id, version: m.version, name: v.name, name_en: v.name_en, multiplier: v.multiplier, room_id: v.room_id ?? null })
            : dataEntryWrites.createMeter({ project_id: projectId, energy_type: v.energy_type, name: v.name, name_en: v.name_en, multiplier: v.multiplier, room_id: v.room_id ?? null, tree_parent_id: treeParent(v.tree) })
        }
        remove={(m) => dataEntryWrites.removeMeter(m.id, m.version)}
        settle={settle}
      />
      <ReadingsPanel meter={current} zone={zone} canEdit={canEdit} />
    </>
  );
}

/** /RunSetup/DataEntrySet */
export function DataEntryPage() {
  return <SiteGate prompt={SETUP_SITE} testId="data-entry-page">{(id) => <DataEntry key={id} projectId={id} />}</SiteGate>;
}
