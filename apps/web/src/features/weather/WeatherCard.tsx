import { CloudOutlined } from '@ant-design/icons';
import type { Project } from '@gridops/contract';
import { Alert, Card, Descriptions, Skeleton, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWeather, type WeatherResult } from './api';

const hhmm = (iso: string | null | undefined, tz?: string) => {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: tz || undefined });
};

/** Site weather: current conditions from the server when it has them (else the reason), sun times always. */
export function WeatherCard({ project }: { project: Project }) {
  const { data, isLoading } = useWeather(project);
  return <WeatherView data={isLoading ? undefined : data} />;
}

export function WeatherView({ data }: { data: WeatherResult | undefined }) {
  const { t } = useTranslation();
  const now = data?.weather.now ?? null;
  const minutes = data?.day_length_minutes;
  const dash = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v);
  return (
    <Card title={t('weather.title')} extra={<CloudOutlined />} data-testid="weather-card" style={{ height: '100%' }}>
      {!data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {now ? (
            <div className="stat-grid" data-testid="weather-now">
              <Statistic
                title={
                  <Tooltip title={now.text || undefined}>
                    <span data-testid="weather-condition">{t(`weather.condition.${now.condition}`)}</span>
                  </Tooltip>
                }
                value={dash(now.temp_c)}
                suffix="°C"
              />
              <Statistic title={t('weather.humidity')} value={dash(now.humidity_pct)} suffix="%" />
              <Statistic
                title={t('weather.wind')}
                value={now.wind_scale === null ? '-' : t('weather.windValue', { dir: now.wind_dir ? t(`weather.dir.${now.wind_dir}`) : '', scale: now.wind_scale })}
              />
            </div>
          ) : (
            <Alert
              type="info"
              showIcon
              title={t('weather.unavailable')}
              description={t(data.weather.reason === 'no_key' ? 'weather.noKeyHint' : 'weather.unavailableHint')}
              style={{ marginBottom: 12 }}
              data-testid="weather-unavailable"
              data-reason={data.weather.reason ?? 'unavailable'}
            />
          )}
          <Descriptions size="small" column={2} data-testid="weather-sun">
            <Descriptions.Item label={t('weather.sunrise')}>{data.sunrise === null ? t('weather.polar') : hhmm(data.sunrise, data.timezone)}</Descriptions.Item>
            <Descriptions.Item label={t('weather.sunset')}>{data.sunset === null ? t('weather.polar') : hhmm(data.sunset, data.timezone)}</Descriptions.Item>
            <Descriptions.Item label={t('weather.solarNoon')}>{hhmm(data.solar_noon, data.timezone)}</Descriptions.Item>
            <Descriptions.Item label={t('weather.dayLength')}>
              {minutes === undefined ? '-' : t('weather.dayLengthValue', { h: Math.floor(minutes / 60), m: Math.round(minutes % 60) })}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}
