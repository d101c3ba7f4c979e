import type { ControlApproval } from '@gridops/contract';
import { App, Button, Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveMessages } from '../../api/live';
import { localText } from '../../shared/ui/localName';
import { controlConfigCalls, useControlApprovals } from './api';

/** /DevControl: selections of the site waiting for a second person (two-person rule), with Approve. */
export function ControlApprovals({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { message } = App.useApp();
  const q = useControlApprovals(projectId, true);
  // Requests and approvals arrive on the user's own MQTT topic (docs/control-config.md): no polling.
  useLiveMessages(
    (m) => m.command === 'control_approval' && (m.data as { project_id?: unknown } | undefined)?.project_id === projectId,
    () => void q.refetch(),
  );
  const list = q.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card
      size="small"
      title={t('controlConfig.approvals')}
      style={{ marginBottom: 12 }}
      data-testid="control-approvals"
    >
      <List<ControlApproval>
        size="small"
        dataSource={list}
        renderItem={(a) => (
          <List.Item
            actions={[
              a.own ? (
                <span key="own">{t('controlConfig.own')}</span>
              ) : (
                <Button
                  key="approve"
                  size="small"
                  type="primary"
                  data-testid={`control-approve-${a.selection_id}`}
                  onClick={async () => {
                    try {
                      await controlConfigCalls.approve(a.selection_id);
                      message.success(t('controlConfig.approved'));
                    } catch (e) {
                      message.error(e instanceof Error ? e.message : String(e));
                    }
                    await q.refetch();
                  }}
                >
                  {t('controlConfig.approve')}
                </Button>
              ),
            ]}
          >
            {t('controlConfig.by', {
              user: localText(a.user_name, a.user_name_en, lang),
              action: t(`controlConfig.${a.action}`),
              device: localText(a.device_name, a.device_name_en, lang),
            })}
          </List.Item>
        )}
      />
    </Card>
  );
}
