import mqtt, { type MqttClient, type IPublishPacket } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import type { FastifyBaseLogger } from 'fastify';
import { randomSecret } from '../lib/tokens.js';
import { serviceFailure } from '../lib/startErrors.js';

export type InboundHandler = (topic: string, payload: Buffer) => Promise<void>;

export interface Bus {
  /** Publishes and resolves once the broker acknowledged (QoS 1/2). Never call it from an inbound handler. */
  publish(topic: string, payload: string, qos?: 0 | 1 | 2): Promise<void>;
  /**
   * Hands the message to the client and returns at once: the broker's acknowledgement is not waited for (a
   * failure is logged). What inbound handlers use (captures, event pushes): they must never wait on an
   * acknowledgement that the same connection has to read.
   */
  send(topic: string, payload: string, qos?: 0 | 1 | 2): void;
  /**
   * Subscribes with QoS 1. Messages are handled concurrently; each is acknowledged (PUBACK) only after its
   * handler's promise resolves, and the connection keeps reading meanwhile.
   */
  consume(topics: string[], handler: InboundHandler): Promise<void>;
  /** Connected to the broker right now. */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * mqtt.js sends the PUBACK of a QoS 1 message from `handleMessage`'s callback, and reads no further packet
 * until that callback is called: awaiting the commit there handles one message at a time (16 messages/s), and
 * a handler that awaits its own publish's acknowledgement (which that same reader has to read) never returns.
 * So `handleMessage` calls back at once with this marker, which makes mqtt.js go on reading without sending
 * the PUBACK (the callback's error ends that packet's handling, nothing else), and the PUBACK is written here
 * after the commit, on the connection the message came in on.
 */
const DEFERRED_ACK = new Error('acknowledged after commit by the bus');

/**
 * Outgoing QoS 1/2 publishes in flight at once. Mosquitto 2.0 silently drops a v3.1.1 client's QoS 2 messages
 * beyond its `max_inflight_messages` (20 by default) that are not yet completed: a burst of pushes (one per
 * recipient of a capture) lost all but 20. Further publishes wait here, in order.
 */
const MAX_OUTGOING_IN_FLIGHT = 16;

/**
 * The server's own MQTT clients ("service" identity): one publishes live pushes and gateway commands; with an
 * external broker a second one consumes gateway topics (shared subscription, acknowledgement after commit).
 *
 * Clean session: the broker keeps nothing for this client once it disconnects, so a stopped or killed instance
 * leaves no session behind that would go on collecting its share of the shared subscription. Messages the
 * broker had handed to an instance and not yet got a PUBACK for are what a broker may lose or redispatch when
 * that instance dies (docs/external-broker.md).
 */
export async function connectBus(opts: {
  url: string;
  username: string;
  password: string;
  log: FastifyBaseLogger;
  clientId?: string;
  /** Names the broker and its setting in a start failure ("broker at MQTT_URL (host:1883) refused …"). */
  name?: { service: string; setting: string };
}): Promise<Bus> {
  const name = opts.name ?? { service: 'broker', setting: 'MQTT_URL' };
  const clientId = opts.clientId ?? `gridops-server-${randomSecret(6)}`;
  const open = (id: string): Promise<MqttClient> =>
    mqtt
      .connectAsync(opts.url, {
        username: opts.username,
        password: opts.password,
        clientId: id,
        clean: true,
        reconnectPeriod: 2000,
        connectTimeout: 15_000,
        keepalive: 30,
      })
      .catch((e: unknown) => Promise.reject(serviceFailure(name.service, name.setting, opts.url, e)));
  const client = await open(clientId);
  /**
   * The connection gateway messages come in on, opened by `consume`: its own, so a push or a command never
   * waits behind what the broker is still delivering to this instance (a backlog of telemetry would hold up a
   * QoS 2 handshake for as long as it takes to read it).
   */
  let inbound: MqttClient | null = null;
  let closing = false;
  let outgoing = 0;
  const waiting: (() => void)[] = [];
  /** Publishes within MAX_OUTGOING_IN_FLIGHT; resolves (or rejects) with the broker's acknowledgement. */
  const limited = async (topic: string, payload: string, qos: 0 | 1 | 2): Promise<void> => {
    if (qos === 0) return void (await client.publishAsync(topic, payload, { qos }));
    // A slot freed is handed straight to the next waiter, so nobody overtakes it.
    if (outgoing >= MAX_OUTGOING_IN_FLIGHT) await new Promise<void>((r) => waiting.push(r));
    else outgoing++;
    try {
      await client.publishAsync(topic, payload, { qos });
    } finally {
      const next = waiting.shift();
      if (next) next();
      else outgoing--;
    }
  };
  /** Hands inbound QoS 1 messages to `handler` concurrently and acknowledges each after its handler resolved. */
  const deferAcks = (reader: MqttClient, handler: InboundHandler) => {
    const protocolVersion = reader.options.protocolVersion ?? 4;
    reader.handleMessage = (packet: IPublishPacket, done: (error?: Error) => void) => {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (packet.qos !== 1 || packet.messageId === undefined) {
        void handler(packet.topic, payload).catch((err: unknown) => opts.log.error({ err, topic: packet.topic }, 'inbound message failed'));
        return done();
      }
      const stream = reader.stream;
      const messageId = packet.messageId;
      void (async () => {
        // A failure that is not the message's (the database is down) is retried here, with the message in hand:
        // with a clean session, disconnecting would make Mosquitto drop it. /ready shows the stall meanwhile.
        for (let attempt = 0; ; attempt++) {
          try {
            await handler(packet.topic, payload);
            break;
          } catch (err) {
            if (closing) return;
            if (attempt === 0) opts.log.error({ err, topic: packet.topic }, 'inbound message failed; retrying, not acknowledged');
            await new Promise((r) => setTimeout(r, Math.min(30_000, 500 * 2 ** attempt)));
          }
        }
        // Acknowledged only on the connection it came in on: after a reconnect that id means another message.
        if (reader.stream !== stream || !reader.connected) return;
        mqttPacket.writeToStream({ cmd: 'puback', messageId }, stream, { protocolVersion });
        // What mqtt.js does for packets it sends itself: activity towards the broker postpones the keep-alive
        // ping. Without it a connection that only receives pinged every 30 s and, under a backlog, waited for a
        // PINGRESP long enough to time out and reconnect (Mosquitto then drops what was in flight to it).
        reader.reschedulePing();
      })();
      done(DEFERRED_ACK);
    };
  };
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'bus error'));
  return {
    publish: (topic, payload, qos = 2) => limited(topic, payload, qos),
    send: (topic, payload, qos = 2) => {
      limited(topic, payload, qos).catch((err: unknown) => opts.log.warn({ err: err instanceof Error ? err.message : String(err), topic }, 'publish failed'));
    },
    consume: async (topics, handler) => {
      if (inbound) throw new Error('the bus consumes once');
      // The identity's client ids are `gridops-server-…` (mqtt-auth/acl.ts): this one is too.
      const reader = await open(`${clientId}-in`);
      inbound = reader;
      reader.on('error', (err) => opts.log.warn({ err: err.message }, 'bus (inbound) error'));
      deferAcks(reader, handler);
      await reader.subscribeAsync(topics, { qos: 1 });
    },
    connected: () => client.connected && (inbound?.connected ?? true),
    close: async () => {
      closing = true;
      await Promise.all([client.endAsync(), inbound?.endAsync()]);
    },
  };
}
