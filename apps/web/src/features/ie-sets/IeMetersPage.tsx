import { doubleCounted, type EnergyType, type IeMeter } from '@gridops/contract';
import { Alert, App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { toEditError } from '../../api/editError';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { ieApi, useIeCategories, useIeMeters, useInvalidateIe } from './api';

interface MeterRow extends IeMeter {
  children?: MeterRow[];
}

/** The flat list as antd's tree rows (children under their parent, in list order). */
export function meterRows(meters: readonly IeMeter[]): MeterRow[] {
  const rows = new Map<number, MeterRow>(meters.map((m) => [m.node_id, { ...m }]));
  const roots: MeterRow[] = [];
  for (const m of meters) {
    const row = rows.get(m.node_id)!;
    const parent = m.parent_id === null ? undefined : rows.get(m.parent_id);
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  return roots;
}

/** The meters of one energy type with their use category (/RunSetup/Ie*Set); saved all at once. */
function IeMeters({ projectId, type }: { projectId: number; type: EnergyType }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const canEdit = useCanConfigure();
  const meters = useIeMeters(projectId, type);
  const categories = useIeCategories(projectId, type);
  const invalidate = useInvalidateIe();
  /** Unsaved choices by node id (null: no category). */
  const [draft, setDraft] = useState<Map<number, number | null>>(new Map());
  const [saving, setSaving] = useState(false);
  const list = useMemo(() => meters.data?.meters ?? [], [meters.data]);
  const categoryOf = (m: IeMeter) => (draft.has(m.node_id) ? draft.get(m.node_id)! : m.category_id);
  const byId = useMemo(() => new Map(list.map((m) => [m.node_id, m])), [list]);
  const assigned = new Set(list.filter((m) => categoryOf(m) !== null).map((m) => m.node_id));
  const conflicts = doubleCounted(
    list.map((m) => ({ id: m.node_id, parent_id: m.parent_id })),
    assigned,
  );
  const inConflict = new Set(conflicts.flat());
  const changes = [...draft.entries()].filter(([id, c]) => byId.get(id)?.category_id !== c);
  const options = [
    { value: 0, label: t('ieSets.none') },
    ...(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: localName(c, lang) })),
  ];

  const save = async () => {
    setSaving(true);
    try {
      await ieApi.assign({ project_id: projectId, energy_type: type, assignments: changes.map(([node_id, category_id]) => ({ node_id, category_id })) });
      message.success(t('ieSets.saved'));
      setDraft(new Map());
    } catch (e) {
      message.error(toEditError(e).message);
    } finally {
      setSaving(false);
      await invalidate();
    }
  };

  const columns: TableColumnsType<MeterRow> = [
    { title: t('ieSets.meterCol'), key: 'name', render: (_, m) => <span data-testid={`ie-meter-${m.node_id}`}>{localName(m, lang)}</span> },
    { title: t('ieSets.nodeTypeCol'), key: 'type', width: 140, render: (_, m) => t(`energySetup.nodeType.${m.node_type}`) },
    {
      title: t('ieSets.deviceCol'),
      key: 'device',
      width: 240,
      render: (_, m) =>
        m.device_name ? (
          <Typography.Text type="secondary">{`${localName({ name: m.device_name, name_en: m.device_name_en ?? '' }, lang)} · ${m.point_key ?? ''}`}</Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('ieSets.categoryCol'),
      key: 'category',
      width: 260,
      render: (_, m) =>
        m.assignable ? (
          <Select
            size="small"
            style={{ width: 230 }}
            value={categoryOf(m) ?? 0}
            options={options}
            disabled={!canEdit}
            status={inConflict.has(m.node_id) ? 'error' : undefined}
            onChange={(v: number) => setDraft((d) => new Map(d).set(m.node_id, v === 0 ? null : v))}
            data-testid={`ie-select-${m.node_id}`}
          />
        ) : (
          <Tag>{t('ieSets.notAssignable')}</Tag>
        ),
    },
  ];
  const typeName = t(`ieSets.typeName.${type}`);

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="ie-meters">
      <Alert type="info" showIcon title={t('ieSets.metersIntro', { type: typeName })} />
      {conflicts.map(([low, high]) => (
        <Alert
          key={`${low}-${high}`}
          type="error"
          showIcon
          data-testid="ie-conflict"
          title={t('ieSets.conflict', { low: localName(byId.get(low)!, lang), high: localName(byId.get(high)!, lang) })}
        />
      ))}
      <Space wrap>
        {canEdit ? (
          <>
            <Button type="primary" loading={saving} disabled={changes.length === 0 || conflicts.length > 0} onClick={() => void save()} data-testid="ie-save">
              {t('ieSets.save')}
            </Button>
            <Button disabled={draft.size === 0} onClick={() => setDraft(new Map())}>
              {t('ieSets.reset')}
            </Button>
            {changes.length > 0 ? <Typography.Text type="warning">{t('ieSets.changed', { count: changes.length })}</Typography.Text> : null}
          </>
        ) : (
          <Tag data-testid="read-only">{t('ieSets.readOnly')}</Tag>
        )}
        <Typography.Text type="secondary" data-testid="ie-assigned-count">
          {t('ieSets.assignedSummary', { count: assigned.size })}
        </Typography.Text>
      </Space>
      <QueryState
        look={SETUP_QUERY}
        loading={meters.isPending || categories.isPending}
        error={meters.error ?? categories.error}
        onRetry={() => void invalidate()}
        empty={list.length === 0}
        emptyText={t('ieSets.noMeters', { type: typeName })}
      >
        <Table<MeterRow> rowKey="node_id" size="small" columns={columns} dataSource={meterRows(list)} pagination={false} expandable={{ defaultExpandAllRows: true }} />
      </QueryState>
    </Space>
  );
}

export const IeMetersPage = ({ type }: { type: EnergyType }) => (
  <SiteGate prompt={SETUP_SITE} testId={`ie-meters-${type}`}>
    {(id) => <IeMeters key={`${id}-${type}`} projectId={id} type={type} />}
  </SiteGate>
);
