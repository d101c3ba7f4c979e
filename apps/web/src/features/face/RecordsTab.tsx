import { FACE_RESULTS, type FaceRecord, type FaceResult } from '@gridops/contract';
import { formatInZone, siteDayEnd, siteDayStart } from '@gridops/format';
import { Button, DatePicker, Image, Modal, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { localName } from '../../shared/ui/localName';
import { useFaceLiveRefresh, useFacePeople, useFaceRecords, useFaceSnapshot, useFaceTerminals, type FaceRecordFilter } from './api';

/** The snapshot of one record, fetched when opened (an audited view on the server). */
function SnapshotModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useFaceSnapshot(id);
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} title={t('face.records.snapshotTitle')} width={360} destroyOnHidden>
      {q.data ? <Image src={`data:${q.data.photo_type};base64,${q.data.photo}`} width={256} preview={false} data-testid="face-snapshot-img" style={{ imageRendering: 'pixelated' }} /> : <Spin />}
    </Modal>
  );
}

/** Recognition records with filters: person, terminal, result, strangers, a date range of site days. */
export function RecordsTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const zone = useDisplayZone();
  const [filter, setFilter] = useState<FaceRecordFilter>({ page: 1, size: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const people = useFacePeople(projectId);
  const terminals = useFaceTerminals(projectId);
  const q = useFaceRecords(projectId, filter);
  useFaceLiveRefresh(projectId);
  const set = (patch: Partial<FaceRecordFilter>) => setFilter((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const onRange = (r: [Dayjs | null, Dayjs | null] | null) =>
    set(r?.[0] && r[1] ? { from: siteDayStart(r[0].format('YYYY-MM-DD'), zone).toISOString(), to: siteDayEnd(r[1].format('YYYY-MM-DD'), zone).toISOString() } : { from: undefined, to: undefined });
  const who = (r: FaceRecord) => (r.stranger ? <Tag color="volcano">{t('face.records.stranger')}</Tag> : r.person_name || <Typography.Text type="secondary">{t('face.records.deletedPerson')}</Typography.Text>);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="face-records">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('face.records.intro')}
      </Typography.Paragraph>
      <Space wrap>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t('face.records.allPeople')}
          options={(people.data?.items ?? []).filter((p) => !p.deleting).map((p) => ({ value: p.id, label: localName(p, lang) }))}
          onChange={(v?: number) => set({ person_id: v })}
          data-testid="face-records-person"
        />
        <Select allowClear style={{ width: 220 }} placeholder={t('face.records.allTerminals')} options={(terminals.data?.items ?? []).map((x) => ({ value: x.id, label: x.name }))} onChange={(v?: number) => set({ terminal_id: v })} />
        <Select allowClear style={{ width: 140 }} placeholder={t('face.records.allResults')} options={FACE_RESULTS.map((r) => ({ value: r, label: t(`face.records.results.${r}`) }))} onChange={(v?: FaceResult) => set({ result: v })} />
        <Select
          style={{ width: 170 }}
          value={filter.stranger ?? 'all'}
          options={[
            { value: 'all', label: t('face.records.whoAll') },
            { value: 'true', label: t('face.records.whoStrangers') },
            { value: 'false', label: t('face.records.whoKnown') },
          ]}
          onChange={(v: string) => set({ stranger: v === 'all' ? undefined : (v as 'true' | 'false') })}
          data-testid="face-records-who"
        />
        <DatePicker.RangePicker onChange={(r) => onRange(r as [Dayjs | null, Dayjs | null] | null)} />
      </Space>
      <Table<FaceRecord>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ current: filter.page, pageSize: filter.size, total: q.data?.total ?? 0, showTotal: (n) => t('face.records.total', { n }), onChange: (page, size) => set({ page, size }) }}
        onRow={(r) => ({ 'data-testid': `face-record-${r.id}`, 'data-person': r.person_id ?? '' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('face.records.time'), key: 'ts', render: (_, r) => formatInZone(Date.parse(r.ts), zone, 'YYYY-MM-DD HH:mm:ss') },
          { title: t('face.records.terminal'), dataIndex: 'terminal_name', key: 'terminal' },
          { title: t('face.records.person'), key: 'person', render: (_, r) => who(r) },
          { title: t('face.records.score'), key: 'score', render: (_, r) => `${Math.round(r.score * 100)}%` },
          { title: t('face.records.result'), key: 'result', render: (_, r) => <Tag color={r.result === 'pass' ? 'green' : 'red'}>{t(`face.records.results.${r.result}`)}</Tag> },
          { title: t('face.records.alarm'), key: 'alarm', render: (_, r) => (r.event_id ? <Tag color="red">{t('face.records.raised')}</Tag> : null) },
          {
            title: t('face.records.snapshot'),
            key: 'snapshot',
            render: (_, r) =>
              r.has_snapshot ? (
                <Button size="small" onClick={() => setOpen(r.id)} data-testid={`face-record-view-${r.id}`}>
                  {t('face.records.view')}
                </Button>
              ) : null,
          },
        ]}
      />
      <SnapshotModal id={open} onClose={() => setOpen(null)} />
    </Space>
  );
}
