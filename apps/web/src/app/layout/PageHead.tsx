import { Breadcrumb, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { AREA_HOME } from '../routes/pages';
import type { RouteHandle } from '../routes/roleRoutes';

/** Title and breadcrumb of the routed page, from the route handles (area home › section › page). */
export function PageHead() {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs = matches.map((m) => ({ handle: m.handle as RouteHandle | undefined, pathname: m.pathname })).filter((m) => m.handle?.key);
  const leaf = crumbs[crumbs.length - 1];
  if (!leaf?.handle) return null;
  const area = leaf.handle.area;
  const homePath = AREA_HOME[area];
  const homeKey = homePath.slice(1);
  const items = [
    { title: homePath === leaf.pathname ? t(`shell.areas.${area}`) : <Link to={homePath}>{t(`shell.areas.${area}`)}</Link> },
    ...crumbs
      .filter((c) => c.handle?.key !== homeKey)
      .map((c) => ({ title: t(`pages.${c.handle?.key}.title`) })),
  ];
  return (
    <div className="page-head" data-testid="page-head">
      <Breadcrumb items={items} data-testid="breadcrumb" />
      <Typography.Title level={3} data-testid="page-title">
        {t(`pages.${leaf.handle.key}.title`)}
      </Typography.Title>
    </div>
  );
}
