import mqtt, { type MqttClient, type IPublishPacket } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { randomSecret } from '../lib/tokens.js';

export type InboundHandler = (topic: string, payload: Buffer) => Promise<void>;

export interface Bus {
  publish(topic: string, payload: string, qos?: 0 | 1 | 2): Promise<void>;
  /** Subscribes with QoS 1; each message is acknowledged only after the handler's promise resolves. */
  consume(topics: string[], handler: InboundHandler): Promise<void>;
  close(): Promise<void>;
}

/**
 * The server's own MQTT client ("service" identity): publishes live pushes and gateway commands and, with an
 * external broker, consumes gateway topics with durable hand-off (persistent session, ack after commit).
 */
export async function connectBus(opts: { url: string; username: string; password: string; log: FastifyBaseLogger; clientId?: string }): Promise<Bus> {
  const client: MqttClient = await mqtt.connectAsync(opts.url, {
    username: opts.username,
    password: opts.password,
    clientId: opts.clientId ?? `gridops-server-${randomSecret(6)}`,
    clean: opts.clientId === undefined,
    reconnectPeriod: 2000,
    connectTimeout: 15_000,
    keepalive: 30,
  });
  let handler: InboundHandler | null = null;
  // mqtt.js sends PUBACK/PUBREC only when this callback is called: after the batch has committed.
  client.handleMessage = (packet: IPublishPacket, done: (error?: Error) => void) => {
    if (!handler) return done();
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    handler(packet.topic, payload).then(
      () => done(),
      (err: unknown) => {
        opts.log.error({ err, topic: packet.topic }, 'inbound message failed; not acknowledged');
        // Leaving it unacknowledged makes the broker redeliver after reconnect.
        client.end(true, () => client.reconnect());
      },
    );
  };
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'bus error'));
  return {
    publish: async (topic, payload, qos = 2) => {
      await client.publishAsync(topic, payload, { qos });
    },
    consume: async (topics, h) => {
      handler = h;
      await client.subscribeAsync(topics, { qos: 1 });
    },
    close: async () => {
      await client.endAsync();
    },
  };
}
