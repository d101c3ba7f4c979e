import type { OrgNode } from '@gridops/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSite } from '../../session/actions';
import { useSession } from '../../session/store';
import { orgName, projectName, useOrgTree } from './api';

interface TreeItem {
  title: string;
  value: string;
  selectable: boolean;
  children?: TreeItem[];
}

function toTree(nodes: OrgNode[], lang: string): TreeItem[] {
  return nodes.map((n) => ({
    title: orgName(n, lang),
    value: `org-${n.id}`,
    selectable: false,
    children: [...toTree(n.children, lang), ...n.projects.map((p) => ({ title: projectName(p, lang), value: `pro-${p.id}`, selectable: true }))],
  }));
}

/** Header selector: organisations → projects; choosing a project selects the site (spec §4). */
export function SiteSelector() {
  const { t, i18n } = useTranslation();
  const { data } = useOrgTree();
  const proID = useSession((s) => s.proID);
  const proList = useSession((s) => s.proList);
  const tree = useMemo(() => toTree(data ?? [], i18n.language), [data, i18n.language]);
  return (
    <TreeSelect
      data-testid="site-selector"
      style={{ width: 280 }}
      value={proID ? `pro-${proID}` : undefined}
      placeholder={t('shell.selectSite')}
      treeData={tree}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      popupMatchSelectWidth={320}
      onChange={(v: string) => {
        const id = Number(String(v).replace('pro-', ''));
        if (Number.isFinite(id)) selectSite(id, proList.find((p) => p.id === id));
      }}
    />
  );
}
