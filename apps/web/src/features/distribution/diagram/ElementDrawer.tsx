import { Descriptions, Drawer, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeSeriesOption, Chart, columnarToPoints, useChartLocale } from '../../../shared/charts';
import type { TimeSeriesInput } from '../../../shared/charts';
import { useHistory24h, useRealtime } from '../api';
import { PointValue, QualityTag } from '../components/common';
import { allDevices } from '../points';
import { DISTRIBUTION_QUERY } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';

/** Points drawn on the 24 h curve, by what the device measures; the rest are in the live list above it. */
const CURVE_KEYS = ['P', 'load_rate', 'Ia', 'Ib', 'Ic'];

/** Live points and a 24 h curve of the device behind a clicked diagram element. */
export function ElementDrawer({ projectId, deviceId, title, onClose }: { projectId: number; deviceId: number | null; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useChartLocale();
  const rt = useRealtime(projectId, { deviceIds: deviceId ? [deviceId] : [], enabled: deviceId !== null });
  const device = allDevices(rt.data).find((d) => d.device.id === deviceId)?.device;
  const curvePoints = useMemo(() => (device?.points ?? []).filter((p) => CURVE_KEYS.includes(p.key)), [device]);
  const hist = useHistory24h(curvePoints.map((p) => p.id), 720);

  const option = useMemo(() => {
    const series: TimeSeriesInput[] = (hist.data?.series ?? []).map((s) => {
      const bucket = hist.data?.bucket_ms || undefined;
      return { name: s.name, unit: s.unit, points: columnarToPoints(s.t, s.avg, bucket) };
    });
    return buildTimeSeriesOption({ series, granularity: 'minute', dataZoom: true }, locale);
  }, [hist.data, locale]);

  return (
    <Drawer open={deviceId !== null} onClose={onClose} size={640} title={title} destroyOnHidden data-testid="sld-drawer">
      <QueryState look={DISTRIBUTION_QUERY} loading={rt.isLoading} error={rt.error && !rt.data ? rt.error : null} empty={!device} emptyText={t('distribution.monitor.noPoints')}>
        {device && (
          <Descriptions size="small" column={2} bordered data-testid="drawer-points">
            {device.points.map((p) => (
              <Descriptions.Item key={p.id} label={p.name}>
                <span data-testid={`drawer-pt-${p.key}`}>
                  <PointValue point={p} />
                </span>{' '}
                {p.quality !== 'fresh' && <QualityTag quality={p.quality} />}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </QueryState>
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('distribution.diagram.curve24h')}
      </Typography.Title>
      <Chart option={option} height={300} loading={hist.isLoading && curvePoints.length > 0} ariaLabel={t('distribution.diagram.curve24h')} />
    </Drawer>
  );
}
