import { Redis, type RedisOptions } from 'ioredis';
import MQEmitterRedis from 'mqemitter-redis';
import aedesPersistenceRedis from 'aedes-persistence-redis';
import type { FastifyBaseLogger } from 'fastify';
import { hostOf, serviceFailure } from '../lib/startErrors.js';

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
  /** "Redis at REDIS_URL (host:6379)": how /ready and the log name it. */
  name: string;
  /** After the broker closed (Aedes closes the router itself): ends the remaining connections. */
  close(): Promise<void>;
}

/** How long one Redis command may wait for a connection that is down before it fails (ms). */
const OFFLINE_COMMAND_RETRIES = 20;
/** Aedes's default matching options, which a router given to it must repeat. */
const MQ_OPTIONS = { concurrency: 100, matchEmptyLevels: true };

/**
 * Connects this node to the cluster's Redis. A Redis that is not there fails the start naming it and REDIS_URL;
 * once started, a lost connection is retried for ever (/ready says so meanwhile).
 */
export async function connectCluster(url: string, log: FastifyBaseLogger, instanceId: string): Promise<BrokerCluster> {
  const name = `Redis at REDIS_URL (${hostOf(url)})`;
  let started = false;
  const options = (role: string): RedisOptions => ({
    connectionName: `gridops-${instanceId}-${role}`,
    // After the start: reconnect with a growing pause (at most 2 s); before it, the first failure is the answer.
    retryStrategy: (attempt) => (started ? Math.min(attempt * 200, 2000) : null),
    maxRetriesPerRequest: OFFLINE_COMMAND_RETRIES,
    lazyConnect: true,
  });
  // The probe answers /ready: it fails at once while Redis is away instead of queueing.
  const probe = new Redis(url, { ...options('probe'), enableOfflineQueue: false });
  const pubConn = new Redis(url, { ...options('pub'), enableAutoPipelining: true });
  const subConn = new Redis(url, options('sub'));
  const persistConn = new Redis(url, options('persistence'));
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
    throw serviceFailure('Redis', 'REDIS_URL', url, firstError ?? e);
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
      // The router's two connections were quit by Aedes's close; the others are ours.
      for (const c of [probe, persistConn, pubConn, subConn]) if (c.status !== 'end') c.disconnect();
    },
  };
}
