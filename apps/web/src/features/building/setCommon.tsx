import type { BuildingDevice } from '@gridops/contract';
import { Col, Form, Input, InputNumber, Row, Space } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { ExportButton, type ExportColumn } from '../../shared/export';
import { listQueryProps } from '../../shared/ui/listForm/ListFormPage';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { useSettleBuilding } from './api';

/** What the five set pages give ListFormPage alike: list state, texts of the set, permission, delete, re-read. */
export function useSetListProps<T extends { id: number; version: number; name: string; name_en: string }>(key: 'group' | 'air' | 'outdoor' | 'water' | 'power', testId: string, q: UseQueryResult<{ items: T[] }>, remove: (id: number, version: number) => Promise<unknown>) {
  const { t, i18n } = useTranslation();
  const settle = useSettleBuilding();
  return {
    testId,
    look: SETUP_QUERY,
    intro: t(`building.${key}.intro`),
    ...listQueryProps(q),
    canEdit: useCanConfigure(),
    text: {
      add: t(`building.${key}.add`),
      addTitle: t(`building.${key}.addTitle`),
      editTitle: t(`building.${key}.editTitle`),
      readOnly: t('building.readOnly'),
      saved: t('building.saved'),
      deleted: t('building.deleted'),
      deleteTitle: (item: T) => t('building.confirmDelete', { name: localName(item, i18n.language) }),
    },
    remove: (item: T) => remove(item.id, item.version),
    settle,
  };
}

/** The routed page: the site picker's gate around one site's list, with the list's .xlsx export above it. */
export function setPage(Inner: ComponentType<{ projectId: number }>, testId: string) {
  return function BuildingSetPage() {
    return <SiteGate prompt={SETUP_SITE} testId={testId}>{(id) => <Inner key={id} projectId={id} />}</SiteGate>;
  };
}

export function SetExport<Row>({ fileName, columns, rows }: { fileName: string; columns: ExportColumn<Row>[]; rows: readonly Row[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Space style={{ marginBottom: 8 }}>
      <ExportButton fileName={fileName} columns={columns} rows={rows ?? []} size="small" data-testid="set-export">
        {t('export.button')}
      </ExportButton>
    </Space>
  );
}

export function NameFields() {
  const { t } = useTranslation();
  const required = (field: string) => ({ required: true, whitespace: true, message: t('building.required', { field }) });
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="name" label={t('building.name')} rules={[required(t('building.name')), { max: 64 }]}>
          <Input maxLength={64} data-testid="set-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="name_en" label={t('building.nameEn')} rules={[required(t('building.nameEn')), { max: 64 }]}>
          <Input maxLength={64} data-testid="set-name-en" />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function NumberField({ name, label, min, max, precision = 1, testId }: { name: string | (string | number)[]; label: string; min: number; max: number; precision?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('building.required', { field: label }) }]}>
      <InputNumber min={min} max={max} precision={precision} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

export const deviceOptions = (devices: BuildingDevice[] | undefined, lang: string, kinds?: readonly string[]) =>
  (devices ?? []).filter((d) => !kinds || kinds.includes(d.kind)).map((d) => ({ value: d.id, label: `${localName(d, lang)} (${d.sn})` }));
export const deviceName = (id: number | null, devices: BuildingDevice[] | undefined, lang: string) => {
  const d = id === null ? undefined : devices?.find((x) => x.id === id);
  return d ? localName(d, lang) : '-';
};
