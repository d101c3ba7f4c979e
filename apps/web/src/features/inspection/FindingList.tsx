import type { Finding } from '@gridops/contract';
import { App, Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import { createDefectFromFinding, refusal, useInvalidateInspection } from './api';
import { siteTime } from './shared';

/** Abnormal findings with the one "create defect" action (createDefectFromFinding in api.ts). */
export function FindingList({ findings, zone, onOpenTask }: { findings: Finding[]; zone: string; onOpenTask?: (taskId: number) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidateInspection();
  const request = async (f: Finding) => {
    try {
      await createDefectFromFinding(f);
      message.success(t('inspection.defectRequested'));
    } catch (e) {
      message.error(refusal(e).message);
    }
    await invalidate();
  };
  return (
    <Table<Finding>
      rowKey="id"
      size="small"
      dataSource={findings}
      pagination={{ pageSize: 8, hideOnSinglePage: true }}
      locale={{ emptyText: t('inspection.noFindings') }}
      data-testid="finding-table"
      columns={[
        { title: t('inspection.date'), render: (_, f) => siteTime(f.created_at, zone), width: 140 },
        { title: t('inspection.checkpoint'), render: (_, f) => localText(f.checkpoint_name, f.checkpoint_name_en, i18n.language) },
        { title: t('inspection.item'), render: (_, f) => `${localText(f.item_name, f.item_name_en, i18n.language)}${f.value !== null ? ` ${f.value}${f.unit ? ` ${f.unit}` : ''}` : ''}` },
        { title: t('inspection.note'), dataIndex: 'note', ellipsis: true },
        {
          title: t('inspection.status'),
          render: (_, f) =>
            f.defect_status === 'open' ? (
              <Button size="small" danger onClick={() => void request(f)} data-testid={`create-defect-${f.id}`}>
                {t('inspection.createDefect')}
              </Button>
            ) : (
              <Tag color="orange">{t('inspection.defect.defect_requested')}</Tag>
            ),
        },
        ...(onOpenTask ? [{ title: '', render: (_: unknown, f: Finding) => <Button size="small" type="link" onClick={() => onOpenTask(f.task_id)}>{t('inspection.record')}</Button> }] : []),
      ]}
    />
  );
}
