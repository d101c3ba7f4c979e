import type { BillingTariff } from '@gridops/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName } from '../../shared/ui/localName';
import { monthsLabel, type SavedReach } from './tariffReach';

/** The confirmation after a tariff save: what was saved, for which months and validity, and from when reports reprice. */
export function SavedReachNotice({ tariff, reach, onClose }: { tariff: BillingTariff; reach: SavedReach; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const validity = t('billing.savedReach.validity', { from: tariff.valid_from, to: tariff.valid_to ?? t('billing.open') });
  const lines = [
    ...reach.prices.map((p) => t('billing.savedReach.price', { band: t(`billing.bandPrice.${p.band}`), price: p.price, months: monthsLabel(p.months, lang), validity })),
    ...(reach.periodMonths.length ? [t('billing.savedReach.periods', { months: monthsLabel(reach.periodMonths, lang) })] : []),
    ...(reach.otherChanged ? [t('billing.savedReach.other')] : []),
  ];
  return (
    <Alert
      type="success"
      showIcon
      closable
      onClose={onClose}
      data-testid="billing-saved"
      title={t('billing.savedReach.title', { name: localName(tariff, lang) })}
      description={
        <div>
          {(lines.length ? lines : [t('billing.savedReach.nothing')]).map((l) => (
            <div key={l}>{l}</div>
          ))}
          <div data-testid="billing-saved-repriced">
            {reach.repricedFrom ? t('billing.savedReach.repriced', { from: reach.repricedFrom }) : t('billing.savedReach.notRepriced')}
          </div>
        </div>
      }
    />
  );
}
