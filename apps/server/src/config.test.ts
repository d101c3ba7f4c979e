import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('uses 1883 for gateways and may fall back when MQTT_TCP_PORT is not set (empty counts as not set)', () => {
    for (const env of [{}, { MQTT_TCP_PORT: '' }]) {
      expect(loadConfig(env).mqtt).toMatchObject({ tcpPort: 1883, tcpPortFallback: true });
    }
  });

  it('keeps a port that was set on purpose', () => {
    expect(loadConfig({ MQTT_TCP_PORT: '2883' }).mqtt).toMatchObject({ tcpPort: 2883, tcpPortFallback: false });
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ MQTT_TCP_PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ MQTT_TCP_PORT: '70000' })).toThrow(/MQTT_TCP_PORT/);
  });

  it('allows telemetry at most 5 minutes ahead by default, configurable within 0–3600 s', () => {
    expect(loadConfig({}).ingest.maxFutureSkewMs).toBe(300_000);
    expect(loadConfig({ INGEST_MAX_FUTURE_SKEW_SECONDS: '30' }).ingest.maxFutureSkewMs).toBe(30_000);
    expect(() => loadConfig({ INGEST_MAX_FUTURE_SKEW_SECONDS: '86400' })).toThrow(/INGEST_MAX_FUTURE_SKEW_SECONDS/);
    expect(() => loadConfig({ INGEST_MAX_FUTURE_SKEW_SECONDS: '-1' })).toThrow(/INGEST_MAX_FUTURE_SKEW_SECONDS/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and accepts a hop count or proxy addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,loopback,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses "trust everyone" and malformed entries, naming the setting', () => {
    for (const bad of ['true', 'on', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});
