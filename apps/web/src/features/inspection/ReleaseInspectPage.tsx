import { PlusOutlined } from '@ant-design/icons';
import type { InspectionPlan, InspectionTemplate } from '@gridops/contract';
import { App, Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { localText } from '../../shared/ui/localName';
import { SiteGate, type SitePrompt } from '../../shared/ui/SiteGate';
import { inspectionCalls, refusal, useInvalidateInspection, usePlans, useTemplates } from './api';
import { PlanDrawer } from './PlanDrawer';
import { scheduleText } from './shared';
import { TemplateDrawer } from './TemplateDrawer';

const SITE: SitePrompt = { title: 'common.needSite', hint: 'energySetup.common.needSiteHint', testId: () => 'need-site', hintStyle: { color: 'rgba(255,255,255,0.45)' } };
const STATUS_COLOR = { draft: 'default', published: 'green', paused: 'orange' } as const;

function Plans({ projectId, templates, canEdit }: { projectId: number; templates: InspectionTemplate[]; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const plans = usePlans(projectId);
  const invalidate = useInvalidateInspection();
  const [editing, setEditing] = useState<InspectionPlan | null | 'new'>(null);
  const setStatus = async (p: InspectionPlan, status: 'published' | 'paused') => {
    try {
      await inspectionCalls.setPlanStatus({ id: p.id, status, version: p.version });
      message.success(status === 'published' ? t('inspection.published') : t('inspection.saved'));
    } catch (e) {
      message.error(refusal(e).message);
    }
    await invalidate();
  };
  return (
    <>
      {canEdit ? (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} disabled={templates.length === 0} onClick={() => setEditing('new')} data-testid="plan-add">
          {t('inspection.add')}
        </Button>
      ) : null}
      {canEdit && templates.length === 0 ? <Typography.Text type="secondary"> {t('inspection.noTemplates')}</Typography.Text> : null}
      <Table<InspectionPlan>
        rowKey="id"
        size="small"
        loading={plans.isPending}
        dataSource={plans.data ?? []}
        pagination={false}
        data-testid="plan-table"
        columns={[
          { title: t('inspection.name'), render: (_, p) => localText(p.name, p.name_en, i18n.language) },
          {
            title: t('inspection.route'),
            render: (_, p) => (
              <Typography.Text ellipsis style={{ maxWidth: 320 }} title={p.checkpoints.map((c) => localText(c.name, c.name_en, i18n.language)).join(' → ')}>
                {p.checkpoints.map((c) => localText(c.name, c.name_en, i18n.language)).join(' → ')}
              </Typography.Text>
            ),
          },
          { title: t('inspection.schedule'), render: (_, p) => <span title={p.rrule}>{scheduleText(p, t)}</span> },
          { title: t('inspection.window'), render: (_, p) => `${p.window_start}–${p.window_end}` },
          { title: t('inspection.assignee'), render: (_, p) => localText(p.assignee_name, p.assignee_name_en, i18n.language) },
          { title: t('inspection.status'), render: (_, p) => <Tag color={STATUS_COLOR[p.status]}>{t(`inspection.planStatus.${p.status}`)}</Tag> },
          ...(canEdit
            ? [
                {
                  title: t('inspection.actions'),
                  render: (_: unknown, p: InspectionPlan) => (
                    <Space size={4}>
                      <Button size="small" onClick={() => setEditing(p)}>
                        {t('inspection.edit')}
                      </Button>
                      {p.status === 'published' ? (
                        <Button size="small" onClick={() => void setStatus(p, 'paused')}>
                          {t('inspection.pause')}
                        </Button>
                      ) : (
                        <Button size="small" type="primary" onClick={() => void setStatus(p, 'published')} data-testid={`plan-publish-${p.id}`}>
                          {t('inspection.publish')}
                        </Button>
                      )}
                      <ConfirmAction title={t('inspection.confirmRemove')} okText={t('inspection.remove')} label={t('inspection.remove')} run={() => inspectionCalls.deletePlan(p.id)} done={t('inspection.removed')} failure={(e) => refusal(e).message} settle={invalidate} />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <PlanDrawer
        projectId={projectId}
        plan={editing === 'new' ? null : editing}
        templates={templates}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void invalidate();
        }}
      />
    </>
  );
}

function Templates({ projectId, templates, loading, canEdit }: { projectId: number; templates: InspectionTemplate[]; loading: boolean; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateInspection();
  const [editing, setEditing] = useState<InspectionTemplate | null | 'new'>(null);
  return (
    <>
      {canEdit ? (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing('new')} data-testid="template-add">
          {t('inspection.add')}
        </Button>
      ) : null}
      <Table<InspectionTemplate>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={templates}
        pagination={false}
        data-testid="template-table"
        columns={[
          { title: t('inspection.name'), render: (_, x) => localText(x.name, x.name_en, i18n.language) },
          {
            title: t('inspection.items'),
            render: (_, x) => t('inspection.itemSummary', { count: x.items.length, names: x.items.map((i) => localText(i.name, i.name_en, i18n.language)).join(i18n.language === 'en' ? ', ' : '、') }),
          },
          ...(canEdit
            ? [
                {
                  title: t('inspection.actions'),
                  render: (_: unknown, x: InspectionTemplate) => (
                    <Space size={4}>
                      <Button size="small" onClick={() => setEditing(x)}>
                        {t('inspection.edit')}
                      </Button>
                      <ConfirmAction title={t('inspection.confirmRemove')} okText={t('inspection.remove')} label={t('inspection.remove')} run={() => inspectionCalls.deleteTemplate(x.id)} done={t('inspection.removed')} failure={(e) => refusal(e).message} settle={invalidate} />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <TemplateDrawer
        projectId={projectId}
        template={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void invalidate();
        }}
      />
    </>
  );
}

function Release({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const templates = useTemplates(projectId);
  const canEdit = useSession((s) => s.userInfo?.permissions.includes('configure') ?? false);
  const list = templates.data ?? [];
  return (
    <Tabs
      items={[
        { key: 'plans', label: t('inspection.plans'), children: <Plans projectId={projectId} templates={list} canEdit={canEdit} /> },
        { key: 'templates', label: t('inspection.templates'), children: <Templates projectId={projectId} templates={list} loading={templates.isPending} canEdit={canEdit} /> },
      ]}
    />
  );
}

/** /OperMainte/ReleaseInspect: inspection plans and templates of the selected site. */
export function ReleaseInspectPage() {
  return (
    <SiteGate testId="release-inspect" prompt={SITE}>
      {(projectId) => <Release projectId={projectId} />}
    </SiteGate>
  );
}
