import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/sessionStore';

/**
 * Shared by the energy-setup, carbon and microgrid pages: a site page needs a selected project. A centre user
 * who has not picked one gets a prompt (the header's site selector is where the choice is made).
 */
export function SiteGate({
  children,
  testId,
}: {
  children: (projectId: number) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const proID = useSession((s) => s.proID);
  if (proID === null)
    return (
      <Empty style={{ marginTop: 64 }} description={t('energySetup.common.needSite')} data-testid="need-site">
        <span style={{ color: 'rgba(255,255,255,0.45)' }}>{t('energySetup.common.needSiteHint')}</span>
      </Empty>
    );
  return (
    <div data-testid={testId} data-project={proID}>
      {children(proID)}
    </div>
  );
}

/** Loading / error / empty for one query; the content renders only when there is something to show. */
export function QueryState(props: {
  loading: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.loading) return <Skeleton active paragraph={{ rows: 5 }} data-testid="state-loading" />;
  if (props.error)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="state-error"
        title={t('energySetup.common.loadFailed')}
        description={props.error instanceof Error ? props.error.message : undefined}
        action={
          props.onRetry ? (
            <Button size="small" onClick={props.onRetry}>
              {t('energySetup.common.retry')}
            </Button>
          ) : undefined
        }
      />
    );
  if (props.empty)
    return (
      <Empty description={props.emptyText ?? t('energySetup.common.noData')} data-testid="state-empty" />
    );
  return <>{props.children}</>;
}

/** Names come in both languages from the server; English falls back to the Chinese name when none was entered. */
export function localName(item: { name: string; name_en: string }, lang: string): string {
  return lang.startsWith('en') && item.name_en ? item.name_en : item.name;
}
