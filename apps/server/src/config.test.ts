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
    expect(loadConfig(db).mqtt.redis).toBeNull();
    expect(loadConfig({ ...db, REDIS_URL: 'redis://redis:6379' }).mqtt.redis).toEqual({ url: 'redis://redis:6379', sentinels: null });
    expect(loadConfig({ ...db, REDIS_URL: 'rediss://:pw@redis:6380/1' }).mqtt.redis).toEqual({ url: 'rediss://:pw@redis:6380/1', sentinels: null });
    expect(() => loadConfig({ ...db, REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL: expected redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'redis://redis:6379' })).toThrow(/REDIS_URL: .*DATABASE_URL/);
    expect(() => loadConfig({ ...db, REDIS_URL: 'redis://redis:6379', MQTT_URL: 'mqtt://broker:1883' })).toThrow(/REDIS_URL \/ MQTT_URL/);
  });

  it('finds the cluster Redis through REDIS_SENTINELS (master REDIS_SENTINEL_MASTER, default mymaster), REDIS_URL optional', () => {
    const db = { DATABASE_URL: 'postgres://gridops@db:5432/gridops' };
    expect(loadConfig({ ...db, REDIS_SENTINELS: 'sentinel-1:26379, 10.0.0.7:26380,[fd00::5]:26379' }).mqtt.redis).toEqual({
      url: null,
      sentinels: {
        hosts: [
          { host: 'sentinel-1', port: 26379 },
          { host: '10.0.0.7', port: 26380 },
          { host: 'fd00::5', port: 26379 },
        ],
        master: 'mymaster',
        password: null,
      },
    });
    // REDIS_URL alongside: its password, database and scheme are used; the sentinels name the master's address.
    expect(loadConfig({ ...db, REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_MASTER: 'gridops-redis', REDIS_URL: 'rediss://:pw@master/2' }).mqtt.redis).toEqual({
      url: 'rediss://:pw@master/2',
      sentinels: { hosts: [{ host: 's1', port: 26379 }], master: 'gridops-redis', password: null },
    });
    // The sentinels' own password (their requirepass) is separate from the master's.
    expect(loadConfig({ ...db, REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_PASSWORD: 's3cret' }).mqtt.redis?.sentinels).toEqual({
      hosts: [{ host: 's1', port: 26379 }],
      master: 'mymaster',
      password: 's3cret',
    });
  });

  it('refuses malformed sentinel settings, and the rules of REDIS_URL apply to REDIS_SENTINELS, naming it', () => {
    const db = { DATABASE_URL: 'postgres://gridops@db:5432/gridops' };
    for (const bad of ['sentinel-1', 'sentinel-1:', 's1:26379;s2:26379', 's1:70000', 's1:0', 'redis://s1:26379', 'fd00::5:26379', ',']) {
      expect(() => loadConfig({ ...db, REDIS_SENTINELS: bad }), bad).toThrow(/REDIS_SENTINELS: expected host:port/);
    }
    expect(() => loadConfig({ ...db, REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_MASTER: 'my master' })).toThrow(/REDIS_SENTINEL_MASTER: expected the master name/);
    expect(() => loadConfig({ ...db, REDIS_SENTINEL_MASTER: 'mymaster' })).toThrow(/REDIS_SENTINEL_MASTER: .*set REDIS_SENTINELS too/);
    expect(() => loadConfig({ ...db, REDIS_URL: 'redis://redis:6379', REDIS_SENTINEL_MASTER: 'mymaster' })).toThrow(/REDIS_SENTINEL_MASTER: .*set REDIS_SENTINELS too/);
    expect(() => loadConfig({ ...db, REDIS_URL: 'redis://redis:6379', REDIS_SENTINEL_PASSWORD: 'pw' })).toThrow(/REDIS_SENTINEL_PASSWORD: .*set REDIS_SENTINELS too/);
    expect(() => loadConfig({ REDIS_SENTINELS: 's1:26379' })).toThrow(/REDIS_SENTINELS: .*DATABASE_URL/);
    expect(() => loadConfig({ ...db, REDIS_SENTINELS: 's1:26379', MQTT_URL: 'mqtt://broker:1883' })).toThrow(/REDIS_SENTINELS \/ MQTT_URL/);
    // Empty counts as not set: the single-instance mode.
    expect(loadConfig({ ...db, REDIS_SENTINELS: '', REDIS_SENTINEL_MASTER: '', REDIS_SENTINEL_PASSWORD: '' }).mqtt.redis).toBeNull();
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

  it('runs the simulator with the demo only, or when SIMULATOR=on says so', () => {
    expect(loadConfig({}).simulator).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).simulator).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/gridops' }).simulator).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/gridops', SEED_DEMO: '1' }).simulator).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/gridops', SIMULATOR: 'on' }).simulator).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0', SIMULATOR: 'on' }).simulator).toBe(true);
    expect(loadConfig({ SEED_DEMO: '1', SIMULATOR: 'off' }).simulator).toBe(false);
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

  it('reads SECRETS_KEY as base64 or hex of 32 bytes, and refuses a production start without it', () => {
    const b64 = Buffer.alloc(32, 3).toString('base64');
    expect(loadConfig({ SECRETS_KEY: b64 }).secretsKey).toEqual(Buffer.alloc(32, 3));
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 4).toString('hex') }).secretsKey).toEqual(Buffer.alloc(32, 4));
    expect(() => loadConfig({ SECRETS_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/SECRETS_KEY: expected 32 random bytes/);
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: b64 }).secretsKey).toHaveLength(32);
  });

  it('reads OUTBOUND_ALLOW as CIDRs, addresses and host names, naming an entry that is none', () => {
    expect(loadConfig({}).outboundAllow.entries).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW: '10.20.0.0/16,smtp.corp.example' }).outboundAllow.entries).toEqual(['10.20.0.0/16', 'smtp.corp.example']);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/40' })).toThrow(/OUTBOUND_ALLOW: .*"10\.0\.0\.0\/40"/);
  });
});
