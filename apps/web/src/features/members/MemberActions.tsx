import type { Member } from '@gridops/contract';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName } from '../../shared/ui/localName';

export interface MemberActionHandlers {
  edit: (m: Member) => void;
  resetPassword: (m: Member) => void;
  setStatus: (m: Member, enabled: boolean) => void;
  unlock: (m: Member) => void;
}

/**
 * The actions on one member row. A member beyond the caller's privilege ceiling (`manageable: false`, decided by
 * the server) is shown read-only; one's own row offers no reset (the account's password form asks for the
 * current password) and no disable.
 */
export function MemberActions({ member: m, ownId, on }: { member: Member; ownId: number | undefined; on: MemberActionHandlers }) {
  const { t, i18n } = useTranslation();
  const name = localName(m, i18n.language);
  if (!m.manageable) {
    return (
      <Tooltip title={t('members.action.viewOnlyHint')}>
        <Tag data-testid="member-view-only">{t('members.action.viewOnly')}</Tag>
      </Tooltip>
    );
  }
  const self = m.id === ownId;
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => on.edit(m)}>
        {t('members.action.edit')}
      </Button>
      {!self && (
        <Popconfirm title={t('members.action.confirmReset', { name })} onConfirm={() => on.resetPassword(m)}>
          <Button type="link" size="small">
            {t('members.action.reset')}
          </Button>
        </Popconfirm>
      )}
      {m.enabled ? (
        !self && (
          <Popconfirm title={t('members.action.confirmDisable', { name })} onConfirm={() => on.setStatus(m, false)}>
            <Button type="link" size="small" danger>
              {t('members.action.disable')}
            </Button>
          </Popconfirm>
        )
      ) : (
        <Button type="link" size="small" onClick={() => on.setStatus(m, true)}>
          {t('members.action.enable')}
        </Button>
      )}
      {m.locked && (
        <Button type="link" size="small" onClick={() => on.unlock(m)}>
          {t('members.action.unlock')}
        </Button>
      )}
    </Space>
  );
}
