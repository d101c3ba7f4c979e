import client from 'prom-client';

/** What the runtime reports to the metrics (ingest, alarms, broker, HTTP, database pool). */
export interface OpsMetrics {
  registry: client.Registry;
  ingestPoints: client.Counter;
  ingestMessages: client.Counter;
  batchSeconds: client.Histogram;
  rejects: client.Counter<'reason'>;
  alarmLatencySeconds: client.Histogram;
  httpSeconds: client.Histogram<'method' | 'route' | 'status_code'>;
  /** Read at scrape time. */
  gauges: {
    queueDepth(): number;
    gateways(): number | null;
    browsers(): number | null;
    pool(): { total: number; idle: number; waiting: number } | null;
  };
  /** With REDIS_URL or REDIS_SENTINELS: adds gridops_redis_up and gridops_redis_roundtrip_seconds, from this ping (ms; rejects when Redis does not answer). */
  watchRedis(ping: () => Promise<number>): void;
}

/**
 * One registry per app (tests start several apps in one process; prom-client's global registry would clash).
 * Names follow Prometheus conventions: `_total` counters, `_seconds` histograms.
 */
export function createMetrics(): OpsMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'gridops_process_' });
  const gauges: OpsMetrics['gauges'] = { queueDepth: () => 0, gateways: () => null, browsers: () => null, pool: () => null };
  const m: OpsMetrics = {
    registry,
    gauges,
    // Only with a cluster Redis: whether this node reaches the cluster's Redis, and how fast (one PING per scrape).
    watchRedis(ping) {
      // One PING per scrape for both gauges (prom-client collects them concurrently).
      let measuring: Promise<number | null> | null = null;
      const measure = () =>
        (measuring ??= ping()
          .then((ms) => ms / 1000)
          .catch(() => null)
          .finally(() => setImmediate(() => (measuring = null))));
      const up = new client.Gauge({
        name: 'gridops_redis_up',
        help: 'The cluster Redis (REDIS_URL, or the master REDIS_SENTINELS name) answers this instance: 1 yes, 0 no',
        registers: [registry],
        async collect() {
          up.set((await measure()) === null ? 0 : 1);
        },
      });
      const roundTrip = new client.Gauge({
        name: 'gridops_redis_roundtrip_seconds',
        help: 'Round trip of a PING to the cluster Redis (REDIS_URL, or the master REDIS_SENTINELS name), measured at scrape time',
        registers: [registry],
        async collect() {
          const seconds = await measure();
          if (seconds !== null) roundTrip.set(seconds);
        },
      });
    },
    ingestPoints: new client.Counter({ name: 'gridops_ingest_points_total', help: 'Telemetry points committed to the database', registers: [registry] }),
    ingestMessages: new client.Counter({ name: 'gridops_ingest_messages_total', help: 'Gateway messages (telemetry and status) committed and acknowledged', registers: [registry] }),
    batchSeconds: new client.Histogram({
      name: 'gridops_ingest_batch_seconds',
      help: 'Time to commit one ingest batch (store, gateway touch; alarms are evaluated before, on their own lane)',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rejects: new client.Counter({ name: 'gridops_ingest_rejects_total', help: 'Telemetry samples or messages refused, by reason', labelNames: ['reason'], registers: [registry] }),
    alarmLatencySeconds: new client.Histogram({
      name: 'gridops_alarm_latency_seconds',
      help: 'From the arrival of a sample to the push of the events it raised (evaluated before storage)',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    httpSeconds: new client.Histogram({
      name: 'gridops_http_request_seconds',
      help: 'HTTP request latency by route (the route pattern, not the URL)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  };
  new client.Gauge({
    name: 'gridops_ingest_queue_depth',
    help: 'Gateway messages received and not yet committed',
    registers: [registry],
    collect() {
      this.set(gauges.queueDepth());
    },
  });
  const connected = new client.Gauge({
    name: 'gridops_mqtt_connected_clients',
    help: 'MQTT clients connected to this instance (embedded broker), by kind',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const g = gauges.gateways();
      const b = gauges.browsers();
      if (g !== null) connected.set({ kind: 'gateway' }, g);
      if (b !== null) connected.set({ kind: 'browser' }, b);
    },
  });
  const pool = new client.Gauge({
    name: 'gridops_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting requests)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = gauges.pool();
      if (!p) return;
      pool.set({ state: 'total' }, p.total);
      pool.set({ state: 'idle' }, p.idle);
      pool.set({ state: 'waiting' }, p.waiting);
    },
  });
  return m;
}
