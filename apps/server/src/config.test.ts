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

  it('clusters the embedded broker with REDIS_URL, which needs PostgreSQL and no external broker', () => {
    const db = { DATABASE_URL: 'postgres://gridops@db:5432/gridops' };
    expect(loadConfig(db).mqtt.redisUrl).toBeNull();
    expect(loadConfig({ ...db, REDIS_URL: 'redis://redis:6379' }).mqtt.redisUrl).toBe('redis://redis:6379');
    expect(loadConfig({ ...db, REDIS_URL: 'rediss://:pw@redis:6380/1' }).mqtt.redisUrl).toBe('rediss://:pw@redis:6380/1');
    expect(() => loadConfig({ ...db, REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL: expected redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'redis://redis:6379' })).toThrow(/REDIS_URL: .*DATABASE_URL/);
    expect(() => loadConfig({ ...db, REDIS_URL: 'redis://redis:6379', MQTT_URL: 'mqtt://broker:1883' })).toThrow(/REDIS_URL \/ MQTT_URL/);
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

describe('first start without the demo', () => {
  it('reads SEED_DEMO as on/off, 1/0 or true/false; the demo is on by default only with the embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/gridops' }).seedDemo).toBe(false);
    for (const off of ['0', 'off', 'false']) expect(loadConfig({ SEED_DEMO: off }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/gridops', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: 'no' })).toThrow(/SEED_DEMO/);
  });

  it('names the administrator admin, without a password (one-time), at a root organisation 总部 / Headquarters', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).bootstrap).toEqual({ adminUsername: 'admin', adminPassword: undefined, orgName: '总部', orgNameEn: 'Headquarters' });
    expect(loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'x', ORG_NAME: '滨海', ORG_NAME_EN: 'Binhai' }).bootstrap).toEqual({
      adminUsername: 'ops',
      adminPassword: 'x',
      orgName: '滨海',
      orgNameEn: 'Binhai',
    });
    expect(() => loadConfig({ ADMIN_USERNAME: 'has space' })).toThrow(/ADMIN_USERNAME/);
  });
});
