import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { MENU_ICONS } from '../../shared/ui/menuIcons';
import { centrePages, sitePages, workerPages, type Area, type PageDef } from '../routes/pages';

export const pagesOf = (area: Area): PageDef[] => (area === 'centre' ? centrePages : area === 'site' ? sitePages : workerPages);

export const joinPath = (parent: string, child: string) => (child === '' ? parent : child.startsWith('/') ? child : `${parent}/${child}`);

type MenuItem = Required<MenuProps>['items'][number];

function toItem(d: PageDef, parentPath: string, t: TFunction, top: boolean): MenuItem | null {
  if (d.hideInMenu) return null;
  const path = joinPath(parentPath, d.path);
  const label = t(`pages.${d.key}.title`);
  const icon = top ? MENU_ICONS[d.key] : undefined;
  if (d.children) {
    const children = d.children.map((c) => toItem(c, path, t, false)).filter((x): x is MenuItem => x !== null);
    return { key: `group:${path}`, icon, label, children };
  }
  return { key: path, icon, label: <span data-testid={`menu-${d.key}`}>{label}</span> };
}

/** Side-menu items of an area, built from the page catalogue. */
export function menuItems(area: Area, t: TFunction, opts: { backToCentre?: boolean } = {}): MenuItem[] {
  const items = pagesOf(area)
    .map((d) => toItem(d, '', t, true))
    .filter((x): x is MenuItem => x !== null);
  if (opts.backToCentre) {
    items.unshift({ key: '/CentreHome', icon: MENU_ICONS.backToCentre, label: <span data-testid="menu-back-centre">{t('shell.backToCentre')}</span> });
  }
  return items;
}

/** The submenu keys that contain `pathname`, so the current page's group starts open. */
export function openKeysFor(area: Area, pathname: string): string[] {
  const out: string[] = [];
  const walk = (defs: PageDef[], parent: string): boolean => {
    for (const d of defs) {
      const path = joinPath(parent, d.path);
      if (d.children) {
        if (walk(d.children, path)) {
          out.push(`group:${path}`);
          return true;
        }
      } else if (path === pathname) return true;
    }
    return false;
  };
  walk(pagesOf(area), '');
  return out;
}
