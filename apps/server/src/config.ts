import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllowList, type AllowList } from './lib/outbound/index.js';
import { DEFAULT_FONT_DIRS } from './lib/fonts.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const onOff = z
  .enum(['on', 'off', '1', '0', 'true', 'false'])
  .transform((v) => v === 'on' || v === '1' || v === 'true');

const port = z.coerce.number().int().min(0).max(65535);

/** proxy-addr's (Fastify's) names for address ranges, an address, or an address/prefix (or /netmask). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(prefix);
}

/**
 * Whom to believe X-Forwarded-For from: off (default: the socket's address is the client), a hop count, or a
 * comma-separated list of proxy addresses/CIDRs. Never "everyone": any client could then pick its address.
 */
const trustProxy = z
  .string()
  .transform((v, ctx): false | number | string[] => {
    const value = v.trim();
    if (['off', 'false', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.find((e) => !isProxyAddress(e));
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: `expected off, a hop count or proxy addresses/CIDRs; "${bad ?? value}" is none of them` });
      return z.NEVER;
    }
    return entries;
  });

/** Every setting the server reads, validated once at start. `.env.example` documents them. */
/**
 * CSP frame-ancestors: who may embed the console in a frame (the 3D engine host). Space- or comma-separated
 * sources: 'self', 'none', or origins such as https://engine.example.com or http://10.0.0.9:8080.
 */
const frameAncestors = z.string().transform((v, ctx): string[] => {
  const entries = v.split(/[\s,]+/).filter(Boolean);
  const bad = entries.find((e) => !["'self'", "'none'", 'self', 'none'].includes(e) && !/^(https?:\/\/)?(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?$/.test(e));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `expected 'self', 'none' or origins like https://engine.example.com; "${bad ?? v}" is none of them` });
    return z.NEVER;
  }
  return entries.map((e) => (e === 'self' || e === 'none' ? `'${e}'` : e));
});

/**
 * REDIS_SENTINELS: comma-separated host:port of Redis Sentinels (an IPv6 address in brackets: [fd00::5]:26379).
 * The port is required: a sentinel's (26379) is easily confused with Redis's own (6379).
 */
const redisSentinels = z.string().transform((v, ctx): { host: string; port: number }[] => {
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  const out: { host: string; port: number }[] = [];
  for (const e of entries) {
    const m = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$/.exec(e);
    const p = Number(m?.[2]);
    if (!m || p < 1 || p > 65535) {
      ctx.addIssue({ code: 'custom', message: `expected host:port of each sentinel, comma-separated, e.g. sentinel-1:26379,sentinel-2:26379; "${e}" is not one` });
      return z.NEVER;
    }
    out.push({ host: m[1]!.replace(/^\[|\]$/g, ''), port: p });
  }
  if (out.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'expected host:port of at least one sentinel, e.g. sentinel-1:26379' });
    return z.NEVER;
  }
  return out;
});

/** OUTBOUND_ALLOW (docs/security.md "Outbound requests"): internal CIDRs, addresses and host names outbound requests may reach. */
const outboundAllow = z.string().transform((v, ctx): AllowList => {
  try {
    return parseAllowList(v);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `expected CIDRs, addresses or host names, comma-separated (e.g. 10.20.0.0/16,smtp.corp.example); ${(e as Error).message}` });
    return z.NEVER;
  }
});

/** SECRETS_KEY (docs/security.md "Stored secrets"): 32 bytes as base64 (openssl rand -base64 32) or 64 hex digits. */
const secretsKey = z
  .string()
  .trim()
  .transform((v, ctx): Buffer => {
    const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : /^[A-Za-z0-9+/]+={0,2}$/.test(v) ? Buffer.from(v, 'base64') : Buffer.alloc(0);
    if (key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'expected 32 random bytes as base64 (openssl rand -base64 32) or as 64 hex digits (openssl rand -hex 32)' });
      return z.NEVER;
    }
    return key;
  });

/** The weather providers' public API bases (WEATHER_URL overrides). */
const WEATHER_BASE_URL = { qweather: 'https://devapi.qweather.com', openweather: 'https://api.openweathermap.org' } as const;

