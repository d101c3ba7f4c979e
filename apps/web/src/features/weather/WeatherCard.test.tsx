import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../test/setupI18n';
import type { WeatherResult } from './api';
import { WeatherView } from './WeatherCard';

const sun = {
  project_id: 3,
  timezone: 'Asia/Shanghai',
  sunrise: '2026-11-22T22:40:00.000Z',
  sunset: '2026-11-23T08:55:00.000Z',
  solar_noon: '2026-11-23T03:47:00.000Z',
  day_length_minutes: 615,
};
const observed: WeatherResult = {
  ...sun,
  weather: {
    reason: null,
    now: { condition: 'cloudy', text: '多云', temp_c: 24, feels_like_c: 26, humidity_pct: 72, wind_speed_kmh: 3, wind_scale: 1, wind_dir: 'SE', observed_at: '2026-11-23T11:50:00.000Z' },
  },
};

describe('weather card (conditions from the server)', () => {
  beforeEach(() => i18n.changeLanguage('zh'));
  afterEach(() => cleanup());

  it('shows the server’s current conditions in the UI language, with sun times', async () => {
    render(<WeatherView data={observed} />);
    expect(screen.getByTestId('weather-condition').textContent).toBe('多云');
    expect(screen.getByTestId('weather-now').textContent).toContain('东南风 1 级');
    expect(screen.getByTestId('weather-sun').textContent).toContain('06:40');
    cleanup();
    await i18n.changeLanguage('en');
    render(<WeatherView data={observed} />);
    expect(screen.getByTestId('weather-condition').textContent).toBe('Cloudy');
    expect(screen.getByTestId('weather-now').textContent).toContain('SE, force 1');
  });

  it('without a server key shows sun information and says why', () => {
    render(<WeatherView data={{ ...sun, weather: { now: null, reason: 'no_key' } }} />);
    const notice = screen.getByTestId('weather-unavailable');
    expect(notice.getAttribute('data-reason')).toBe('no_key');
    expect(notice.textContent).toContain('服务器未配置天气服务密钥');
    expect(screen.getByTestId('weather-sun').textContent).toContain('16:55');
    expect(screen.queryByTestId('weather-now')).toBeNull();
  });

  it('when the provider cannot be reached says so instead', async () => {
    await i18n.changeLanguage('en');
    render(<WeatherView data={{ ...sun, weather: { now: null, reason: 'unavailable' } }} />);
    expect(screen.getByTestId('weather-unavailable').textContent).toContain('cannot be reached');
  });
});
