import { Card, List, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localText } from '../../shared/ui/localName';
import { MENU_ICONS } from '../../shared/ui/menuIcons';
import { patchSession, useSession } from '../../session/store';
import { projectName, useOrgTree } from '../org/api';

/** Worker home: greeting, pending count, the worker's sites and shortcuts to the tabs. */
export function WorkerHomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useOrgTree();
  const info = useSession((s) => s.userInfo);
  const proList = useSession((s) => s.proList);
  const proID = useSession((s) => s.proID);
  const pending = useSession((s) => s.noticeCount);
  return (
    <div data-testid="worker-home">
      <Typography.Title level={4} style={{ marginTop: 4 }}>
        {t('workerHome.hello', { name: info ? localText(info.name, info.name_en, i18n.language) : '' })}
      </Typography.Title>
      <Card style={{ marginBottom: 12 }}>
        <Statistic title={t('workerHome.pending')} value={pending} />
      </Card>
      <Card title={t('workerHome.mySites')} size="small" style={{ marginBottom: 12 }}>
        <List
          size="small"
          dataSource={proList}
          renderItem={(p) => (
            <List.Item onClick={() => patchSession({ proID: p.id, proInfo: p })} style={{ cursor: 'pointer', color: p.id === proID ? '#2f8cff' : undefined }}>
              {projectName(p, i18n.language)}
            </List.Item>
          )}
        />
      </Card>
      <Card title={t('workerHome.quick')} size="small">
        <List
          size="small"
          dataSource={['WorkerInspect', 'WorkerInspectForm', 'WorkerSolve', 'WorkerEvent']}
          renderItem={(k) => (
            <List.Item onClick={() => void navigate(`/${k}`)} style={{ cursor: 'pointer' }}>
              {MENU_ICONS[k] ?? MENU_ICONS.WorkerInspect} {t(`pages.${k}.title`)}
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