const envSchema = z.object({
  /** production: SECRETS_KEY is required (no key file generated under DATA_DIR). */
  NODE_ENV: z.string().optional(),
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy.optional(),
  FRAME_ANCESTORS: frameAncestors.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  MQTT_URL: z.string().url().optional(),
  MQTT_SERVICE_USERNAME: z.string().optional(),
  MQTT_SERVICE_PASSWORD: z.string().optional(),
  /** Several instances (docs/adr/0006-clustered-broker.md): the embedded brokers form one cluster through this Redis. */
  REDIS_URL: z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//.test(v), 'expected redis://host:6379 (or rediss:// for TLS)')
    .optional(),
  /** Redis Sentinel (docs/deployment.md): the sentinels that say where the cluster's Redis master is. */
  REDIS_SENTINELS: redisSentinels.optional(),
  /** The master's name in the sentinels' `sentinel monitor <name> …`; only with REDIS_SENTINELS (default mymaster). */
  REDIS_SENTINEL_MASTER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'expected the master name of the sentinels\' "sentinel monitor <name> ..." line, e.g. mymaster')
    .optional(),
  /** The sentinels' own password (their `requirepass`); the master's is REDIS_URL's. Only with REDIS_SENTINELS. */
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  MQTT_WS_PORT: port.default(8084),
  MQTT_TCP_PORT: port.optional(),
  /** TLS for the embedded broker (docs/deployment.md): PEM certificate chain and key files; both or neither. */
  MQTT_TLS_CERT: z.string().trim().min(1).optional(),
  MQTT_TLS_KEY: z.string().trim().min(1).optional(),
  /** With MQTT_TLS_*: MQTT over TLS for gateways, and MQTT over secure WebSocket (/mqtt) for browsers. */
  MQTT_TLS_PORT: port.default(8883),
  MQTT_WSS_PORT: port.default(8085),
  /** Largest MQTT packet the embedded broker accepts (TCP and WebSocket); see docs/gateway-protocol.md. */
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(16 * 1024).max(256 * 1024 * 1024).default(1024 * 1024),
  SEED_DEMO: onOff.optional(),
  /** First start without the demo: the bootstrap administrator and the root organisation (docs/onboarding.md). */
  ADMIN_USERNAME: z.string().trim().regex(/^[A-Za-z0-9_.@-]{1,64}$/).default('admin'),
  ADMIN_PASSWORD: z.string().min(1).max(128).optional(),
  ORG_NAME: z.string().trim().min(1).max(100).default('总部'),
  ORG_NAME_EN: z.string().trim().min(1).max(100).default('Headquarters'),
  /** Days of counter history the demo seed writes for the energy statistics (0 = none). */
  SEED_HISTORY_DAYS: z.coerce.number().int().min(0).max(1100).default(400),
  SIMULATOR: onOff.optional(),
  SIM_INTERVAL_MS: z.coerce.number().int().min(200).default(5000),
  /** Chance per gateway and tick of a random staged fault; unset = the simulator's default (one per ~10 min). */
  SIM_FAULT_RATE: z.coerce.number().min(0).max(1).optional(),
  /** Edge AI detections the simulator reports per camera and hour (docs/gateway-protocol.md); unset = 3. */
  SIM_AI_RATE: z.coerce.number().min(0).max(3600).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: human-readable on a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  LOG_REQUESTS: z.enum(['summary', 'all']).default('summary'),
  LOG_SLOW_MS: z.coerce.number().int().min(0).default(1000),
  LOG_SUMMARY_SECONDS: z.coerce.number().int().min(0).default(60),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24),
  WEB_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  BASE_URL: z.string().default(''),
  TEMP_URL: z.string().default(''),
  LOGO_URL: z.string().default(''),
  ZFY_URL: z.string().default(''),
  WEATHER_PROVIDER: z.enum(['qweather', 'openweather']).default('qweather'),
  WEATHER_URL: z.string().url().optional(),
  WEATHER_KEY: z.string().default(''),
  ROUTER_MODE: z.enum(['history', 'hash']).default('history'),
  MQTT_PUBLIC_WS_PORT: port.optional(),
  /** The gateway kit (docs/gateway-protocol.md): host and ports gateways reach the broker at, when not the defaults. */
  MQTT_PUBLIC_HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:_-]{1,253}$/, 'expected a host name or IP address, e.g. mqtt.example.com')
    .optional(),
  MQTT_PUBLIC_TCP_PORT: port.optional(),
  MQTT_PUBLIC_TLS_PORT: port.optional(),
  INGEST_LANES: z.coerce.number().int().min(1).max(8).optional(),
  INGEST_MAX_DELAY_MS: z.coerce.number().int().min(1).max(5000).default(50),
  INGEST_MAX_BATCH: z.coerce.number().int().min(100).max(100_000).default(5000),
  /** How far ahead of the server's clock a telemetry timestamp may be; later ones are refused (future_timestamp). */
  INGEST_MAX_FUTURE_SKEW_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /** /ready fails when a gateway message has waited this long without being committed (docs/observability.md). */
  READY_STALL_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  /** …or when gateways are connected (embedded broker) and no batch committed for this long. */
  READY_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  INSTANCE_ID: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).default('1'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Public expert registrations one address may send per window (docs/experts.md). */
  EXPERT_REGISTER_MAX: z.coerce.number().int().positive().default(10),
  EXPERT_REGISTER_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  CONTROL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CONTROL_SELECT_TTL_S: z.coerce.number().int().min(5).max(600).default(30),
  /** How often each instance evaluates the automation rules of auxiliary devices (docs/control-config.md); 0 = never. */
  AUX_AUTOMATION_TICK_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Usage logs (docs/audit.md): rows older than this many days are deleted by the daily retention job. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Raw telemetry (daily partitions) is kept this many days; rollups are kept (docs/performance.md). */
  RETENTION_RAW_DAYS: z.coerce.number().int().min(14).max(36_500).default(400),
  /** Push delivery log (docs/push.md): finished deliveries older than this many days are deleted daily. */
  PUSH_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  /** Live video (docs/video.md): the ffmpeg looked for first (a command on PATH or a path), else the npm-shipped one; 'off': snapshots only. */
  VIDEO_FFMPEG: z.string().trim().min(1).default('ffmpeg'),
  /** System font directories searched for the report's and the cameras' fonts (comma-separated). Pointed at an empty directory, only the npm-shipped font is used. */
  FONT_DIRS: z
    .string()
    .transform((v) => v.split(',').map((d) => d.trim()).filter(Boolean))
    .optional(),
  /** Origins of media servers (MediaMTX, go2rtc, SRS) whose HLS the browser may play: CSP connect-src/media-src. */
  VIDEO_ORIGINS: z
    .string()
    .transform((v, ctx): string[] => {
      const entries = v.split(/[\s,]+/).filter(Boolean);
      const out: string[] = [];
      for (const e of entries) {
        try {
          const u = new URL(e);
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
          out.push(u.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `expected origins like https://media.example.com:8888; "${e}" is not one` });
          return z.NEVER;
        }
      }
      return out;
    })
    .optional(),
  /** Face-photo encryption key (docs/face-library.md): base64 of 32 bytes; unset = a key file under DATA_DIR. */
  FACE_PHOTO_KEY: z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, 'expected the base64 of 32 random bytes (openssl rand -base64 32)')
    .transform((v) => Buffer.from(v, 'base64'))
    .optional(),
  /** Key of the stored secrets (SMTP passwords, webhook URLs and secrets, camera credentials); required in production. */
  SECRETS_KEY: secretsKey.optional(),
  /** Internal destinations outbound requests (webhooks, SMTP, camera snapshots) may reach; default none. */
  OUTBOUND_ALLOW: outboundAllow.optional(),
  /** CJK font of the monthly report's PDF (docs/monthly-report.md): a .ttf/.otf/.ttc file; unset = Noto Sans CJK of Debian's fonts-noto-cjk. */
  REPORT_CJK_FONT: z.string().trim().min(1).optional(),
});

