import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/sessionStore';

/**
 * The site pages read one project. A centre user who has not picked one yet gets the prompt instead of a page
 * of errors; the header's site selector is where the choice is made.
 */
export function SiteGate({ children, testId }: { children: (projectId: number) => ReactNode; testId: string }) {
  const { t } = useTranslation();
  const proID = useSession((s) => s.proID);
  if (proID === null)
    return (
      <Empty style={{ marginTop: 64 }} description={t('analysis.needSite')} data-testid="need-site">
        <span style={{ color: 'rgba(255,255,255,0.45)' }}>{t('analysis.needSiteHint')}</span>
      </Empty>
    );
  return (
    <div data-testid={testId} data-project={proID}>
      {children(proID)}
    </div>
  );
}

/** Loading / error / empty for one query: the page's content only renders when there is something to show. */
export function QueryState(props: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText?: string;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.loading) return <Skeleton active paragraph={{ rows: 4 }} data-testid="state-loading" />;
  if (props.error)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="state-error"
        title={t('analysis.loadFailed')}
        description={props.error instanceof Error ? props.error.message : undefined}
        action={props.onRetry ? <Button size="small" onClick={props.onRetry}>{t('analysis.retry')}</Button> : undefined}
      />
    );
  if (props.empty) return <Empty description={props.emptyText ?? t('analysis.noData')} data-testid="state-empty" />;
  return <>{props.children}</>;
}
