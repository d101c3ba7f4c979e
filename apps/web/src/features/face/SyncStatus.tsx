import type { FacePerson, FaceSyncRow, FaceSyncStatus } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { Button, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { localName } from '../../shared/ui/localName';
import { useFaceSync } from './api';

export const SYNC_COLOUR: Record<FaceSyncStatus, string> = { pending: 'processing', synced: 'success', failed: 'error', deleting: 'warning' };

/** The people table's sync column: a summary over the person's terminals; a click opens the per-terminal drawer. */
export function SyncCell({ person, onOpen }: { person: FacePerson; onOpen: (p: FacePerson) => void }) {
  const { t } = useTranslation();
  const s = person.sync;
  const total = s.synced + s.pending + s.failed + s.deleting;
  let tag;
  if (person.deleting) tag = <Tag color="warning">{t('face.sync.deleting', { n: s.deleting })}</Tag>;
  else if (total === 0) tag = <Tag>{t('face.sync.noTerminal')}</Tag>;
  else if (s.failed) tag = <Tag color="error">{`${t('face.sync.statuses.failed')} ${s.failed}/${total}`}</Tag>;
  else if (s.pending || s.deleting) tag = <Tag color="processing">{`${t('face.sync.statuses.pending')} ${s.pending + s.deleting}/${total}`}</Tag>;
  else tag = <Tag color="success">{t('face.sync.summarySynced', { synced: s.synced, total })}</Tag>;
  const state = person.deleting ? 'deleting' : total === 0 ? 'none' : s.failed ? 'failed' : s.pending || s.deleting ? 'pending' : 'synced';
  return (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(person)} data-testid={`face-sync-${person.id}`} data-state={state}>
      {tag}
    </Button>
  );
}

/** Per terminal: where this person's enrolment stands (re-read every 3 s while open). */
export function SyncDrawer({ projectId, person, onClose }: { projectId: number; person: FacePerson | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const zone = useDisplayZone();
  const q = useFaceSync(projectId, person !== null);
  const rows = (q.data?.items ?? []).filter((r) => r.person_id === person?.id);
  return (
    <Drawer open={person !== null} onClose={onClose} width={640} title={person ? t('face.sync.drawerTitle', { name: localName(person, i18n.language) }) : ''} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('face.sync.intro')}</Typography.Paragraph>
      <Table<FaceSyncRow>
        size="small"
        rowKey={(r) => `${r.person_id}-${r.terminal_id}`}
        loading={q.isLoading}
        pagination={false}
        dataSource={rows}
        data-testid="face-sync-drawer"
        columns={[
          { title: t('face.sync.terminal'), dataIndex: 'terminal_name', key: 'terminal' },
          { title: t('face.sync.status'), key: 'status', render: (_, r) => <Tag color={SYNC_COLOUR[r.status]}>{t(`face.sync.statuses.${r.status}`)}</Tag> },
          { title: t('face.sync.reason'), dataIndex: 'reason', key: 'reason' },
          { title: t('face.sync.attempts'), dataIndex: 'attempts', key: 'attempts', width: 90 },
          { title: t('face.sync.updated'), key: 'updated', render: (_, r) => formatInZone(Date.parse(r.updated_at), zone, 'MM-DD HH:mm:ss') },
        ]}
      />
    </Drawer>
  );
}
