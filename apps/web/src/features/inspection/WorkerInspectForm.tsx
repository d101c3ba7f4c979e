import { isAbnormal, type TaskDetail } from '@gridops/contract';
import { Alert, App, Button, Card, Empty, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { localText } from '../../shared/ui/localName';
import { createDefectFromFinding, inspectionCalls, isOffline, refusal, useInvalidateInspection, useTask } from './api';
import { CheckpointStep } from './CheckpointStep';
import { drafts, type Draft, type DraftCheckpoint } from './drafts';
import { answerProblems } from './ItemField';
import { installWorkerPwa } from './pwa';
import { TaskStatusTag, windowText } from './shared';
import { useOnline } from './useOnline';

/**
 * Sends the phone's outbox (submitted drafts); answers the tasks that went through. A refusal by the server (not a
 * lost connection) returns that draft to editing and is passed to `onRefused`.
 */
export const flushOutbox = (onRefused: (e: unknown) => void = () => undefined) =>
  drafts().flush(
    async (d) => {
      await inspectionCalls.submit({ id: d.task_id, submission_id: d.submission_id, checkpoints: d.checkpoints });
    },
    (e) => {
      if (isOffline(e)) return true;
      onRefused(e);
      return false;
    },
  );

function complete(task: TaskDetail, d: Draft): boolean {
  return task.checkpoints.every((cp) => {
    const r = d.checkpoints.find((x) => x.seq === cp.seq);
    if (!r) return false;
    return cp.items.every((item) => {
      const a = r.answers.find((x) => x.key === item.key);
      if (!a) return false;
      const p = answerProblems(item, a);
      return !p.value && !p.note && !p.photo;
    });
  });
}

/** A submitted task on the phone: what was found, with "create defect" on each finding. */
function DoneView({ task }: { task: TaskDetail }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidateInspection();
  return (
    <Card size="small" title={t('inspection.findings')} data-testid="task-findings">
      {task.findings.length === 0 ? <Empty description={t('inspection.noFindings')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
      {task.findings.map((f) => (
        <Card key={f.id} size="small" style={{ marginBottom: 8 }}>
          <Typography.Text strong>{localText(f.checkpoint_name, f.checkpoint_name_en, i18n.language)}</Typography.Text> · {localText(f.item_name, f.item_name_en, i18n.language)}
          {f.value !== null ? ` ${f.value} ${f.unit}` : ''}
          <div>{f.note}</div>
          {f.defect_status === 'open' ? (
            <Button
              danger
              style={{ marginTop: 8 }}
              onClick={() =>
                void createDefectFromFinding(f)
                  .then(() => invalidate())
                  .catch((e: unknown) => message.error(refusal(e).message))
              }
              data-testid={`create-defect-${f.id}`}
            >
              {t('inspection.createDefect')}
            </Button>
          ) : (
            <Tag color="orange">{t('inspection.defectRequested')}</Tag>
          )}
        </Card>
      ))}
    </Card>
  );
}

/**
 * /WorkerInspectForm?task=ID: the route checkpoint by checkpoint; the draft is saved on the phone at every change.
 * `taskId` overrides the query (tests render the page without a location).
 */
export function WorkerInspectForm({ taskId: given }: { taskId?: number } = {}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = given ?? (Number(params.get('task')) || null);
  const query = useTask(taskId);
  const online = useOnline();
  const invalidate = useInvalidateInspection();
  const [draft, setDraft] = useState<Draft | null>(() => (taskId ? drafts().open(taskId) : null));
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const task = query.data ?? draft?.task;

  useEffect(installWorkerPwa, []);
  // Keep the task with the draft, so the form reopens offline.
  useEffect(() => {
    if (query.data) drafts().rememberTask(query.data);
  }, [query.data]);

  const update = useCallback((r: DraftCheckpoint) => {
    setDraft((d) => {
      if (!d) return d;
      const next = { ...d, checkpoints: [...d.checkpoints.filter((c) => c.seq !== r.seq), r].sort((a, b) => a.seq - b.seq) };
      drafts().save(next);
      return next;
    });
  }, []);

  const send = useCallback(async () => {
    if (!taskId) return;
    setSending(true);
    try {
      const done = await flushOutbox((e) => message.error(refusal(e).message));
      if (done.includes(taskId)) {
        message.success(t('inspection.sent'));
        await invalidate();
        void navigate('/WorkerInspect');
        return;
      }
      const left = drafts().get(taskId);
      if (left && !left.queued) setDraft(left);
    } finally {
      setSending(false);
    }
  }, [taskId, message, t, invalidate, navigate]);

  // Back online (or opened with a queued draft): send what is queued.
  useEffect(() => {
    const retry = () => {
      if (taskId && navigator.onLine && drafts().get(taskId)?.queued) void send();
    };
    window.addEventListener('online', retry);
    const first = window.setTimeout(retry, 0);
    return () => {
      window.removeEventListener('online', retry);
      window.clearTimeout(first);
    };
  }, [taskId, send]);

  const ready = useMemo(() => (task && draft ? complete(task, draft) : false), [task, draft]);
  if (!taskId) return <Empty description={t('inspection.notFound')} />;
  if (!task) return query.isError ? <Empty description={t('inspection.notFound')} data-testid="task-missing" /> : <Skeleton active />;
  if (!draft) return null;

  const cp = task.checkpoints[Math.min(step, task.checkpoints.length - 1)];
  const doneCount = draft.checkpoints.length;
  const abnormal = task.checkpoints.some((c) => c.items.some((i) => { const a = draft.checkpoints.find((x) => x.seq === c.seq)?.answers.find((x) => x.key === i.key); return a ? isAbnormal(i, a) : false; }));

  const submit = () => {
    if (!ready) {
      message.warning(t('inspection.incomplete'));
      return;
    }
    // Queued first (kept if the tab closes now), then sent; offline, the 'online' listener above sends it.
    drafts().queue(task.id);
    setDraft({ ...draft, queued: true });
    if (navigator.onLine) void send();
  };

  return (
    <div data-testid="inspect-form" data-task={task.id}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {localText(task.plan_name, task.plan_name_en, i18n.language)}
      </Typography.Title>
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          {localText(task.project_name, task.project_name_en, i18n.language)} · {task.occurrence} {windowText(task)}
        </Typography.Text>
        <TaskStatusTag task={task} />
      </Space>
      {!online ? <Alert type="warning" showIcon title={t('inspection.offline')} style={{ marginBottom: 8 }} data-testid="offline-banner" /> : null}
      {draft.queued ? <Alert type="info" showIcon title={t('inspection.offlineQueued')} style={{ marginBottom: 8 }} data-testid="draft-queued" /> : null}
      {task.status === 'done' ? (
        <DoneView task={task} />
      ) : (
        <>
          <Progress percent={Math.round((doneCount / task.checkpoints.length) * 100)} format={() => t('inspection.progress', { done: doneCount, total: task.checkpoints.length })} />
          {cp ? <CheckpointStep key={cp.seq} cp={cp} zone={task.timezone} result={draft.checkpoints.find((r) => r.seq === cp.seq)} onChange={update} /> : null}
          <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
            <Button size="large" disabled={step === 0} onClick={() => setStep((s) => s - 1)} data-testid="prev-checkpoint">
              {t('inspection.prev')}
            </Button>
            {step < task.checkpoints.length - 1 ? (
              <Button size="large" type="primary" onClick={() => setStep((s) => s + 1)} data-testid="next-checkpoint">
                {t('inspection.next')}
              </Button>
            ) : (
              <Button size="large" type="primary" danger={abnormal} loading={sending} disabled={draft.queued} onClick={submit} data-testid="submit-task">
                {t('inspection.submit')}
              </Button>
            )}
          </Space>
        </>
      )}
    </div>
  );
}