/** The names of every setting the server reads (for checks that deployment files name only real ones). */
export const settingNames: readonly string[] = Object.keys(envSchema.shape);

export interface AppConfig {
  port: number;
  host: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** CSP frame-ancestors sources (default 'self'). */
  frameAncestors: string[];
  /** Live video: the ffmpeg command (null: off) and the media-server origins browsers may play from. */
  video: { ffmpeg: string | null; origins: string[] };
  dataDir: string;
  databaseUrl: string | undefined;
  /** Embedded means PGlite under dataDir; the demo organisation (and with it the simulator) is on by default then. */
  embeddedDatabase: boolean;
  mqtt: {
    externalUrl: string | undefined;
    serviceUsername: string | undefined;
    servicePassword: string | undefined;
    wsPort: number;
    tcpPort: number;
    /** MQTT_TCP_PORT was not set: another free port is fine when 1883 is taken. */
    tcpPortFallback: boolean;
    /** The WebSocket port browsers are told to use (differs from wsPort behind a proxy). */
    publicWsPort: number;
    /** The gateway kit's broker address (MQTT_PUBLIC_HOST / _TCP_PORT / _TLS_PORT); undefined: derived (gateways/kit.ts). */
    publicHost?: string | undefined;
    publicTcpPort?: number | undefined;
    publicTlsPort?: number | undefined;
    /** Larger packets close the connection (judged by the fixed header, before the body is buffered). */
    maxPacketBytes: number;
    /** Embedded broker TLS listeners (MQTTS for gateways, WSS for browsers); null: plain TCP and WS only. */
    tls: { certFile: string; keyFile: string; tlsPort: number; wssPort: number } | null;
    /**
     * REDIS_URL or REDIS_SENTINELS: the embedded broker is one node of a cluster (messages routed, sessions and
     * queues kept in this Redis); null: one instance, everything in memory (docs/adr/0006-clustered-broker.md).
     */
    redis: RedisTarget | null;
  };
  seedDemo: boolean;
  /**
   * Without the demo: an empty database gets one administrator (this username; this password or a one-time one
   * printed to the log) at the root organisation (created with these names when there is none).
   */
  bootstrap: { adminUsername: string; adminPassword: string | undefined; orgName: string; orgNameEn: string };
  seedHistoryDays: number;
  simulator: boolean;
  simulatorIntervalMs: number;
  simulatorFaultRate: number | undefined;
  simulatorAiRate: number | undefined;
  logLevel: string;
  logFormat: 'auto' | 'pretty' | 'json';
  /** Which requests get a line (plugins/requestLog.ts): errors, slow ones and a summary every `summarySeconds` (0: none), or all. */
  requestLog: { mode: 'summary' | 'all'; slowMs: number; summarySeconds: number };
  sessionTtlHours: number;
  webDir: string;
  web: {
    baseURL: string;
    tempURL: string;
    logoURL: string;
    zfyURL: string;
    routerMode: 'history' | 'hash';
  };
  login: { maxFailures: number; windowMinutes: number };
  /** Public expert registration: at most maxPerWindow per address per window. */
  expertRegister: { maxPerWindow: number; windowMinutes: number };
  /** Current weather, fetched by the server (the key never reaches a browser). */
  weather: { provider: 'qweather' | 'openweather'; key: string; baseUrl: string };
  /** Distinguishes instances sharing one external broker (stable MQTT client ids). */
  instanceId: string;
  ingest: { lanes: number; maxDelayMs: number; maxBatch: number; maxTransaction: number; maxFutureSkewMs: number };
  /** /ready's ingest limits (ms). */
  ready: { stallMs: number; idleMs: number };
  /** Remote control: how long execute waits for the gateway's answer; how long a selection stays valid. */
  control: { timeoutMs: number; selectTtlS: number; automationTickMs: number };
  /** Usage logs: how many days the daily retention job keeps. */
  audit: { retentionDays: number };
  /** Raw telemetry: whole days older than this are dropped by the hourly partition job. */
  retention: { rawDays: number };
  /** Push delivery log: how many days the daily clean-up keeps. */
  push: { retentionDays: number };
  /** AES-256-GCM key of the face photos; undefined = generated once into DATA_DIR/face-photo.key (mode 0600). */
  facePhotoKey: Buffer | undefined;
  /** The monthly report's CJK font file; undefined = the first of the usual system paths that exists. */
  reportCjkFont: string | undefined;
  /** System font directories (FONT_DIRS); the npm-shipped CJK font is the fallback (lib/fonts). */
  fontDirs: string[];
  /** AES-256-GCM key of stored secrets; undefined (never in production) = generated once into DATA_DIR/secrets.key. */
  secretsKey: Buffer | undefined;
  /** What outbound requests may reach besides global unicast addresses (OUTBOUND_ALLOW). */
  outboundAllow: AllowList;
}

