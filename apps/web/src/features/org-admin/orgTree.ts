import type { AdminOrg } from '@gridops/contract';
import type { ReactNode } from 'react';

export interface OrgTreeNode {
  key: string;
  title: ReactNode;
  children: OrgTreeNode[];
}

/** The flat list as antd tree data: roots are the organisations whose parent is not in the list. */
export function orgTree(orgs: readonly AdminOrg[], title: (o: AdminOrg) => ReactNode): OrgTreeNode[] {
  const ids = new Set(orgs.map((o) => o.id));
  const build = (parent: number | null): OrgTreeNode[] =>
    orgs
      .filter((o) => (parent === null ? o.parent_id === null || !ids.has(o.parent_id) : o.parent_id === parent))
      .map((o) => ({ key: String(o.id), title: title(o), children: build(o.id) }));
  return build(null);
}

/**
 * The new parent of a drag: dropped onto a node, that node; dropped into the gap beside it, that node's parent
 * (null when it has none in the list: a root cannot be a sibling target).
 */
export function dropTarget(orgs: readonly AdminOrg[], dropId: number, toGap: boolean): number | null {
  if (!toGap) return dropId;
  const target = orgs.find((o) => o.id === dropId);
  return target?.parent_id ?? null;
}
