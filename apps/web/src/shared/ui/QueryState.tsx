import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How a feature shows a query's loading, failure and empty states. */
export interface QueryLook {
  /** Translation keys. */
  text: { loadFailed: string; retry: string; noData: string };
  /** A failure as an inline error alert (small retry button) or as a warning result (retry with an icon). */
  error: 'alert' | 'result';
  /** Skeleton rows while loading, unless the page asks for its own. */
  rows: number;
  testIds: { loading?: string; error: string; empty?: string };
  /** The empty state with antd's small image. */
  simpleEmpty?: boolean;
}

export interface QueryStateProps {
  look: QueryLook;
  loading: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  rows?: number;
  children: ReactNode;
}

/** Loading / error / empty around a query's content: the content renders only when there is something to show. */
export function QueryState({ look, ...props }: QueryStateProps) {
  const { t } = useTranslation();
  if (props.loading)
    return (
      <Skeleton active paragraph={{ rows: props.rows ?? look.rows }} data-testid={look.testIds.loading} />
    );
  if (props.error) {
    const message = props.error instanceof Error ? props.error.message : undefined;
    if (look.error === 'alert')
      return (
        <Alert
          type="error"
          showIcon
          data-testid={look.testIds.error}
          title={t(look.text.loadFailed)}
          description={message}
          action={
            props.onRetry ? (
              <Button size="small" onClick={props.onRetry}>
                {t(look.text.retry)}
              </Button>
            ) : undefined
          }
        />
      );
    return (
      <Result
        status="warning"
        data-testid={look.testIds.error}
        title={t(look.text.loadFailed)}
        subTitle={message}
        extra={
          props.onRetry ? (
            <Button icon={<ReloadOutlined />} onClick={props.onRetry}>
              {t(look.text.retry)}
            </Button>
          ) : null
        }
      />
    );
  }
  if (props.empty)
    return (
      <Empty
        {...(look.simpleEmpty ? { image: Empty.PRESENTED_IMAGE_SIMPLE } : {})}
        description={props.emptyText ?? t(look.text.noData)}
        data-testid={look.testIds.empty}
      />
    );
  return <>{props.children}</>;
}
