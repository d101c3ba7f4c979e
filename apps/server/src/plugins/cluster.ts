import { Redis, type RedisOptions } from 'ioredis';
import MQEmitterRedis from 'mqemitter-redis';
import aedesPersistenceRedis from 'aedes-persistence-redis';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisTarget } from '../config.js';
import { describeFailure, hostOf, serviceFailure, StartError } from '../lib/startErrors.js';

/**
 * What makes the embedded Aedes one node of a cluster (docs/adr/0006-clustered-broker.md): messages are routed
 * between the nodes through Redis pub/sub (`mqemitter-redis`), and persistent sessions, subscriptions, retained
 * messages and QoS 1/2 queues are kept in Redis (`aedes-persistence-redis`), so a gateway reconnecting to
 * another node finds its session and a client on one node receives what is published on another.
 */
export interface BrokerCluster {
  /** Aedes's `mq` option: the message router shared by all nodes. */
  mq: unknown;
  /** Aedes's `persistence` option. */
  persistence: unknown;
  /** Redis's round trip (ms); rejects when Redis does not answer. For /ready and /metrics. */
  ping(): Promise<number>;
  /** Connected to Redis right now (every connection of this node). */
  connected(): boolean;
  /** "Redis at REDIS_URL (host:6379)", "Redis Sentinel at REDIS_SENTINELS (…; master mymaster)": how /ready and the log name it. */
  name: string;
  /** After the broker closed (Aedes closes the router itself): ends the remaining connections. */
  close(): Promise<void>;
}

/** How long one Redis command may wait for a connection that is down before it fails (ms). */
const OFFLINE_COMMAND_RETRIES = 20;
/** Aedes's default matching options, which a router given to it must repeat. */
const MQ_OPTIONS = { concurrency: 100, matchEmptyLevels: true };

/** After the start: reconnect (and, with sentinels, ask them again) with a growing pause of at most 2 s. */
const retryPause = (attempt: number) => Math.min(attempt * 200, 2000);

/**
 * Connects this node to the cluster's Redis: REDIS_URL itself, or the master REDIS_SENTINELS name. A Redis that is
 * not there fails the start naming it and the setting; once started, a lost connection is retried for ever (/ready
 * says so meanwhile), and with sentinels every reconnect asks them where the master is, which is how a failover
 * is followed.
 */
