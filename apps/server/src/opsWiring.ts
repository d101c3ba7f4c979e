import type { AppConfig } from './config.js';
import { hostOf } from './lib/startErrors.js';
import type { Database } from './db/database.js';
import type { Ops } from './modules/ops/routes.js';
import type { Pipeline } from './pipeline.js';
import type { EmbeddedBroker } from './plugins/broker.js';
import type { Bus } from './plugins/bus.js';
import type { BrokerCluster } from './plugins/cluster.js';

/** Feeds /ready and /metrics from the parts one instance runs (docs/observability.md). */
export function wireOps(ops: Ops, parts: { config: AppConfig; database: Database; broker: EmbeddedBroker | null; cluster?: BrokerCluster | null; bus: Bus; pipeline: Pipeline }): void {
  const { config, database, broker, cluster, bus, pipeline } = parts;
  const { metrics, readiness } = ops;
  const brokerName = config.mqtt.externalUrl ? `broker at MQTT_URL (${hostOf(config.mqtt.externalUrl)})` : 'embedded broker';
  readiness.set('broker', () => {
    if (broker && !broker.listening()) return { ok: false, detail: `${brokerName} is not listening` };
    if (!bus.connected()) return { ok: false, detail: `not connected to the ${brokerName}` };
    return { ok: true, detail: broker ? `embedded broker listening (TCP ${broker.tcpPort}, WebSocket ${broker.wsPort})` : `connected to the ${brokerName}` };
  });
  if (cluster) {
    // The cluster's Redis: without it this node can neither route messages to the others nor keep sessions.
    readiness.set('redis', async () => {
      const ms = await cluster.ping().catch((e: unknown) => Promise.reject(new Error(`${cluster.name} does not answer: ${e instanceof Error ? e.message : String(e)}`)));
      if (!cluster.connected()) return { ok: false, detail: `${cluster.name}: a connection of this node is down (reconnecting)` };
      return { ok: true, detail: `${cluster.name} answers in ${ms.toFixed(1)} ms` };
    });
  }
  readiness.set('ingest', () => pipeline.ingestStatus({ ...config.ready, gatewaysConnected: broker ? broker.counts().gateways : null }));

  pipeline.ingest.observer = {
    batch: (seconds, samples, messages) => {
      metrics.batchSeconds.observe(seconds);
      metrics.ingestPoints.inc(samples);
      metrics.ingestMessages.inc(messages);
    },
    reject: (cause) => metrics.rejects.inc({ reason: cause }),
    alarmsPushed: (seconds) => metrics.alarmLatencySeconds.observe(seconds),
  };
  metrics.gauges.queueDepth = () => pipeline.inflight().count;
  metrics.gauges.gateways = () => (broker ? broker.counts().gateways : null);
  metrics.gauges.browsers = () => (broker ? broker.counts().browsers : null);
  if (cluster) metrics.watchRedis(() => cluster.ping());
  metrics.gauges.pool = () => ({ total: database.pool.totalCount, idle: database.pool.idleCount, waiting: database.pool.waitingCount });
}
