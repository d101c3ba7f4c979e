import { Alert, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { localName } from '../../shared/ui/localName';
import { QueryState, type QueryLook } from '../../shared/ui/QueryState';
import { SiteGate, type SitePrompt } from '../../shared/ui/SiteGate';
import { billingCalls, refusal, useInvalidateBilling, useTariffs, type BillingTariff } from './api';
import { SavedReachNotice } from './SavedReachNotice';
import { TariffForm } from './TariffForm';
import type { SavedReach } from './tariffReach';
import { TouGridView } from './TouGridView';

const SITE: SitePrompt = { title: 'common.needSite', hint: 'energy.needSiteHint', testId: () => 'billing-need-site', hintStyle: { opacity: 0.65 }, remountOnSwitch: true };

const LOOK: QueryLook = { text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'billing.empty' }, error: 'result', rows: 4, testIds: { loading: 'billing-loading', error: 'billing-error' } };

function Billing({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const q = useTariffs(projectId);
  const invalidate = useInvalidateBilling();
  const canConfigure = useSession((s) => s.userInfo?.permissions.includes('configure') === true);
  const [editing, setEditing] = useState<BillingTariff | 'new' | null>(null);
  const [saved, setSaved] = useState<{ tariff: BillingTariff; reach: SavedReach } | null>(null);
  const money = (v: number | null, unit: string) => (v === null ? t('billing.none') : `${v} ${unit}`);
  const columns: TableColumnsType<BillingTariff> = [
    { title: t('billing.col.name'), key: 'name', render: (_, r) => <b>{localName(r, i18n.language)}</b> },
    {
      title: t('billing.col.validity'),
      key: 'validity',
      render: (_, r) => <span data-testid={`billing-validity-${r.id}`}>{r.valid_from} – {r.valid_to ?? t('billing.open')}</span>,
    },
    {
      title: t('billing.col.basic'),
      key: 'basic',
      render: (_, r) =>
        r.demand_mode === 'none' ? (
          t('billing.mode.none')
        ) : (
          <Space direction="vertical" size={0}>
            <Tag>{t(`billing.mode.${r.demand_mode}`)}</Tag>
            <span>{money(r.basic_price, t(`billing.unit.${r.demand_mode}`))}</span>
            {r.demand_mode === 'capacity' && <span>{r.capacity_kva} kVA</span>}
          </Space>
        ),
    },
    { title: t('billing.col.pf'), key: 'pf', render: (_, r) => (r.pf_standard === null ? t('billing.none') : r.pf_standard.toFixed(2)) },
    { title: t('billing.col.feedIn'), key: 'feed', render: (_, r) => money(r.feed_in_price, t('billing.unit.kwh')) },
    { title: t('billing.col.grid'), key: 'grid', render: (_, r) => <TouGridView months={r.months} cell={7} testId={`billing-grid-${r.id}`} /> },
    ...(canConfigure
      ? [
          {
            title: t('billing.col.actions'),
            key: 'actions',
            render: (_: unknown, r: BillingTariff) => (
              <Space>
                <Button size="small" data-testid={`billing-edit-${r.id}`} onClick={() => setEditing(r)}>
                  {t('billing.edit')}
                </Button>
                <ConfirmAction
                  title={t('billing.confirmRemove')}
                  okText={t('billing.remove')}
                  label={t('billing.remove')}
                  run={() => billingCalls.remove(r.id)}
                  done={t('billing.removed')}
                  failure={(e) => refusal(e).message}
                  settle={invalidate}
                  button={{ 'data-testid': `billing-remove-${r.id}` }}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <div data-testid="billing-page" style={{ padding: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('billing.intro')}</Typography.Paragraph>
        {saved && <SavedReachNotice tariff={saved.tariff} reach={saved.reach} onClose={() => setSaved(null)} />}
        {!canConfigure && <Alert type="info" showIcon title={t('billing.readOnly')} />}
        {canConfigure && (
          <Button type="primary" data-testid="billing-add" onClick={() => setEditing('new')}>
            {t('billing.add')}
          </Button>
        )}
        <QueryState look={LOOK} loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
          {q.data && q.data.length === 0 ? (
            <Alert type="warning" showIcon title={t('billing.empty')} data-testid="billing-empty" />
          ) : (
            <Table<BillingTariff> data-testid="billing-table" rowKey="id" size="small" bordered pagination={false} dataSource={q.data ?? []} columns={columns} scroll={{ x: 1100 }} />
          )}
        </QueryState>
      </Space>
      {editing !== null && (
        <TariffForm
          projectId={projectId}
          tariff={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (tariff, reach) => {
            setEditing(null);
            setSaved({ tariff, reach });
            await invalidate();
          }}
        />
      )}
    </div>
  );
}

/** /RunSetup/BillingSet: the site's tariffs with validity periods, TOU bands by month, basic charge, PF standard and feed-in price. */
export function BillingSetPage() {
  return <SiteGate prompt={SITE} testId="billing">{(id) => <Billing projectId={id} />}</SiteGate>;
}
