import { CloudOutlined } from '@ant-design/icons';
import type { Project } from '@gridops/contract';
import { Alert, Card, Descriptions, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWeather } from './api';

const hhmm = (iso: string | null | undefined, tz?: string) => {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: tz || undefined });
};

/** Site weather: external current conditions when available, the server's sun times always. */
export function WeatherCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { data, isLoading } = useWeather(project);
  const now = data?.now ?? null;
  const minutes = data?.day_length_minutes;
  return (
    <Card title={t('weather.title')} extra={<CloudOutlined />} data-testid="weather-card" style={{ height: '100%' }}>
      {isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {now ? (
            <div className="stat-grid" data-testid="weather-now">
              <Statistic title={now.text ?? t('weather.temp')} value={now.temp ?? '-'} suffix="°C" />
              <Statistic title={t('weather.humidity')} value={now.humidity ?? '-'} suffix="%" />
              <Statistic title={t('weather.wind')} value={t('weather.windValue', { dir: now.windDir ?? '-', scale: now.windScale ?? '-' })} />
            </div>
          ) : (
            <Alert type="info" showIcon title={t('weather.unavailable')} description={t('weather.unavailableHint')} style={{ marginBottom: 12 }} data-testid="weather-unavailable" />
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
