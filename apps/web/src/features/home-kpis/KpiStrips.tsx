import { InfoCircleOutlined } from '@ant-design/icons';
import type { EnergyQuantity } from '@gridops/contract';
import { Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format/useFormat';
import { StatCard } from '../../shared/stats';
import { QuantityTitle } from '../../shared/ui/QuantityTitle';
import { useCentreKpi, useSiteKpi } from './api';

/** A tile's title: a glossary quantity's name with its definition, or the strip's own tooltip. */
function TileTitle({ quantity, tip, children }: { quantity?: EnergyQuantity; tip?: string; children: ReactNode }) {
  if (quantity) return <QuantityTitle quantity={quantity}>{children}</QuantityTitle>;
  return (
    <Tooltip title={tip}>
      <span data-definition={tip} style={{ cursor: 'help' }}>
        {children} <InfoCircleOutlined style={{ fontSize: 12, opacity: 0.55 }} />
      </span>
    </Tooltip>
  );
}

/** The strip's name and when its figures were read, on the site's clock (the centre: the viewer's zone). */
function StripHeader({ at, projectId }: { at: string | undefined; projectId: number | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginBottom: 6 }}>
      {t('homeKpis.title')}
      {at ? ` · ${t('homeKpis.at', { time: f.siteTime(at, projectId, 'HH:mm:ss') })}` : ''}
    </Typography.Text>
  );
}

/** /SiteHome's live strip: each figure is the one its detail page shows (docs/pages/home-kpis.md). */
export function SiteKpiStrip({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const q = useSiteKpi(projectId);
  const d = q.data;
  const loading = q.isPending;
  return (
    <div data-testid="site-kpis" data-date={d?.date ?? ''}>
      <StripHeader at={d?.generated_at} projectId={projectId} />
      <div className="stat-grid">
        <StatCard data-testid="kpi-load" loading={loading} title={<TileTitle tip={t('homeKpis.loadNowTip')}>{t('homeKpis.loadNow')}</TileTitle>} value={d?.load_kw} unit="kW" />
        <StatCard data-testid="kpi-energy-today" loading={loading} title={<TileTitle quantity="consumption">{t('homeKpis.energyToday')}</TileTitle>} value={d?.energy_today_kwh} unit="kWh" />
        <StatCard data-testid="kpi-cost-today" loading={loading} title={<TileTitle tip={t('homeKpis.costTodayTip')}>{t('homeKpis.costToday')}</TileTitle>} value={d?.cost_today} unit="元" />
        {d?.pv && (
          <>
            <StatCard data-testid="kpi-pv-now" title={<TileTitle tip={t('homeKpis.pvNowTip')}>{t('homeKpis.pvNow')}</TileTitle>} value={d.pv.now_kw} unit="kW" />
            <StatCard data-testid="kpi-pv-today" title={<TileTitle quantity="generation">{t('homeKpis.pvToday')}</TileTitle>} value={d.pv.today_kwh} unit="kWh" />
          </>
        )}
        {d?.storage && <StatCard data-testid="kpi-soc" title={<TileTitle tip={t('homeKpis.socTip')}>{t('homeKpis.soc')}</TileTitle>} value={d.storage.soc_pct} unit="%" precision={1} />}
        {d?.transformer && (
          <StatCard
            data-testid="kpi-transformer"
            title={<TileTitle tip={t('homeKpis.trLoadTip')}>{t('homeKpis.trLoad')}</TileTitle>}
            value={d.transformer.load_pct}
            unit="%"
            precision={1}
            footer={<span style={{ fontSize: 12, opacity: 0.65 }}>{d.transformer.name}</span>}
          />
        )}
        <StatCard data-testid="kpi-pf" loading={loading} title={<TileTitle tip={t('homeKpis.pfTip')}>{t('homeKpis.pf')}</TileTitle>} value={d?.power_factor} precision={3} />
      </div>
    </div>
  );
}

/** /CentreHome's portfolio strip: the sites' figures summed, and the most loaded site. */
export function CentreKpiStrip({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const q = useCentreKpi(orgId);
  const d = q.data;
  const loading = q.isPending;
  return (
    <div data-testid="centre-kpis" data-sites={d?.site_count ?? ''}>
      <StripHeader at={d?.generated_at} projectId={null} />
      <div className="stat-grid">
        <StatCard data-testid="kpi-total-load" loading={loading} title={<TileTitle tip={t('homeKpis.totalLoadTip')}>{t('homeKpis.totalLoad')}</TileTitle>} value={d?.load_kw} unit="kW" />
        <StatCard data-testid="kpi-centre-energy" loading={loading} title={<TileTitle quantity="consumption">{t('homeKpis.centreEnergy')}</TileTitle>} value={d?.energy_today_kwh} unit="kWh" />
        <StatCard
          data-testid="kpi-centre-cost"
          loading={loading}
          title={<TileTitle tip={d && d.cost_unknown_sites > 0 ? t('homeKpis.centreCostTip', { n: d.cost_unknown_sites }) : t('homeKpis.centreCostTipAll')}>{t('homeKpis.centreCost')}</TileTitle>}
          value={d?.cost_today}
          unit="元"
        />
        <StatCard data-testid="kpi-centre-generation" loading={loading} title={<TileTitle quantity="generation">{t('homeKpis.centreGen')}</TileTitle>} value={d?.generation_today_kwh} unit="kWh" />
        <StatCard data-testid="kpi-carbon" loading={loading} title={<TileTitle tip={t('homeKpis.carbonTip')}>{t('homeKpis.carbon')}</TileTitle>} value={d?.carbon_today_kg} unit="kg" precision={1} />
        <StatCard
          data-testid="kpi-worst-site"
          loading={loading}
          title={<TileTitle tip={t('homeKpis.worstTip')}>{t('homeKpis.worst')}</TileTitle>}
          value={d?.worst_site?.load_pct ?? null}
          unit="%"
          precision={1}
          unknown={d && !d.worst_site ? t('homeKpis.none') : undefined}
          footer={
            d?.worst_site ? (
              <Typography.Text ellipsis style={{ fontSize: 12, opacity: 0.75, display: 'block' }} title={`${d.worst_site.name} · ${d.worst_site.transformer}`}>
                {d.worst_site.name} · {d.worst_site.transformer}
              </Typography.Text>
            ) : null
          }
        />
      </div>
    </div>
  );
}
