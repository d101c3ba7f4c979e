import { FIRE_LIMITS, FIRE_LOOP_XLSX_COLUMNS, FIRE_TEMP_KEYS, fireLoopProblem, type FireLoop, type FireLoopFields } from '@gridops/contract';
import { Col, Row, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportXlsx } from '../../shared/export/xlsx';
import { useFormat } from '../../shared/format';
import { listQueryProps, ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { SiteGate } from '../../shared/ui/SiteGate';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { fireCalls, useFireLoops, useSettleFire } from './api';
import { EnabledField, LimitField, NameFields, optionsOf, PickField, standardRule } from './fields';
import { XlsxTools } from './xlsxTools';

type Values = FireLoopFields;

const DEFAULTS: Omit<Values, 'name' | 'name_en' | 'device_id'> = {
  channel: FIRE_LIMITS.channel.default,
  room_id: null,
  feeder_id: null,
  residual_ma: FIRE_LIMITS.residual_ma.default,
  temp_limits: { T1: FIRE_LIMITS.temperature_c.default, T2: FIRE_LIMITS.temperature_c.default, T3: FIRE_LIMITS.temperature_c.default },
  pre_alarm_pct: FIRE_LIMITS.pre_alarm_pct.default,
  enabled: true,
};

/** The contract's check of one value of a loop (the others at their defaults). */
const checkOne = (field: string) => (value: number) => {
  const temps = { ...DEFAULTS.temp_limits };
  const key = field.replace('temp_limits.', '') as keyof typeof temps;
  if (field.startsWith('temp_limits.')) temps[key] = value;
  return fireLoopProblem({ ...DEFAULTS, temp_limits: temps, ...(field.startsWith('temp_limits.') ? {} : { [field]: value }) });
};

function FireLoops({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const f = useFormat();
  const q = useFireLoops(projectId);
  const settle = useSettleFire();
  const d = q.data;
  const columns: TableColumnsType<FireLoop> = [
    { title: t('fireSets.name'), key: 'name', render: (_, l) => <span data-testid={`fire-loop-row-${l.id}`}>{localName(l, lang)}</span> },
    { title: t('fireSets.detector'), key: 'device', render: (_, l) => `${localName({ name: l.device_name, name_en: l.device_name_en }, lang)} · ${t('fireSets.channel')} ${l.channel}` },
    { title: t('fireSets.room'), key: 'room', render: (_, l) => (l.room_name ? localName({ name: l.room_name, name_en: l.room_name_en ?? '' }, lang) : '—') },
    { title: t('fireSets.feeder'), key: 'feeder', render: (_, l) => (l.feeder_name ? localName({ name: l.feeder_name, name_en: l.feeder_name_en ?? '' }, lang) : '—') },
    { title: t('fireSets.loop.residual'), key: 'ir', align: 'right', render: (_, l) => <span data-testid={`fire-loop-ir-${l.id}`}>{f.number(l.residual_ma, 0)}</span> },
    { title: t('fireSets.loop.temps'), key: 'temps', align: 'right', render: (_, l) => FIRE_TEMP_KEYS.map((k) => f.number(l.temp_limits[k], 1)).join(' / ') },
    { title: t('fireSets.loop.preAlarm'), key: 'pre', align: 'right', render: (_, l) => `${l.pre_alarm_pct}%` },
    { title: t('fireSets.state'), key: 'enabled', render: (_, l) => <Tag color={l.enabled ? 'green' : 'default'}>{t(l.enabled ? 'fireSets.on' : 'fireSets.off')}</Tag> },
  ];
  const exportLoops = () =>
    exportXlsx(
      `fire-loops-${projectId}`,
      FIRE_LOOP_XLSX_COLUMNS.map((k) => ({
        title: k,
        key: k,
        ...(k === 'enabled' ? { format: (v: unknown) => (v ? 1 : 0) } : {}),
      })),
      (d?.items ?? []).map((l) => ({ ...l, ...l.temp_limits, feeder_sn: l.feeder_sn ?? '' })),
      { sheet: 'fire-loops' },
    );
  const canEdit = useCanConfigure();
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <ListFormPage<FireLoop, Values>
        testId="fire-loop-set"
        look={SETUP_QUERY}
        intro={t('fireSets.loop.intro')}
        {...listQueryProps(q)}
        columns={columns}
        canEdit={canEdit}
        text={{
          add: t('fireSets.loop.add'),
          addTitle: t('fireSets.loop.addTitle'),
          editTitle: t('fireSets.loop.editTitle'),
          readOnly: t('fireSets.readOnly'),
          saved: t('fireSets.saved'),
          deleted: t('fireSets.deleted'),
          deleteTitle: (l) => t('fireSets.confirmDelete', { name: localName(l, lang) }),
        }}
        width={720}
        initialValues={(l) =>
          l
            ? { name: l.name, name_en: l.name_en, device_id: l.device_id, channel: l.channel, room_id: l.room_id, feeder_id: l.feeder_id, residual_ma: l.residual_ma, temp_limits: { ...l.temp_limits }, pre_alarm_pct: l.pre_alarm_pct, enabled: l.enabled }
            : ({ name: '', name_en: '', ...DEFAULTS } as Values)
        }
        fields={() => (
          <>
            <NameFields />
            <Row gutter={12}>
              <Col span={16}>
                <PickField name="device_id" label={t('fireSets.detector')} options={optionsOf(d?.detectors, lang)} testId="fire-loop-device" />
              </Col>
              <Col span={8}>
                <LimitField name="channel" label={t('fireSets.channel')} range={FIRE_LIMITS.channel} rule={standardRule('channel', checkOne('channel'), lang)} />
              </Col>
              <Col span={12}>
                <PickField name="room_id" label={t('fireSets.room')} options={optionsOf(d?.rooms, lang)} optional />
              </Col>
              <Col span={12}>
                <PickField name="feeder_id" label={t('fireSets.feeder')} options={optionsOf(d?.feeders, lang)} optional />
              </Col>
              <Col span={12}>
                <LimitField name="residual_ma" label={t('fireSets.loop.residual')} range={FIRE_LIMITS.residual_ma} rule={standardRule('residual_ma', checkOne('residual_ma'), lang)} testId="fire-loop-residual" />
              </Col>
              <Col span={12}>
                <LimitField name="pre_alarm_pct" label={t('fireSets.loop.preAlarm')} range={FIRE_LIMITS.pre_alarm_pct} rule={standardRule('pre_alarm_pct', checkOne('pre_alarm_pct'), lang)} />
              </Col>
              {FIRE_TEMP_KEYS.map((k) => (
                <Col span={8} key={k}>
                  <LimitField name={['temp_limits', k]} label={t(`fireSets.loop.temp.${k}`)} range={FIRE_LIMITS.temperature_c} precision={1} rule={standardRule(`temp_limits.${k}`, checkOne(`temp_limits.${k}`), lang)} testId={`fire-loop-${k}`} />
                </Col>
              ))}
            </Row>
            <EnabledField />
          </>
        )}
        save={(v, l) => (l ? fireCalls.updateLoop({ ...v, id: l.id, version: l.version }) : fireCalls.createLoop({ ...v, project_id: projectId }))}
        remove={(l) => fireCalls.removeLoop(l.id, l.version)}
        settle={settle}
      />
      <XlsxTools testId="fire-loop" onExport={exportLoops} onImport={canEdit ? (b64) => fireCalls.importLoops({ project_id: projectId, file_base64: b64 }) : undefined} settle={settle} />
    </Space>
  );
}

/** /RunSetup/FireLoopSet: a site's electrical fire monitoring loops and their limits (docs/electrical-fire.md). */
export function FireLoopSetPage() {
  return <SiteGate prompt={SETUP_SITE} testId="fire-loop-page">{(id) => <FireLoops key={id} projectId={id} />}</SiteGate>;
}