/** Where the cluster's Redis is (plugins/cluster.ts). */
export interface RedisTarget {
  /**
   * REDIS_URL. Alone: the Redis itself. With sentinels: only its user name, password, database and scheme count
   * (rediss://: TLS to the master and the sentinels); the sentinels say where the master is.
   */
  url: string | null;
  /**
   * REDIS_SENTINELS, REDIS_SENTINEL_MASTER and REDIS_SENTINEL_PASSWORD: ask these sentinels (with this password)
   * for the master of this name, again after a failover.
   */
  sentinels: { hosts: { host: string; port: number }[]; master: string; password: string | null } | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings in the environment mean "not set", as in most twelve-factor tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embeddedDatabase = !e.DATABASE_URL;
  if ((e.MQTT_TLS_CERT === undefined) !== (e.MQTT_TLS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  MQTT_TLS_CERT / MQTT_TLS_KEY: set both (the certificate chain and its private key, PEM files) or neither');
  }
  if (e.REDIS_SENTINEL_MASTER && !e.REDIS_SENTINELS) {
    throw new ConfigError('Invalid configuration:\n  REDIS_SENTINEL_MASTER: names the master the sentinels watch; set REDIS_SENTINELS too (or remove it)');
  }
  if (e.REDIS_SENTINEL_PASSWORD && !e.REDIS_SENTINELS) {
    throw new ConfigError("Invalid configuration:\n  REDIS_SENTINEL_PASSWORD: is the sentinels' password; set REDIS_SENTINELS too (the Redis's own password goes into REDIS_URL)");
  }
  // The setting that turned the cluster on, for the messages below (the sentinels when both are set).
  const redisSetting = e.REDIS_SENTINELS ? 'REDIS_SENTINELS' : e.REDIS_URL ? 'REDIS_URL' : null;
  if (redisSetting && e.MQTT_URL) {
    throw new ConfigError(`Invalid configuration:\n  ${redisSetting} / MQTT_URL: ${redisSetting} clusters the embedded broker, MQTT_URL replaces it with an external one; set one of them`);
  }
  if (redisSetting && embeddedDatabase) {
    throw new ConfigError(`Invalid configuration:\n  ${redisSetting}: the instances of a cluster share one PostgreSQL; set DATABASE_URL too (the embedded PGlite belongs to one instance)`);
  }
  if (e.NODE_ENV === 'production' && !e.SECRETS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRETS_KEY: required when NODE_ENV=production — the key that encrypts stored SMTP passwords, webhook URLs and camera credentials (openssl rand -base64 32; every instance must share it; docs/security.md "Stored secrets")',
    );
  }
  const seedDemo = e.SEED_DEMO ?? embeddedDatabase;
  const mqttTls = e.MQTT_TLS_CERT && e.MQTT_TLS_KEY ? { certFile: path.resolve(e.MQTT_TLS_CERT), keyFile: path.resolve(e.MQTT_TLS_KEY), tlsPort: e.MQTT_TLS_PORT, wssPort: e.MQTT_WSS_PORT } : null;
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY ?? false,
    frameAncestors: e.FRAME_ANCESTORS ?? ["'self'"],
    video: { ffmpeg: e.VIDEO_FFMPEG === 'off' ? null : e.VIDEO_FFMPEG, origins: e.VIDEO_ORIGINS ?? [] },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedDatabase,
    mqtt: {
      externalUrl: e.MQTT_URL,
      serviceUsername: e.MQTT_SERVICE_USERNAME,
      servicePassword: e.MQTT_SERVICE_PASSWORD,
      wsPort: e.MQTT_WS_PORT,
      tcpPort: e.MQTT_TCP_PORT ?? 1883,
      tcpPortFallback: e.MQTT_TCP_PORT === undefined,
      // With TLS on, browsers of an https console must reach the secure WebSocket listener.
      publicWsPort: e.MQTT_PUBLIC_WS_PORT ?? (mqttTls ? mqttTls.wssPort : e.MQTT_WS_PORT),
      publicHost: e.MQTT_PUBLIC_HOST,
      publicTcpPort: e.MQTT_PUBLIC_TCP_PORT,
      publicTlsPort: e.MQTT_PUBLIC_TLS_PORT,
      maxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
      tls: mqttTls,
      redis: redisSetting
        ? { url: e.REDIS_URL ?? null, sentinels: e.REDIS_SENTINELS ? { hosts: e.REDIS_SENTINELS, master: e.REDIS_SENTINEL_MASTER ?? 'mymaster', password: e.REDIS_SENTINEL_PASSWORD ?? null } : null }
        : null,
    },
    seedDemo,
    bootstrap: { adminUsername: e.ADMIN_USERNAME, adminPassword: e.ADMIN_PASSWORD, orgName: e.ORG_NAME, orgNameEn: e.ORG_NAME_EN },
    seedHistoryDays: e.SEED_HISTORY_DAYS,
    // Only the embedded demo runs it by default: a real install (SEED_DEMO=0) has no simulated gateways ("0
    // gateways, 0 devices" only confused people), and instances sharing a PostgreSQL must not each run one.
    simulator: e.SIMULATOR ?? (seedDemo && embeddedDatabase),
    simulatorIntervalMs: e.SIM_INTERVAL_MS,
    simulatorFaultRate: e.SIM_FAULT_RATE,
    simulatorAiRate: e.SIM_AI_RATE,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    requestLog: { mode: e.LOG_REQUESTS, slowMs: e.LOG_SLOW_MS, summarySeconds: e.LOG_SUMMARY_SECONDS },
    sessionTtlHours: e.SESSION_TTL_HOURS,
    webDir: path.resolve(e.WEB_DIR),
    web: {
      baseURL: e.BASE_URL,
      tempURL: e.TEMP_URL,
      logoURL: e.LOGO_URL,
      zfyURL: e.ZFY_URL,
      routerMode: e.ROUTER_MODE,
    },
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMinutes: e.LOGIN_WINDOW_MINUTES },
    expertRegister: { maxPerWindow: e.EXPERT_REGISTER_MAX, windowMinutes: e.EXPERT_REGISTER_WINDOW_MINUTES },
    weather: { provider: e.WEATHER_PROVIDER, key: e.WEATHER_KEY, baseUrl: e.WEATHER_URL ?? WEATHER_BASE_URL[e.WEATHER_PROVIDER] },
    instanceId: e.INSTANCE_ID,
    // PGlite is one connection: parallel lanes would only queue behind each other.
    ingest: { lanes: e.INGEST_LANES ?? (embeddedDatabase ? 1 : 2), maxDelayMs: e.INGEST_MAX_DELAY_MS, maxBatch: e.INGEST_MAX_BATCH, maxTransaction: embeddedDatabase ? Math.min(e.INGEST_MAX_BATCH, 2000) : 40 * e.INGEST_MAX_BATCH, maxFutureSkewMs: e.INGEST_MAX_FUTURE_SKEW_SECONDS * 1000 },
    ready: { stallMs: e.READY_STALL_SECONDS * 1000, idleMs: e.READY_IDLE_SECONDS * 1000 },
    control: { timeoutMs: e.CONTROL_TIMEOUT_MS, selectTtlS: e.CONTROL_SELECT_TTL_S, automationTickMs: e.AUX_AUTOMATION_TICK_MS },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    retention: { rawDays: e.RETENTION_RAW_DAYS },
    push: { retentionDays: e.PUSH_RETENTION_DAYS },
    facePhotoKey: e.FACE_PHOTO_KEY,
    reportCjkFont: e.REPORT_CJK_FONT,
    fontDirs: e.FONT_DIRS ?? DEFAULT_FONT_DIRS,
    secretsKey: e.SECRETS_KEY,
    outboundAllow: e.OUTBOUND_ALLOW ?? parseAllowList(''),
  };
}
