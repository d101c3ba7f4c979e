import type { InspectionTask } from '@gridops/contract';
import { App, Badge, Button, Card, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localText } from '../../shared/ui/localName';
import { inspectionCalls, refusal, useInvalidateInspection, useMyTasks } from './api';
import { drafts } from './drafts';
import { installWorkerPwa } from './pwa';
import { TaskStatusTag, windowText } from './shared';
import { groupTasks, TASK_GROUPS } from './taskOrder';
import { useOnline } from './useOnline';
import { flushOutbox } from './WorkerInspectForm';

function TaskCard({ task }: { task: InspectionTask }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const online = useOnline();
  const queued = drafts().get(task.id)?.queued === true;
  const open = async () => {
    if (online && task.status !== 'done' && !task.started_at) {
      try {
        await inspectionCalls.start(task.id);
      } catch (e) {
        message.error(refusal(e).message);
        return;
      }
    }
    void navigate(`/WorkerInspectForm?task=${task.id}`);
  };
  const label = task.status === 'done' ? t('inspection.done') : task.started_at ? t('inspection.continue') : t('inspection.start');
  return (
    <Card size="small" style={{ marginBottom: 10 }} data-testid={`task-card-${task.id}`} data-plan={task.plan_id}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <div>
          <Typography.Text strong>{localText(task.plan_name, task.plan_name_en, i18n.language)}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{localText(task.project_name, task.project_name_en, i18n.language)}</Typography.Text>
          </div>
          <div>
            {task.occurrence} {windowText(task)} · {t('inspection.checkpoints', { count: task.checkpoint_count })}
          </div>
          <Space size={4} style={{ marginTop: 4 }}>
            <TaskStatusTag task={task} />
            {queued ? <Tag color="purple">{t('inspection.draftQueued')}</Tag> : null}
            {task.finding_count ? <Badge count={task.finding_count} title={t('inspection.findings')} /> : null}
          </Space>
        </div>
        <Button type={task.status === 'done' ? 'default' : 'primary'} size="large" onClick={() => void open()} data-testid={`task-open-${task.id}`}>
          {label}
        </Button>
      </Space>
    </Card>
  );
}

/** /WorkerInspect: the worker's inspections as cards for a phone: today's round first, then overdue ones, then later ones. */
export function WorkerInspectPage() {
  const { t } = useTranslation();
  const query = useMyTasks();
  const online = useOnline();
  const invalidate = useInvalidateInspection();
  useEffect(installWorkerPwa, []);
  // Drafts submitted while offline go out as soon as the phone is online (and when the list opens).
  useEffect(() => {
    if (online && drafts().outbox().length) void flushOutbox().then((done) => (done.length ? invalidate() : undefined));
  }, [online, invalidate]);

  if (query.isPending) return <Skeleton active />;
  const groups = groupTasks(query.data?.list ?? []);
  return (
    <div data-testid="worker-inspect">
      {TASK_GROUPS.map((g) =>
        g === 'today' || groups[g].length ? (
          <section key={g} data-testid={`task-group-${g}`} data-group={g}>
            <Typography.Title level={5} type={g === 'overdue' ? 'danger' : undefined}>
              {t(`inspection.group.${g}`)} {g === 'today' ? (query.data?.today ?? '') : `(${groups[g].length})`}
            </Typography.Title>
            {g === 'today' && groups.today.length === 0 ? (
              <Empty description={t('inspection.noTasks')} data-testid="no-tasks" />
            ) : (
              groups[g].map((x) => <TaskCard key={x.id} task={x} />)
            )}
          </section>
        ) : null,
      )}
    </div>
  );
}
