import type { AdminProject } from '@gridops/contract';
import { Button, Card, Drawer, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { localName, localText } from '../../shared/ui/localName';
import { useAdminOrgs, useAdminProjects, useCanManage } from './api';
import { ADMIN_QUERY } from './pageStates';
import { ProjectForm } from './ProjectForm';

/** /CentreUser/CentreProjectManage and /UserCenter/ProjectManage: every project the user administers. */
export function ProjectManagePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const can = useCanManage();
  const projects = useAdminProjects();
  const orgs = useAdminOrgs(can.orgs);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = useMemo(() => projects.data?.list ?? [], [projects.data]);
  const current = typeof editing === 'number' ? (list.find((p) => p.id === editing) ?? null) : null;

  const columns: TableColumnsType<AdminProject> = [
    { title: t('orgAdmin.field.name'), key: 'name', render: (_, p) => <span data-testid={`project-${p.id}`}>{localName(p, lang)}</span> },
    { title: t('orgAdmin.field.org_id'), key: 'org', render: (_, p) => localName({ name: p.org_name, name_en: p.org_name_en }, lang) },
    { title: t('orgAdmin.field.city'), key: 'city', width: 90, render: (_, p) => localText(p.city, p.city_en, lang) },
    { title: t('orgAdmin.field.timezone'), dataIndex: 'timezone', key: 'tz', width: 150 },
    {
      title: t('orgAdmin.field.energy_types'),
      key: 'energy',
      render: (_, p) => p.energy_types.map((e) => <Tag key={e}>{t(`orgAdmin.energyType.${e}`)}</Tag>),
    },
    {
      title: t('orgAdmin.project.capacity'),
      key: 'capacity',
      render: (_, p) => (
        <Typography.Text style={{ fontSize: 12 }}>
          {p.capacity_kva} kVA · PV {p.pv_capacity_kw} kWp · {p.storage_capacity_kwh} kWh
        </Typography.Text>
      ),
    },
    { title: t('orgAdmin.project.rooms'), key: 'rooms', width: 110, render: (_, p) => t('orgAdmin.project.roomCount', { count: p.rooms.length }) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_, p) => (
        <Button size="small" onClick={() => setEditing(p.id)} data-testid={`project-edit-${p.id}`}>
          {t('orgAdmin.project.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('orgAdmin.project.list')}
      extra={
        can.orgs && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="project-add">
            {t('orgAdmin.project.add')}
          </Button>
        )
      }
      data-testid="project-manage"
    >
      <QueryState look={ADMIN_QUERY} loading={projects.isLoading} error={projects.error} onRetry={() => void projects.refetch()}>
        <Table rowKey="id" size="small" columns={columns} dataSource={list} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
      </QueryState>
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        size={760}
        destroyOnHidden
        title={editing === 'new' ? t('orgAdmin.project.newTitle') : current ? t('orgAdmin.project.editTitle', { name: localName(current, lang) }) : ''}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {editing !== null && (
            <ProjectForm
              project={current}
              orgs={orgs.data ?? []}
              orgEditable={can.orgs}
              canEdit={can.orgs || (can.station && current !== null)}
              others={list}
              onSaved={(p) => setEditing(p.id)}
            />
          )}
        </Space>
      </Drawer>
    </Card>
  );
}
