import { DEMAND_MODES, TOU_BANDS, TOU_PRESETS, touPresetName, type DemandMode, type TariffMonth, type TouBand, type TouPreset } from '@gridops/contract';
import { runtimeZone, siteNow } from '@gridops/format';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Modal, Radio, Row, Segmented, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { billingCalls, refusal, type BillingTariff } from './api';
import { applyPrice, monthsLabel, pricesOver, savedReach, scopeMonths, type MonthScope, type SavedReach } from './tariffReach';
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

const SAME: (keyof Scalars & keyof BillingTariff)[] = ['name', 'name_en', 'demand_mode', 'basic_price', 'capacity_kva', 'pf_standard', 'feed_in_price', 'declared_demand_kw'];

/**
 * The tariff dialog: validity, basic charge, power-factor standard, feed-in price and the TOU scheme of each
 * month. It opens on the site's current month; a price typed applies to the month scope chosen above the
 * prices (this month / chosen months / all months, default all) and the dialog says which months that is.
 */
export function TariffForm({ projectId, tariff, onClose, onSaved }: { projectId: number; tariff: BillingTariff | null; onClose: () => void; onSaved: (saved: BillingTariff, reach: SavedReach) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const { zone } = useFormat();
  const [form] = Form.useForm<Scalars>();
  const [months, setMonths] = useState<TariffMonth[]>(tariff?.months ?? defaultMonths());
  // The site's month now, in the site's clock (not January, not the browser's zone).
  const [month, setMonth] = useState(() => {
    const now = Number(siteNow(zone ?? runtimeZone(), Date.now()).slice(5, 7));
    return months.some((m) => m.month === now) ? now : (months[0]?.month ?? 1);
  });
  const [scope, setScope] = useState<MonthScope>('all');
  const [chosen, setChosen] = useState<number[]>([month]);
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
  const targets = scopeMonths(scope, month, chosen, months);
  const targetSet = new Set(targets);
  // Bands used in any month the prices apply to (a summer-only critical peak shows when the scope holds summer).
  const usedBands = TOU_BANDS.filter((b) => months.some((m) => targetSet.has(m.month) && m.periods.some((p) => p.band === b)));
  const shownPrice = (b: TouBand) => {
    const from = targetSet.has(month) && cur.periods.some((p) => p.band === b) ? cur : months.find((m) => targetSet.has(m.month) && m.periods.some((p) => p.band === b));
    return from?.prices[b] ?? null;
  };
  const lang2 = i18n.language.startsWith('en') ? 'en' : 'zh';
  const reach = monthsLabel(targets, lang2);

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
      const saved = tariff ? await billingCalls.update({ id: tariff.id, version: tariff.version, ...body }) : await billingCalls.create({ project_id: projectId, ...body });
      const scalarsChanged = !tariff || SAME.some((k) => (body[k] ?? null) !== (tariff[k] ?? null));
      await onSaved(saved, savedReach(tariff, saved, scalarsChanged));
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
          <div style={{ marginBottom: 6 }}>{t('billing.form.periods')} · {t('billing.form.month')} <Typography.Text type="secondary">{t('billing.form.periodsOf', { month: monthsLabel([month], lang2) })}</Typography.Text></div>
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
          <div style={{ marginBottom: 6 }}>
            <Radio.Group size="small" optionType="button" value={scope} onChange={(e) => setScope(e.target.value as MonthScope)} data-testid="billing-scope">
              <Radio.Button value="this" data-testid="billing-scope-this">{t('billing.form.scope.this', { month: monthsLabel([month], lang2) })}</Radio.Button>
              <Radio.Button value="chosen" data-testid="billing-scope-chosen">{t('billing.form.scope.chosen')}</Radio.Button>
              <Radio.Button value="all" data-testid="billing-scope-all">{t('billing.form.scope.all')}</Radio.Button>
            </Radio.Group>
          </div>
          {scope === 'chosen' && (
            <Select<number[]>
              mode="multiple"
              size="small"
              style={{ width: '100%', marginBottom: 6 }}
              value={chosen}
              onChange={setChosen}
              placeholder={t('billing.form.scope.pick')}
              options={months.map((m) => ({ value: m.month, label: monthsLabel([m.month], lang2) }))}
              data-testid="billing-scope-months"
            />
          )}
          <Alert
            style={{ marginBottom: 8, padding: '2px 8px' }}
            type={targets.length ? 'info' : 'warning'}
            title={targets.length ? t('billing.form.appliesTo', { months: reach }) : t('billing.form.scope.none')}
            data-testid="billing-scope-reach"
          />
          <Space direction="vertical" size={6}>
            {usedBands.map((b) => {
              const differ = pricesOver(months, targets, b);
              return (
                <Space key={b}>
                  <span style={{ display: 'inline-block', width: 100 }}>{t(`charts.tou.${b}`)}</span>
                  <InputNumber<number> size="small" min={0} max={20} step={0.01} value={shownPrice(b)} data-testid={`billing-price-${b}`} onChange={(v) => setMonths(applyPrice(months, targets, b, v ?? undefined))} />
                  {differ.length > 1 && <Typography.Text type="warning" style={{ fontSize: 12 }}>{t('billing.form.differ', { min: differ[0], max: differ.at(-1) })}</Typography.Text>}
                </Space>
              );
            })}
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
