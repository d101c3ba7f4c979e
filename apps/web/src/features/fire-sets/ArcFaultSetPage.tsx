import { ARC_DETECTOR_XLSX_COLUMNS, ARC_SENSITIVITIES, arcDetectorProblem, FIRE_LIMITS, type ArcDetector, type ArcDetectorFields } from '@gridops/contract';
import { Col, Form, Row, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportXlsx } from '../../shared/export/xlsx';
import { listQueryProps, ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { SiteGate } from '../../shared/ui/SiteGate';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { fireCalls, useArcDetectors, useSettleFire } from './api';
import { EnabledField, LimitField, NameFields, optionsOf, PickField, standardRule } from './fields';
import { XlsxTools } from './xlsxTools';

type Values = ArcDetectorFields;

function ArcFaults({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useArcDetectors(projectId);
  const settle = useSettleFire();
  const d = q.data;
  const columns: TableColumnsType<ArcDetector> = [
    { title: t('fireSets.name'), key: 'name', render: (_, a) => <span data-testid={`arc-row-${a.id}`}>{localName(a, lang)}</span> },
    { title: t('fireSets.detector'), key: 'device', render: (_, a) => localName({ name: a.device_name, name_en: a.device_name_en }, lang) },
    { title: t('fireSets.feeder'), key: 'feeder', render: (_, a) => (a.feeder_name ? localName({ name: a.feeder_name, name_en: a.feeder_name_en ?? '' }, lang) : '—') },
    { title: t('fireSets.arc.threshold'), dataIndex: 'threshold', key: 'threshold', align: 'right' },
    { title: t('fireSets.arc.sensitivity'), key: 'sens', render: (_, a) => t(`fireSets.arc.sens.${a.sensitivity}`) },
    { title: t('fireSets.state'), key: 'enabled', render: (_, a) => <Tag color={a.enabled ? 'green' : 'default'}>{t(a.enabled ? 'fireSets.on' : 'fireSets.off')}</Tag> },
  ];
  // The columns the import reads back (detector and feeder by serial, sensitivity high/standard/low, enabled 1/0).
  const exportArcs = () =>
    exportXlsx(
      `arc-detectors-${projectId}`,
      ARC_DETECTOR_XLSX_COLUMNS.map((k) => ({ title: k, key: k, ...(k === 'enabled' ? { format: (v: unknown) => (v ? 1 : 0) } : {}) })),
      (d?.items ?? []).map((a) => ({ ...a, feeder_sn: a.feeder_sn ?? '' })),
      { sheet: 'arc-detectors' },
    );
  const canEdit = useCanConfigure();
  return (
    <>
      <ListFormPage<ArcDetector, Values>
        testId="arc-fault-set"
        look={SETUP_QUERY}
        intro={t('fireSets.arc.intro')}
        {...listQueryProps(q)}
        columns={columns}
        canEdit={canEdit}
        text={{
          add: t('fireSets.arc.add'),
          addTitle: t('fireSets.arc.addTitle'),
          editTitle: t('fireSets.arc.editTitle'),
          readOnly: t('fireSets.readOnly'),
          saved: t('fireSets.saved'),
          deleted: t('fireSets.deleted'),
          deleteTitle: (a) => t('fireSets.confirmDelete', { name: localName(a, lang) }),
        }}
        initialValues={(a) =>
          a
            ? { name: a.name, name_en: a.name_en, device_id: a.device_id, feeder_id: a.feeder_id, threshold: a.threshold, sensitivity: a.sensitivity, enabled: a.enabled }
            : ({ name: '', name_en: '', feeder_id: null, threshold: FIRE_LIMITS.arc_half_cycles.default, sensitivity: 'standard', enabled: true } as Values)
        }
        fields={() => (
          <>
            <NameFields />
            <Row gutter={12}>
              <Col span={12}>
                <PickField name="device_id" label={t('fireSets.detector')} options={optionsOf(d?.detectors, lang)} testId="arc-device" />
              </Col>
              <Col span={12}>
                <PickField name="feeder_id" label={t('fireSets.feeder')} options={optionsOf(d?.feeders, lang)} optional />
              </Col>
              <Col span={12}>
                <LimitField name="threshold" label={t('fireSets.arc.threshold')} range={FIRE_LIMITS.arc_half_cycles} rule={standardRule('threshold', (v) => arcDetectorProblem({ threshold: v }), lang)} testId="arc-threshold" />
              </Col>
              <Col span={12}>
                <Form.Item name="sensitivity" label={t('fireSets.arc.sensitivity')} rules={[{ required: true }]}>
                  <Select options={ARC_SENSITIVITIES.map((s) => ({ value: s, label: t(`fireSets.arc.sens.${s}`) }))} />
                </Form.Item>
              </Col>
            </Row>
            <EnabledField />
          </>
        )}
        save={(v, a) => (a ? fireCalls.updateArc({ ...v, id: a.id, version: a.version }) : fireCalls.createArc({ ...v, project_id: projectId }))}
        remove={(a) => fireCalls.removeArc(a.id, a.version)}
        settle={settle}
      />
      <div style={{ marginTop: 12 }}>
        <XlsxTools testId="arc" onExport={exportArcs} onImport={canEdit ? (b64) => fireCalls.importArcs({ project_id: projectId, file_base64: b64 }) : undefined} settle={settle} />
      </div>
    </>
  );
}

/** /RunSetup/ArcFaultSet: a site's arc-fault detectors and their thresholds (GB 14287.4; docs/electrical-fire.md). */
export function ArcFaultSetPage() {
  return <SiteGate prompt={SETUP_SITE} testId="arc-fault-page">{(id) => <ArcFaults key={id} projectId={id} />}</SiteGate>;
}
