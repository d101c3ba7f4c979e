import { ESS_MODES, type EssSystem, type WindTurbine } from '@gridops/contract';
import { Button, Col, Form, Input, Row, Select, Space, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { assetsApi, useEssSystems, useWindTurbines } from './api';
import { assetPage, useAssetListProps } from './assetList';
import { deviceNames, deviceOptions, NameFields, NumberField } from './PvChargePages';

type WindValues = Omit<WindTurbine, 'id' | 'project_id' | 'version'>;

function FanSet({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const lang = i18n.language;
  const q = useWindTurbines(projectId);
  const common = useAssetListProps('wind', q);
  const columns: TableColumnsType<WindTurbine> = [
    { title: t('assets.name'), key: 'name', render: (_, w) => <span data-testid={`wind-${w.id}`}>{localName(w, lang)}</span> },
    { title: t('assets.wind.rated'), key: 'kw', align: 'right', render: (_, w) => f.unit(w.rated_kw, 'kW').text },
    { title: t('assets.wind.hub'), dataIndex: 'hub_height_m', key: 'hub', align: 'right' },
    { title: `${t('assets.wind.cutIn')} / ${t('assets.wind.ratedSpeed')} / ${t('assets.wind.cutOut')}`, key: 'speeds', render: (_, w) => `${w.cut_in_ms} / ${w.rated_ms} / ${w.cut_out_ms}` },
    { title: t('assets.wind.curve'), key: 'curve', render: (_, w) => t('assets.wind.points', { count: w.power_curve.length }) },
    { title: t('assets.device'), key: 'device', render: (_, w) => deviceNames([w.device_id], q.data?.devices, lang).join('') || t('assets.none') },
  ];
  return (
    <ListFormPage<WindTurbine, WindValues>
      {...common}
      columns={columns}
      width={720}
      initialValues={(w) =>
        w
          ? { ...w }
          : {
              name: '',
              name_en: '',
              rated_kw: 100,
              hub_height_m: 30,
              cut_in_ms: 3,
              rated_ms: 11,
              cut_out_ms: 25,
              device_id: null,
              power_curve: [
                { speed_ms: 3, kw: 0 },
                { speed_ms: 7, kw: 40 },
                { speed_ms: 11, kw: 100 },
              ],
            }
      }
      fields={() => (
        <>
          <NameFields />
          <Row gutter={12}>
            <Col span={8}>
              <NumberField name="rated_kw" label={t('assets.wind.rated')} min={0.1} max={20_000} />
            </Col>
            <Col span={8}>
              <NumberField name="hub_height_m" label={t('assets.wind.hub')} min={1} max={300} precision={1} />
            </Col>
            <Col span={8}>
              <Form.Item name="device_id" label={t('assets.device')}>
                <Select allowClear options={deviceOptions(q.data?.devices, lang)} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <NumberField name="cut_in_ms" label={t('assets.wind.cutIn')} min={0} max={30} precision={1} />
            </Col>
            <Col span={8}>
              <NumberField name="rated_ms" label={t('assets.wind.ratedSpeed')} min={0} max={40} precision={1} />
            </Col>
            <Col span={8}>
              <NumberField name="cut_out_ms" label={t('assets.wind.cutOut')} min={0} max={60} precision={1} />
            </Col>
          </Row>
          <Form.List name="power_curve">
            {(rows, { add, remove }) => (
              <Form.Item label={t('assets.wind.curve')}>
                {rows.map((r) => (
                  <Space key={r.key} align="baseline">
                    <NumberField name={[r.name, 'speed_ms']} label={t('assets.wind.speed')} min={0} max={60} precision={1} />
                    <NumberField name={[r.name, 'kw']} label={t('assets.wind.kw')} min={0} max={25_000} />
                    <Button size="small" onClick={() => remove(r.name)} disabled={rows.length <= 2}>
                      {t('common.delete')}
                    </Button>
                  </Space>
                ))}
                <div>
                  <Button size="small" onClick={() => add({ speed_ms: 0, kw: 0 })} disabled={rows.length >= 60}>
                    {t('assets.wind.addPoint')}
                  </Button>
                </div>
              </Form.Item>
            )}
          </Form.List>
        </>
      )}
      save={(v, w) => (w ? assetsApi.wind.update({ ...v, id: w.id, version: w.version }) : assetsApi.wind.create({ ...v, device_id: v.device_id ?? null, project_id: projectId }))}
    />
  );
}

type EssValues = Omit<EssSystem, 'id' | 'project_id' | 'version' | 'sync'>;
const essValues = (e: EssSystem): EssValues => ({
  name: e.name,
  name_en: e.name_en,
  pcs_device_id: e.pcs_device_id,
  capacity_kwh: e.capacity_kwh,
  power_kw: e.power_kw,
  soc_min_pct: e.soc_min_pct,
  soc_max_pct: e.soc_max_pct,
  schedule: e.schedule,
});
const SYNC_COLORS = { pending: 'processing', applied: 'green', refused: 'red' } as const;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

function EssSet({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const lang = i18n.language;
  const q = useEssSystems(projectId);
  const common = useAssetListProps('ess', q);
  const columns: TableColumnsType<EssSystem> = [
    // Fixed widths for the short columns, so the strategy's tags take the rest and nothing wraps mid-word.
    { title: t('assets.name'), key: 'name', width: 150, render: (_, e) => <span data-testid={`ess-${e.id}`}>{localName(e, lang)}</span> },
    { title: t('assets.ess.pcs'), key: 'pcs', width: 140, render: (_, e) => deviceNames([e.pcs_device_id], q.data?.devices, lang).join('') || '-' },
    // The header names the unit: the cells are plain numbers.
    { title: t('assets.ess.capacity'), key: 'kwh', width: 130, align: 'right', render: (_, e) => f.number(e.capacity_kwh, 0) },
    { title: t('assets.ess.power'), key: 'kw', width: 140, align: 'right', render: (_, e) => f.number(e.power_kw, 0) },
    { title: t('assets.ess.socRange'), key: 'soc', width: 110, align: 'right', render: (_, e) => `${e.soc_min_pct}–${e.soc_max_pct}%` },
    {
      title: t('assets.ess.schedule'),
      key: 'schedule',
      render: (_, e) =>
        e.schedule.map((p) => (
          <Tag key={`${p.start}-${p.mode}`} color={p.mode === 'charge' ? 'green' : p.mode === 'discharge' ? 'orange' : 'default'}>
            {`${p.start}–${p.end} ${t(`assets.ess.modes.${p.mode}`)} ${f.unit(p.power_kw, 'kW').text}`}
          </Tag>
        )),
    },
    {
      // Whether the PCS's controller runs the saved strategy (the gateway's answer to `ess_strategy`).
      title: t('assets.ess.sync'),
      key: 'sync',
      width: 110,
      render: (_, e) => {
        const tag = (
          <Tag color={e.sync ? SYNC_COLORS[e.sync.state] : 'default'} data-testid={`ess-sync-${e.id}`} data-state={e.sync?.state ?? 'none'}>
            {e.sync ? t(`assets.ess.syncState.${e.sync.state}`) : t('assets.ess.syncNone')}
          </Tag>
        );
        return e.sync?.error ? <Tooltip title={e.sync.error}>{tag}</Tooltip> : tag;
      },
    },
  ];
  return (
    <ListFormPage<EssSystem, EssValues>
      {...common}
      columns={columns}
      width={760}
      initialValues={(e) => (e ? essValues(e) : { name: '', name_en: '', pcs_device_id: 0, capacity_kwh: 1000, power_kw: 500, soc_min_pct: 10, soc_max_pct: 95, schedule: [] })}
      fields={() => (
        <>
          <NameFields />
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="pcs_device_id" label={t('assets.ess.pcs')} rules={[{ required: true, type: 'number', min: 1, message: t('assets.required', { field: t('assets.ess.pcs') }) }]}>
                <Select options={deviceOptions(q.data?.devices, lang)} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <NumberField name="capacity_kwh" label={t('assets.ess.capacity')} min={1} max={10_000_000} />
            </Col>
            <Col span={6}>
              <NumberField name="power_kw" label={t('assets.ess.power')} min={1} max={1_000_000} />
            </Col>
            <Col span={6}>
              <NumberField name="soc_min_pct" label={t('assets.ess.socMin')} min={0} max={100} precision={0} testId="ess-soc-min" />
            </Col>
            <Col span={6}>
              <NumberField name="soc_max_pct" label={t('assets.ess.socMax')} min={0} max={100} precision={0} />
            </Col>
          </Row>
          <Form.List name="schedule">
            {(rows, { add, remove }) => (
              <Form.Item label={t('assets.ess.schedule')}>
                {rows.map((r) => (
                  <Space key={r.key} align="baseline" wrap>
                    <Form.Item name={[r.name, 'start']} label={t('assets.ess.start')} rules={[{ pattern: HHMM, required: true, message: 'HH:mm' }]}>
                      <Input style={{ width: 80 }} placeholder="HH:mm" data-testid={`ess-start-${r.name}`} />
                    </Form.Item>
                    <Form.Item name={[r.name, 'end']} label={t('assets.ess.end')} rules={[{ pattern: HHMM, required: true, message: 'HH:mm' }]}>
                      <Input style={{ width: 80 }} placeholder="HH:mm" data-testid={`ess-end-${r.name}`} />
                    </Form.Item>
                    <Form.Item name={[r.name, 'mode']} label={t('assets.ess.mode')}>
                      <Select style={{ width: 100 }} options={ESS_MODES.map((m) => ({ value: m, label: t(`assets.ess.modes.${m}`) }))} />
                    </Form.Item>
                    <NumberField name={[r.name, 'power_kw']} label={t('assets.ess.periodPower')} min={0} max={1_000_000} />
                    <Button size="small" onClick={() => remove(r.name)}>
                      {t('common.delete')}
                    </Button>
                  </Space>
                ))}
                <div>
                  <Button size="small" onClick={() => add({ start: '00:00', end: '06:00', mode: 'charge', power_kw: 0 })} disabled={rows.length >= 24} data-testid="ess-add-period">
                    {t('assets.ess.addPeriod')}
                  </Button>
                </div>
              </Form.Item>
            )}
          </Form.List>
        </>
      )}
      save={(v, e) => (e ? assetsApi.ess.update({ ...v, schedule: v.schedule ?? [], id: e.id, version: e.version }) : assetsApi.ess.create({ ...v, schedule: v.schedule ?? [], project_id: projectId }))}
    />
  );
}

/** /RunSetup/FanSet */
export const FanSetPage = assetPage(FanSet, 'fan-set-page');

/** /RunSetup/EssSet */
export const EssSetPage = assetPage(EssSet, 'ess-set-page');
