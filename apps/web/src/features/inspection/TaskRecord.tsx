import type { InspectionItem, TaskDetail } from '@gridops/contract';
import { Card, Descriptions, Drawer, Image, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import { usePhoto, useTask } from './api';
import { FindingList } from './FindingList';
import { siteTime, TaskStatusTag, windowText } from './shared';

function Photo({ id }: { id: number }) {
  const q = usePhoto(id);
  if (!q.data) return <Skeleton.Image active style={{ width: 72, height: 72 }} />;
  return <Image width={72} height={72} style={{ objectFit: 'cover' }} src={`data:${q.data.photo_type};base64,${q.data.photo}`} data-testid="record-photo" />;
}

function answerText(item: InspectionItem, a: TaskDetail['results'][number]['answers'][number], t: (k: string) => string, lang: string): string {
  if (item.kind === 'visual') return a.ok ? t('inspection.ok') : t('inspection.notOk');
  if (item.kind === 'reading') return a.value === null ? '' : `${a.value}${item.unit ? ` ${item.unit}` : ''}`;
  if (item.kind === 'choice') {
    const o = a.choice === null ? undefined : item.options[a.choice];
    return o ? localText(o.zh, o.en, lang) : '';
  }
  return '';
}

/** One task's record: times, check-in evidence per checkpoint, every answer with its photos, the findings. */
export function TaskRecord({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const q = useTask(taskId);
  const task = q.data;
  return (
    <Drawer open={taskId !== null} onClose={onClose} title={t('inspection.record')} size={620} destroyOnHidden>
      {!task ? (
        <Skeleton active />
      ) : (
        <div data-testid="task-record">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('inspection.plan')}>{localText(task.plan_name, task.plan_name_en, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t('inspection.status')}>
              <TaskStatusTag task={task} />
            </Descriptions.Item>
            <Descriptions.Item label={t('inspection.date')}>
              {task.occurrence} {windowText(task)}
            </Descriptions.Item>
            <Descriptions.Item label={t('inspection.assignee')}>{localText(task.assignee_name, task.assignee_name_en, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t('inspection.startedAt')}>{siteTime(task.started_at, task.timezone) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('inspection.submittedAt')}>{siteTime(task.submitted_at, task.timezone) || '—'}</Descriptions.Item>
          </Descriptions>
          {task.checkpoints.map((cp) => {
            const r = task.results.find((x) => x.seq === cp.seq);
            return (
              <Card key={cp.seq} size="small" style={{ marginTop: 12 }} title={`${cp.seq + 1}. ${localText(cp.name, cp.name_en, i18n.language)}`}>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  {t('inspection.evidence')}: {r ? `${r.code} · ${t(`inspection.method.${r.method}`)} · ${siteTime(r.checked_in_at, task.timezone)}` : '—'}
                </Typography.Paragraph>
                {cp.items.map((item) => {
                  const a = r?.answers.find((x) => x.key === item.key);
                  return (
                    <div key={item.key} style={{ marginBottom: 6 }}>
                      <Space wrap>
                        <span>{localText(item.name, item.name_en, i18n.language)}</span>
                        {a ? <Tag color={a.abnormal ? 'red' : 'green'}>{answerText(item, a, t, i18n.language) || (a.abnormal ? t('inspection.notOk') : t('inspection.ok'))}</Tag> : '—'}
                        {a?.note ? <Typography.Text type="secondary">{a.note}</Typography.Text> : null}
                      </Space>
                      {a?.photo_ids.length ? (
                        <Space style={{ display: 'flex', marginTop: 4 }}>
                          {a.photo_ids.map((id) => (
                            <Photo key={id} id={id} />
                          ))}
                        </Space>
                      ) : null}
                    </div>
                  );
                })}
              </Card>
            );
          })}
          {task.findings.length ? (
            <Card size="small" style={{ marginTop: 12 }} title={t('inspection.findings')}>
              <FindingList findings={task.findings} zone={task.timezone} />
            </Card>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}
