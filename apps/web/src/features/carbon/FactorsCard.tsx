import { Card, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFactors } from './api';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { QueryState } from '../../shared/ui/QueryState';

interface FactorRow {
  key: string;
  value: number;
  unit: string;
  source: string;
}

/**
 * The factors behind the page's figures, straight from `GET factors` (docs/energy-model.md). The server's
 * source text is one language; the page shows a translated summary where one exists and keeps the
 * server's wording in the tooltip, so nothing is lost.
 */
export function FactorsCard({ kind, testId }: { kind: 'carbon' | 'coal'; testId?: string }) {
  const { t } = useTranslation();
  const q = useFactors();
  const rows: FactorRow[] = q.data?.[kind] ?? [];
  return (
    <Card size="small" title={t(`carbon.factors.${kind}Title`)} data-testid={testId ?? `factors-${kind}`}>
      <QueryState
        look={SETUP_QUERY}
        loading={q.isPending}
        error={q.error}
        empty={rows.length === 0}
        onRetry={() => void q.refetch()}
      >
        <Table<FactorRow>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: t('carbon.factors.item'),
              key: 'key',
              width: 140,
              render: (_, r) => t(`carbon.factors.key.${r.key}`, { defaultValue: r.key }),
            },
            {
              title: t('carbon.factors.value'),
              key: 'value',
              width: 190,
              render: (_, r) => (
                <span data-testid={`factor-${kind}-${r.key}`} data-value={r.value}>
                  {r.value} {r.unit}
                </span>
              ),
            },
            {
              title: t('carbon.factors.source'),
              key: 'source',
              render: (_, r) => (
                <Tooltip title={r.source}>
                  <Typography.Text style={{ fontSize: 12 }}>
                    {t(`carbon.factors.src.${kind}.${r.key}`, { defaultValue: r.source })}
                  </Typography.Text>
                </Tooltip>
              ),
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}
