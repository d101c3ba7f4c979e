import type { CostUnknownReason, TotalUnknownReason } from '@gridops/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The pages that remove each reason (the same the site checklist links to). */
export const TARIFF_PAGE = '/RunSetup/BillingSet';
export const METERING_TREE_PAGE = '/EnergyManage/BranchSet';

/** A cost the server could not compute: "未配置电价 / No tariff", linking to the tariff page — never 0 元. */
export function CostUnknown({ reason }: { reason: CostUnknownReason }) {
  const { t } = useTranslation();
  return (
    <Link to={TARIFF_PAGE} data-testid="cost-unknown" data-reason={reason}>
      {t(`energy.unknown.${reason}`)}
    </Link>
  );
}

/** A site total that cannot be computed, in a card: the short reason, linking to the metering tree. */
export function TotalUnknown({ reason }: { reason: TotalUnknownReason }) {
  const { t } = useTranslation();
  return (
    <Link to={METERING_TREE_PAGE} data-testid="total-unknown" data-reason={reason}>
      {t(`energy.unknown.${reason}`)}
    </Link>
  );
}

/** The page's notice: why the total is unknown, and the fix. */
export function TotalUnknownNotice({ reason }: { reason: TotalUnknownReason }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="total-unknown-notice"
      title={t(`energy.unknown.${reason}Why`)}
      action={
        <Link to={METERING_TREE_PAGE} data-testid="total-unknown-fix">
          {t('energy.unknown.fixTree')}
        </Link>
      }
    />
  );
}

/** The page's notice for costs: no tariff, and where to enter one. */
export function CostUnknownNotice({ reason }: { reason: CostUnknownReason }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="cost-unknown-notice"
      title={t(`energy.unknown.${reason}Why`)}
      action={
        <Link to={TARIFF_PAGE} data-testid="cost-unknown-fix">
          {t('energy.unknown.fixTariff')}
        </Link>
      }
    />
  );
}