export async function connectCluster(target: RedisTarget, log: FastifyBaseLogger, instanceId: string): Promise<BrokerCluster> {
  const { url, sentinels } = target;
  if (!url && !sentinels) throw new Error('connectCluster: neither REDIS_URL nor REDIS_SENTINELS');
  const name = sentinels
    ? `Redis Sentinel at REDIS_SENTINELS (${sentinels.hosts.map((h) => (h.host.includes(':') ? `[${h.host}]:${h.port}` : `${h.host}:${h.port}`)).join(',')}; master ${sentinels.master})`
    : `Redis at REDIS_URL (${hostOf(url!)})`;
  let started = false;
  const options = (role: string): RedisOptions => ({
    connectionName: `gridops-${instanceId}-${role}`,
    // After the start: reconnect with a growing pause; before it, the first failure is the answer.
    retryStrategy: (attempt) => (started ? retryPause(attempt) : null),
    maxRetriesPerRequest: OFFLINE_COMMAND_RETRIES,
    lazyConnect: true,
    ...(sentinels && {
      // With REDIS_URL too, its host:port is not used (the sentinels name the master); its password, database
      // and scheme are.
      sentinels: sentinels.hosts,
      name: sentinels.master,
      ...(sentinels.password !== null && { sentinelPassword: sentinels.password }),
      // ioredis's default asks the sentinels again for ever, also before the start, which would hang it.
      sentinelRetryStrategy: (attempt) => (started ? retryPause(attempt) : null),
      // A master demoted while it stays up (SENTINEL FAILOVER, a partition healed) keeps our connections open
      // as a replica; the sentinels' +switch-master closes them so they reconnect to the new master at once.
      // (A dead master needs nothing: the connections break, and ioredis's role check refuses a replica.)
      failoverDetector: true,
      // Before +switch-master arrives, a write may reach the demoted master: reconnect, and send it again there.
      reconnectOnError: (err: Error) => (err.message.startsWith('READONLY') ? 2 : false),
      // rediss://: the sentinels are asked over TLS too (a deployment with TLS has it on every Redis port).
      ...(url?.startsWith('rediss://') && { enableTLSForSentinelMode: true, sentinelTLS: {} }),
    }),
  });
  const connect = (role: string, extra: RedisOptions = {}) => (url ? new Redis(url, { ...options(role), ...extra }) : new Redis({ ...options(role), ...extra }));
  // The probe answers /ready: it fails at once while Redis is away instead of queueing.
  const probe = connect('probe', { enableOfflineQueue: false });
  const pubConn = connect('pub', { enableAutoPipelining: true });
  const subConn = connect('sub');
  const persistConn = connect('persistence');
  const connections = [probe, pubConn, subConn, persistConn];
  // ioredis reports every failed reconnect; one line per connection and outage is enough. Before the start,
  // the error says why (connect() itself only rejects with "Connection is closed").
  let firstError: Error | null = null;
  for (const c of connections) {
    let down = false;
    c.on('error', (err: Error) => {
      if (!started) firstError ??= err;
      if (!started || down) return;
      down = true;
      log.warn({ err: err.message, connection: c.options.connectionName }, `${name}: connection lost; retrying`);
    });
    c.on('ready', () => {
      if (down) log.info({ connection: c.options.connectionName }, `${name}: connected again`);
      down = false;
    });
  }
  try {
    await Promise.all(connections.map((c) => c.connect()));
    await probe.ping();
  } catch (e) {
    for (const c of connections) c.disconnect();
    throw sentinels ? sentinelFailure(name, sentinels.master, firstError ?? e) : serviceFailure('Redis', 'REDIS_URL', url!, firstError ?? e);
  }
  started = true;

  const mq = MQEmitterRedis({ ...MQ_OPTIONS, pubConn, subConn });
  // The router re-emits its connections' errors; without a listener the first one would end the process.
  (mq as unknown as { state: NodeJS.EventEmitter }).state.on('error', () => undefined);
  const persistence = aedesPersistenceRedis({ conn: persistConn });
  log.info(`embedded broker is a cluster node through ${name}`);

  return {
    mq,
    persistence,
    name,
    ping: async () => {
      const t0 = performance.now();
      await probe.ping();
      return performance.now() - t0;
    },
    connected: () => connections.every((c) => c.status === 'ready'),
    close: async () => {
      started = false;
      // The router's two connections were quit by Aedes's close; the others are ours. With sentinels, an ended
      // connection still holds its failover detector's connections to them, which only disconnect() ends.
      for (const c of [probe, persistConn, pubConn, subConn]) if (c.status !== 'end' || sentinels) c.disconnect();
    },
  };
}

/**
 * Why the start through sentinels failed, in an operator's words: no sentinel answered, they want a password
 * (or another one), they know no such master, or the master they named did not answer.
 */
function sentinelFailure(name: string, master: string, e: unknown): StartError {
  const message = e instanceof Error ? e.message : String(e);
  if (/no such master/i.test(message)) return new StartError(`${name}: the sentinels know no master named "${master}" (REDIS_SENTINEL_MASTER)`, { cause: e });
  // ioredis's words when every sentinel failed, followed by what the last one said: a password problem is named
  // as such; anything else ("Connection is closed.") says no more than that none answered.
  if (/all sentinels are unreachable/i.test(message)) {
    const why = /NOAUTH/.test(message)
      ? 'the sentinels require a password; set REDIS_SENTINEL_PASSWORD'
      : /WRONGPASS|invalid password/i.test(message)
        ? 'the sentinels refused the password of REDIS_SENTINEL_PASSWORD'
        : 'no sentinel answered (nothing listens there, or unreachable)';
    return new StartError(`${name}: ${why}`, { cause: e });
  }
  const { address, port } = (e ?? {}) as { address?: unknown; port?: unknown };
  const at = typeof address === 'string' ? ` at ${address}:${String(port)}` : '';
  return new StartError(`${name}: the master${at} the sentinels named ${describeFailure(e)}`, { cause: e });
}
