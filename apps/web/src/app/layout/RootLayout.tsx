import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../session/store';
import { useLeafHandle } from '../../shared/ui/useLeafHandle';

/**
 * The root element. Its classes are the layout classes of spec §2 (route type, menu class, embedded class,
 * aspect ratio, energy type); the same facts are exposed as data- attributes for tests and the engine host.
 */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const handle = useLeafHandle();
  const ratio = useSession((s) => s.ratio);
  const energyType = useSession((s) => s.energyType);
  const isUE = useSession((s) => s.isUE);
  const devID = useSession((s) => s.devID);
  const roomID = useSession((s) => s.roomID);
  const hasScene = useSession((s) => s.hasScene);
  const latest = useSession((s) => s.latestEngineMessage);

  const pageKey = handle?.key ?? 'none';
  const title = handle ? t(pageKey === 'Login' || pageKey === 'NotFound' ? `pageTitles.${pageKey}` : `pages.${pageKey}.title`) : '';
  useEffect(() => {
    document.title = title ? `${title} - GridOps` : 'GridOps';
  }, [title, i18n.language]);

  const layoutType = handle?.type ?? 'nobj';
  const menu = handle?.area ?? 'none';
  const ratioClass = ratio === '21:9' ? 'ratio-21-9' : 'ratio-16-9';
  const className = ['gridops-root', `layout-${layoutType}`, `menu-${menu}`, isUE ? 'is-ue' : 'not-ue', ratioClass, `energy-${energyType}`].join(' ');
  return (
    <div
      className={className}
      data-testid="layout-root"
      data-page={pageKey}
      data-layout={layoutType}
      data-menu={menu}
      data-ue={isUE ? '1' : '0'}
      data-ratio={ratio}
      data-energy={energyType}
      data-dev={devID ?? ''}
      data-room={roomID ?? ''}
      data-scene={hasScene ? '1' : '0'}
      data-engine-latest={latest?.type ?? ''}
      data-lang={i18n.language}
    >
      <Outlet />
    </div>
  );
}
