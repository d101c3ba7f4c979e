import type { AssetKind } from '@gridops/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryProps } from '../../shared/ui/listForm/ListFormPage';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { assetsApi, useSettleAssets } from './api';

/** Each kind's test id on its page (and the prefix of its row buttons). */
const TEST_ID: Record<AssetKind, string> = { pv: 'pv-set', wind: 'fan-set', ess: 'ess-set', charger: 'charge-set' };

/**
 * What the four asset pages give ListFormPage alike: the list query's state, the kind's texts, permission,
 * delete and re-read. Each page adds its columns, form fields and save.
 */
export function useAssetListProps<T extends { id: number; version: number; name: string; name_en: string }>(kind: AssetKind, q: UseQueryResult<{ items: T[] }>) {
  const { t, i18n } = useTranslation();
  const settle = useSettleAssets();
  return {
    testId: TEST_ID[kind],
    look: SETUP_QUERY,
    intro: t(`assets.${kind}.intro`),
    ...listQueryProps(q),
    canEdit: useCanConfigure(),
    text: {
      add: t(`assets.${kind}.add`),
      addTitle: t(`assets.${kind}.addTitle`),
      editTitle: t(`assets.${kind}.editTitle`),
      readOnly: t('assets.readOnly'),
      saved: t('assets.saved'),
      deleted: t('assets.deleted'),
      deleteTitle: (item: T) => t('assets.confirmDelete', { name: localName(item, i18n.language) }),
    },
    remove: (item: T) => assetsApi[kind].remove(item.id, item.version),
    settle,
  };
}

/** The routed page: the site picker's gate around one site's list. */
export function assetPage(Inner: ComponentType<{ projectId: number }>, testId: string) {
  return function AssetPage() {
    return <SiteGate prompt={SETUP_SITE} testId={testId}>{(id) => <Inner key={id} projectId={id} />}</SiteGate>;
  };
}
