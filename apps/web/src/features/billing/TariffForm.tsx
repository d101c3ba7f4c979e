import { DEMAND_MODES, TOU_BANDS, TOU_PRESETS, touPresetName, type DemandMode, type TariffMonth, type TouBand, type TouPreset } from '@gridops/contract';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Modal, Row, Segmented, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingCalls, refusal, type BillingTariff } from './api';
import { copyMonth, coverage, defaultMonths } from './touGrid';
import { TouGridView } from './TouGridView';

interface Scalars {
  name: string;
  name_en: string;
  valid_from: string;
  valid_to: string;
  demand_mode: DemandMode;
  basic_price: number | null;
  capacity_kva: number | null;
  pf_standard: number | null;
  feed_in_price: number | null;
  declared_demand_kw: number | null;
}
const SCALAR_FIELDS = ['name', 'name_en', 'valid_from', 'valid_to', 'demand_mode', 'basic_price', 'capacity_kva', 'pf_standard', 'feed_in_price', 'declared_demand_kw'];
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** The tariff dialog: validity, basic charge, power-factor standard, feed-in price and the TOU scheme of each month. */
export function TariffForm({ projectId, tariff, onClose, onSaved }: { projectId: number; tariff: BillingTariff | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Scalars>();
  const [months, setMonths] = useState<TariffMonth[]>(tariff?.months ?? defaultMonths());
  const [month, setMonth] = useState(1);
  const [copyTo, setCopyTo] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preset, setPreset] = useState<TouPreset | null>(null);
  const lang = i18n.language;
  // A preset fills the hours of every month; prices already typed stay for the bands still used, the rest are typed.
  const applyPreset = (id: TouPreset['id']) => {
    const p = TOU_PRESETS.find((x) => x.id === id)!;
    setPreset(p);
    setMonths(
      months.map((m, i) => {
        const periods = p.months[i]!.map((x) => ({ ...x }));
        const prices = Object.fromEntries(Object.entries(m.prices).filter(([b]) => periods.some((x) => x.band === b)));
        return { ...m, periods, prices };
      }),
    );
  };
  const mode = Form.useWatch('demand_mode', form) ?? tariff?.demand_mode ?? 'none';
  const cur = months.find((m) => m.month === month)!;
  const setCur = (m: TariffMonth) => setMonths(months.map((x) => (x.month === month ? m : x)));
  const usedBands = TOU_BANDS.filter((b) => cur.periods.some((p) => p.band === b));

  const save = async () => {
    setError(null);
    const v = await form.validateFields();
    for (const m of months) {
      const c = coverage(m);
      if (c.overlapAt) return setError(t('billing.form.overlap', { month: m.month, at: c.overlapAt }));
      if (c.gapAt) return setError(t('billing.form.gap', { month: m.month, at: c.gapAt }));
    }
    const body = {
      name: v.name,
      name_en: v.name_en ?? '',
      valid_from: v.valid_from,
      valid_to: v.valid_to ? v.valid_to : null,
      months: months.map((m) => ({ ...m, prices: Object.fromEntries(Object.entries(m.prices).filter(([b]) => m.periods.some((p) => p.band === b))) })),
      demand_mode: v.demand_mode,
      basic_price: v.demand_mode === 'none' ? 0 : (v.basic_price ?? 0),
      capacity_kva: v.demand_mode === 'capacity' ? v.capacity_kva : null,
      pf_standard: (v.pf_standard ?? null) as 0.9 | 0.85 | 0.8 | null,
      feed_in_price: v.feed_in_price ?? null,
      declared_demand_kw: v.demand_mode === 'demand' ? (v.declared_demand_kw ?? null) : null,
    };
    setSaving(true);
    try {
      if (tariff) await billingCalls.update({ id: tariff.id, version: tariff.version, ...body });
      else await billingCalls.create({ project_id: projectId, ...body });
      await onSaved();
    } catch (e) {
      const r = refusal(e);
      if (r.field && SCALAR_FIELDS.includes(r.field)) form.setFields([{ name: r.field as keyof Scalars, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const req = [{ required: true, message: t('billing.form.required') }];
  return (
    <Modal open width={960} title={t(tariff ? 'billing.form.titleEdit' : 'billing.form.titleNew')} onCancel={onClose} onOk={() => void save()} okText={t('billing.form.ok')} cancelText={t('billing.form.cancel')} confirmLoading={saving} okButtonProps={{ 'data-testid': 'billing-save' }} destroyOnHidden>
      <Form<Scalars>
        form={form}
        layout="vertical"
        data-testid="billing-form"
        initialValues={{
          name: tariff?.name ?? '',
          name_en: tariff?.name_en ?? '',
          valid_from: tariff?.valid_from ?? `${new Date().getFullYear()}-01-01`,
          valid_to: tariff?.valid_to ?? '',
          demand_mode: tariff?.demand_mode ?? 'none',
          basic_price: tariff?.basic_price ?? null,
          capacity_kva: tariff?.capacity_kva ?? null,
          pf_standard: tariff?.pf_standard ?? 0.9,
          feed_in_price: tariff?.feed_in_price ?? null,
          declared_demand_kw: tariff?.declared_demand_kw ?? null,
        }}
      >
        <Row gutter={12}>
          <Col span={6}><Form.Item name="name" label={t('billing.form.name')} rules={req}><Input data-testid="billing-name" /></Form.Item></Col>
          <Col span={6}><Form.Item name="name_en" label={t('billing.form.nameEn')}><Input /></Form.Item></Col>
          <Col span={6}><Form.Item name="valid_from" label={t('billing.form.validFrom')} rules={req}><Input type="date" data-testid="billing-valid-from" /></Form.Item></Col>
          <Col span={6}><Form.Item name="valid_to" label={t('billing.form.validTo')}><Input type="date" data-testid="billing-valid-to" /></Form.Item></Col>
        </Row>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="demand_mode" label={t('billing.form.demandMode')}>
              <Select options={DEMAND_MODES.map((m) => ({ value: m, label: t(`billing.mode.${m}`) }))} />
            </Form.Item>
          </Col>
          {mode !== 'none' && (
            <Col span={6}>
              <Form.Item name="basic_price" label={`${t('billing.form.basicPrice')} (${t(`billing.unit.${mode}`)})`} rules={req}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {mode === 'capacity' && (
            <Col span={4}>
              <Form.Item name="capacity_kva" label={`${t('billing.form.capacity')} (kVA)`} rules={req}>
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {mode === 'demand' && (
            <Col span={4}>
              <Form.Item name="declared_demand_kw" label={`${t('billing.form.declaredDemand')} (kW)`} tooltip={t('billing.form.declaredDemandHint')}>
                <InputNumber min={1} style={{ width: '100%' }} data-testid="billing-declared-demand" />
              </Form.Item>
            </Col>
          )}
          <Col span={4}>
            <Form.Item name="pf_standard" label={t('billing.form.pfStandard')}>
              <Select allowClear options={[0.9, 0.85, 0.8].map((v) => ({ value: v, label: v.toFixed(2) }))} placeholder={t('billing.none')} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="feed_in_price" label={`${t('billing.form.feedIn')} (${t('billing.unit.kwh')})`}>
              <InputNumber min={0} step={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Divider style={{ margin: '4px 0 12px' }} />
      <Row gutter={16}>
        <Col span={15}>
          <Space style={{ marginBottom: 8 }} wrap>
            <span>{t('billing.form.preset')}</span>
            <Select<TouPreset['id']>
              size="small"
              style={{ width: 300 }}
              value={preset?.id}
              placeholder={t('billing.form.preset')}
              onChange={applyPreset}
              options={TOU_PRESETS.map((p) => ({ value: p.id, label: touPresetName(p, lang) }))}
              data-testid="billing-preset"
            />
          </Space>
          {preset && <Alert style={{ marginBottom: 8 }} type="info" showIcon title={t('billing.form.presetHint', { name: touPresetName(preset, lang), note: preset.note[lang.startsWith('en') ? 'en' : 'zh'] })} data-testid="billing-preset-hint" />}
          <div style={{ marginBottom: 6 }}>{t('billing.form.periods')} · {t('billing.form.month')}</div>
          <Segmented<number> size="small" value={month} onChange={setMonth} options={months.map((m) => ({ value: m.month, label: String(m.month) }))} data-testid="billing-month" />
          <Table
            style={{ marginTop: 8 }}
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={cur.periods}
            columns={[
              {
                title: t('billing.form.band'),
                key: 'band',
                render: (_, p, i) => (
                  <Select<TouBand> size="small" style={{ width: 140 }} value={p.band} options={TOU_BANDS.map((b) => ({ value: b, label: t(`charts.tou.${b}`) }))} onChange={(band) => setCur({ ...cur, periods: cur.periods.map((x, j) => (j === i ? { ...x, band } : x)) })} />
                ),
              },
              ...(['start', 'end'] as const).map((k) => ({
                title: t(`billing.form.${k}`),
                key: k,
                render: (_: unknown, p: TariffMonth['periods'][number], i: number) => (
                  <Input size="small" style={{ width: 80 }} value={p[k]} status={HHMM.test(p[k]) ? undefined : 'error'} onChange={(e) => setCur({ ...cur, periods: cur.periods.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)) })} />
                ),
              })),
              {
                key: 'x',
                render: (_, __, i) => (
                  <Button size="small" type="link" danger disabled={cur.periods.length <= 1} onClick={() => setCur({ ...cur, periods: cur.periods.filter((_x, j) => j !== i) })}>
                    {t('billing.remove')}
                  </Button>
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 8 }} wrap>
            <Button size="small" onClick={() => setCur({ ...cur, periods: [...cur.periods, { band: 'flat', start: '00:00', end: '00:00' }] })}>{t('billing.form.addPeriod')}</Button>
            <Select mode="multiple" size="small" style={{ minWidth: 160 }} placeholder={t('billing.form.copyTo')} value={copyTo} onChange={setCopyTo} options={months.filter((m) => m.month !== month).map((m) => ({ value: m.month, label: String(m.month) }))} />
            <Button size="small" disabled={!copyTo.length} onClick={() => setMonths(copyMonth(months, month, copyTo))}>{t('billing.form.copy')}</Button>
            <Button size="small" onClick={() => setMonths(copyMonth(months, month, months.map((m) => m.month)))}>{t('billing.form.allMonths')}</Button>
          </Space>
        </Col>
        <Col span={9}>
          <div style={{ marginBottom: 6 }}>{t('billing.form.prices')}</div>
          <Space direction="vertical" size={6}>
            {usedBands.map((b) => (
              <Space key={b}>
                <span style={{ display: 'inline-block', width: 100 }}>{t(`charts.tou.${b}`)}</span>
                <InputNumber<number> size="small" min={0} max={20} step={0.01} value={cur.prices[b] ?? null} data-testid={`billing-price-${b}`} onChange={(v) => setCur({ ...cur, prices: { ...cur.prices, [b]: v ?? undefined } })} />
              </Space>
            ))}
          </Space>
          <div style={{ marginTop: 12 }}>
            <TouGridView months={months} cell={9} testId="billing-form-grid" />
          </div>
        </Col>
      </Row>
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} data-testid="billing-form-error" />}
    </Modal>
  );
}
