import { type ManualMeter, type ManualReading } from '@gridops/contract';
import { formatInZone, zonedInstant } from '@gridops/format';
import { Alert, App, Button, Card, Checkbox, Col, Empty, Form, Input, InputNumber, Row, Space, Tag, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../shared/charts';
import { ExportButton } from '../../shared/export';
import { ListFormPage, listQueryProps, refusalOf } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { fileBase64 } from '../../shared/files/base64';
import { dataEntryWrites, useReadings, useSettleDataEntry } from './api';
import { consumptionChartOption } from './chart';
import { ReadingPhotoField, ReadingThumb } from './ReadingPhoto';

interface ReadingValues {
  /** Site-local "YYYY-MM-DD HH:mm". */
  read_at: string;
  value: number;
  replacement: boolean;
  old_final_value: number | null;
  note: string;
  photo?: string | null;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
/** The instant of a site-local "YYYY-MM-DD HH:mm". */
export function localToIso(text: string, zone: string): string {
  const [y, m, d, h, min] = LOCAL.exec(text.trim())!.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(zonedInstant(zone, y, m, d, h, min)).toISOString();
}

/** One meter's readings: consumption chart, import/export, and the list + form with photo. */
export function ReadingsPanel({ meter, zone, canEdit }: { meter: ManualMeter | null; zone: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const q = useReadings(meter?.id ?? null);
  const settle = useSettleDataEntry();
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const items = q.data?.items;
  const option = useMemo(() => consumptionChartOption(items ?? [], zone, { series: t('dataEntry.readings.consumption'), unit: meter?.unit ?? '' }), [items, zone, meter?.unit, t]);
  if (!meter) return <Empty description={t('dataEntry.readings.pick')} data-testid="readings-empty" />;
  const when = (iso: string) => formatInZone(Date.parse(iso), zone, 'YYYY-MM-DD HH:mm');
  const num = (v: number | null) => (v === null ? '-' : String(Math.round(v * 1000) / 1000));

  const columns: TableColumnsType<ManualReading> = [
    { title: t('dataEntry.readings.readAt'), key: 'at', render: (_, r) => <span data-testid={`reading-${r.id}`}>{when(r.read_at)}</span> },
    { title: `${t('dataEntry.readings.value')}`, key: 'value', align: 'right', render: (_, r) => num(r.value) },
    { title: `${t('dataEntry.readings.consumption')} (${meter.unit})`, key: 'used', align: 'right', render: (_, r) => <span data-testid={`reading-used-${r.id}`}>{num(r.consumption)}</span> },
    { title: t('dataEntry.readings.replacement'), key: 'swap', render: (_, r) => (r.replacement ? <Tag color="orange">{`${t('dataEntry.readings.oldFinal')} ${num(r.old_final_value)}`}</Tag> : null) },
    { title: t('dataEntry.readings.note'), dataIndex: 'note', key: 'note' },
    { title: t('dataEntry.readings.photo'), key: 'photo', render: (_, r) => (r.has_photo ? <ReadingThumb id={r.id} version={r.version} /> : null) },
    { title: t('dataEntry.readings.enteredBy'), key: 'by', render: (_, r) => r.entered_by ?? '-' },
  ];

  const importFile = async (file: File) => {
    setImportErrors([]);
    try {
      const r = await dataEntryWrites.importReadings(meter.id, await fileBase64(file));
      if (r.ok) message.success(t('dataEntry.readings.imported', { count: r.created }));
      else setImportErrors(r.errors.map((e) => t('dataEntry.readings.importRow', { row: e.row, column: e.column === 'file' ? t('dataEntry.readings.file') : e.column, message: lang.startsWith('en') ? e.message.en : e.message.zh })));
    } catch (e) {
      message.error(refusalOf(e).message);
    }
    await settle();
  };

  return (
    <Card size="small" title={t('dataEntry.readings.title', { name: localName(meter, lang) })} style={{ marginTop: 16 }} data-testid="readings-panel">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Chart option={option} height={220} ariaLabel={t('dataEntry.readings.chart')} />
        <Space>
          <ExportButton
            fileName={`${localName(meter, lang)}`}
            columns={[
              { title: t('dataEntry.readings.readAt'), key: 'read_at', format: (v) => new Date(String(v)) },
              { title: t('dataEntry.readings.value'), key: 'value' },
              { title: t('dataEntry.readings.replacement'), key: 'replacement', format: (v) => (v ? t('dataEntry.yes') : '') },
              { title: t('dataEntry.readings.oldFinal'), key: 'old_final_value' },
              { title: t('dataEntry.readings.note'), key: 'note' },
            ]}
            rows={items ?? []}
            options={{ zone }}
            data-testid="readings-export"
          >
            {t('dataEntry.readings.export')}
          </ExportButton>
          {canEdit ? (
            <Upload accept=".xlsx" showUploadList={false} beforeUpload={async (file) => { await importFile(file); return false; }}>
              <Button data-testid="readings-import">{t('dataEntry.readings.import')}</Button>
            </Upload>
          ) : null}
        </Space>
        {importErrors.length > 0 ? (
          <Alert type="error" showIcon title={t('dataEntry.readings.importErrors')} description={<ul style={{ margin: 0 }}>{importErrors.map((e) => <li key={e}>{e}</li>)}</ul>} data-testid="readings-import-errors" />
        ) : null}
        <ListFormPage<ManualReading, ReadingValues>
          testId="readings"
          look={SETUP_QUERY}
          intro={t('dataEntry.readings.intro')}
          {...listQueryProps(q)}
          canEdit={canEdit}
          text={{
            add: t('dataEntry.readings.add'),
            addTitle: t('dataEntry.readings.addTitle'),
            editTitle: t('dataEntry.readings.editTitle'),
            readOnly: t('dataEntry.readOnly'),
            saved: t('dataEntry.saved'),
            deleted: t('dataEntry.deleted'),
            deleteTitle: (r) => t('dataEntry.confirmDelete', { name: when(r.read_at) }),
          }}
          columns={columns}
          width={640}
          initialValues={(r) =>
            r
              ? { read_at: when(r.read_at), value: r.value, replacement: r.replacement, old_final_value: r.old_final_value, note: r.note }
              : { read_at: formatInZone(Date.now(), zone, 'YYYY-MM-DD HH:mm'), value: meter.last_value ?? 0, replacement: false, old_final_value: null, note: '' }
          }
          fields={(form) => (
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="read_at" label={`${t('dataEntry.readings.readAt')} (${t('dataEntry.readings.readAtHint')})`} rules={[{ required: true, pattern: LOCAL, message: t('dataEntry.readings.readAtBad') }]}>
                  <Input placeholder="YYYY-MM-DD HH:mm" data-testid="reading-read-at" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="replacement" valuePropName="checked" label={t('dataEntry.readings.replacement')} tooltip={t('dataEntry.readings.replacementHint')}>
                  <Checkbox data-testid="reading-replacement" />
                </Form.Item>
              </Col>
              <Form.Item noStyle shouldUpdate={(a: ReadingValues, b: ReadingValues) => a.replacement !== b.replacement}>
                {() => {
                  const swap = form.getFieldValue('replacement') === true;
                  return (
                    <>
                      {swap ? (
                        <Col span={12}>
                          <Form.Item name="old_final_value" label={t('dataEntry.readings.oldFinal')} rules={[{ required: true, message: t('dataEntry.required', { field: t('dataEntry.readings.oldFinal') }) }]}>
                            <InputNumber min={0} style={{ width: '100%' }} data-testid="reading-old-final" />
                          </Form.Item>
                        </Col>
                      ) : null}
                      <Col span={12}>
                        <Form.Item name="value" label={swap ? t('dataEntry.readings.newStart') : `${t('dataEntry.readings.value')} (${meter.unit})`} rules={[{ required: true, message: t('dataEntry.required', { field: t('dataEntry.readings.value') }) }]}>
                          <InputNumber min={0} style={{ width: '100%' }} data-testid="reading-value" />
                        </Form.Item>
                      </Col>
                    </>
                  );
                }}
              </Form.Item>
              <Col span={24}>
                <Form.Item name="note" label={t('dataEntry.readings.note')} rules={[{ max: 500 }]}>
                  <Input.TextArea rows={2} maxLength={500} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="photo" label={t('dataEntry.readings.photo')}>
                  <ReadingPhotoField existing={null} />
                </Form.Item>
              </Col>
            </Row>
          )}
          save={(v, r) => {
            const body = { read_at: localToIso(v.read_at, zone), value: v.value, replacement: v.replacement === true, old_final_value: v.replacement ? (v.old_final_value ?? null) : null, note: v.note ?? '' };
            return r
              ? dataEntryWrites.updateReading({ ...body, id: r.id, version: r.version, ...(v.photo === undefined ? {} : { photo: v.photo }) })
              : dataEntryWrites.createReading({ ...body, meter_id: meter.id, photo: v.photo ?? null });
          }}
          remove={(r) => dataEntryWrites.removeReading(r.id, r.version)}
          settle={settle}
        />
      </Space>
    </Card>
  );
}
