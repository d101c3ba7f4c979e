import { Aedes, type Client } from 'aedes';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { canPublish, canSubscribe, clientIdAllowed, type MqttIdentity } from '../modules/mqtt-auth/acl.js';
import type { MqttAuthService } from '../modules/mqtt-auth/service.js';
import { guardPacketSizes } from './packetGuard.js';
import { OrderedAcks } from './orderedAcks.js';
import fs from 'node:fs/promises';
import { portFailure, StartError } from '../lib/startErrors.js';
import type { BrokerCluster } from './cluster.js';

export interface EmbeddedBroker {
  tcpPort: number;
  wsPort: number;
  /** The TLS listeners' bound ports when TLS is configured (MQTTS for gateways, WSS for browsers). */
  tls: { tlsPort: number; wssPort: number } | null;
  /** Disconnects the console clients of a login session that has ended (logout), on every node of a cluster. */
  disconnectSession(sessionId: number): void;
  /** Disconnects a gateway's clients at once (its secret was rotated or revoked), on every node of a cluster. */
  disconnectGateway(sn: string): void;
  /** Disconnects this node's console clients whose session ended anywhere (expiry, logout); runs periodically. */
  sweepEndedSessions(): Promise<void>;
  /** Connected gateways and console (browser) clients, for /metrics and /ready. */
  counts(): { gateways: number; browsers: number };
  /** Both listeners (TCP for gateways, WebSocket for browsers) are accepting connections. */
  listening(): boolean;
  close(): Promise<void>;
}

const identities = new WeakMap<Client, MqttIdentity>();

/** A CONNECT must arrive this soon after the socket opens, or the socket is closed (Aedes's default is 30 s). */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * The first packet is the unauthenticated CONNECT: client id, username, password and a will message. Ours are
 * well under 1 kB (a gateway's will is its small `online: false` status); 64 KiB leaves room for any client.
 */
const CONNECT_MAX_BYTES = 64 * 1024;
/** How often the broker looks for console clients whose session ended elsewhere (expiry, another instance). */
const SESSION_SWEEP_MS = 30_000;
/**
 * Cluster nodes tell each other "I am alive" this often (Aedes's heartbeat, through Redis). The persistent
 * wills of a node that stopped beating for three of these are published by another node.
 */
const CLUSTER_HEARTBEAT_MS = 10_000;
/**
 * Between the nodes only (the broker's router, never an MQTT client: clients may not publish `$` topics):
 * "disconnect this gateway / login session wherever it is connected".
 */
const DISCONNECT_TOPIC = '$SYS/gridops/disconnect';

// CONNACK return codes (MQTT 3.1.1 §3.2.2.3); Aedes maps them for MQTT 5 clients.
const IDENTIFIER_REJECTED = 2 as const;
const SERVER_UNAVAILABLE = 3 as const;
const BAD_USERNAME_OR_PASSWORD = 4 as const;

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

async function listenTcp(server: net.Server, opts: { tcpPort: number; tcpPortFallback?: boolean; host: string }, log: FastifyBaseLogger): Promise<number> {
  const taken = (e: unknown) => (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
  try {
    return await listen(server, opts.tcpPort, opts.host);
  } catch (e) {
    if (!opts.tcpPortFallback || !taken(e)) throw e;
  }
  const alternative = opts.tcpPort + 10_000 <= 65_535 ? opts.tcpPort + 10_000 : 0;
  const port = await listen(server, alternative, opts.host).catch((e: unknown) => (taken(e) ? listen(server, 0, opts.host) : Promise.reject(e)));
  log.warn({ wanted: opts.tcpPort, port }, `MQTT TCP port ${opts.tcpPort} is taken by another program; gateways connect on ${port} instead (set MQTT_TCP_PORT to choose)`);
  return port;
}

/**
 * Reads MQTT_TLS_CERT / MQTT_TLS_KEY for the embedded broker's TLS listeners. A file that cannot be read, or a
 * key that does not match the certificate, stops the start naming the setting.
 */
export async function readBrokerTls(
  conf: { certFile: string; keyFile: string; tlsPort: number; wssPort: number } | null,
): Promise<{ cert: Buffer; key: Buffer; tlsPort: number; wssPort: number } | null> {
  if (!conf) return null;
  const read = (file: string, setting: string) =>
    fs.readFile(file).catch((e: unknown) => {
      throw new StartError(`embedded broker TLS: ${setting} (${file}) could not be read: ${(e as Error).message}`);
    });
  const cert = await read(conf.certFile, 'MQTT_TLS_CERT');
  const key = await read(conf.keyFile, 'MQTT_TLS_KEY');
  try {
    tls.createSecureContext({ cert, key });
  } catch (e) {
    throw new StartError(`embedded broker TLS: MQTT_TLS_CERT and MQTT_TLS_KEY are not a certificate and its key (${(e as Error).message})`);
  }
  return { cert, key, tlsPort: conf.tlsPort, wssPort: conf.wssPort };
}

/**
 * The embedded Aedes broker: plain MQTT on TCP for gateways, MQTT over WebSocket at /mqtt for browsers.
 * Authentication and topic ACLs are the same functions the external-broker integrations use.
 */
export async function startEmbeddedBroker(opts: {
  tcpPort: number;
  /** MQTT_MAX_PACKET_BYTES: larger packets close the connection, judged by their header before buffering. */
  maxPacketBytes: number;
  /**
   * The TCP port is the default, not chosen: when another program holds it (a local Mosquitto on 1883), take
   * tcpPort + 10000, or else any free port, and say so, rather than refuse to start.
   */
  tcpPortFallback?: boolean;
  wsPort: number;
  host: string;
  /** Also listen with TLS: MQTT over TLS and MQTT over secure WebSocket, same authentication and ACLs. */
  tls?: { cert: Buffer; key: Buffer; tlsPort: number; wssPort: number } | null;
  auth: MqttAuthService;
  log: FastifyBaseLogger;
  /**
   * Gateway telemetry and status go to ingest before the broker acknowledges them: the PUBACK a gateway gets
   * means "committed to the database", so a killed server loses nothing a gateway was told was received.
   * QoS 1 messages are acknowledged in order after their commit without holding up the reading of the next
   * ones (orderedAcks.ts), so a gateway's alarm is evaluated while its previous message is still being stored.
   */
  onGatewayMessage?: (gatewaySn: string, topic: string, payload: Buffer) => Promise<void>;
  /** REDIS_URL or REDIS_SENTINELS: this broker is one node of a cluster (plugins/cluster.ts); absent: everything in memory. */
  cluster?: BrokerCluster | null;
}): Promise<EmbeddedBroker> {
  const { auth, log } = opts;
  // Console clients per login session, to disconnect them when the session ends.
  const sessionClients = new Map<number, Set<Client>>();
  const forgetClient = (client: Client) => {
    const id = identities.get(client);
    if (id?.kind === 'gateway') {
      const set = gatewayClients.get(id.sn);
      set?.delete(client);
      if (set?.size === 0) gatewayClients.delete(id.sn);
      return;
    }
    if (id?.kind !== 'user') return;
    const set = sessionClients.get(id.sessionId);
    set?.delete(client);
    if (set?.size === 0) sessionClients.delete(id.sessionId);
  };
  // Gateway clients by serial number, to disconnect one whose secret was rotated or revoked.
  const gatewayClients = new Map<string, Set<Client>>();
  const closeGateway = (sn: string) => {
    const set = gatewayClients.get(sn);
    if (!set) return;
    gatewayClients.delete(sn);
    for (const client of set) client.close();
  };
  const closeSession = (sessionId: number) => {
    const set = sessionClients.get(sessionId);
    if (!set) return;
    sessionClients.delete(sessionId);
    for (const client of set) client.close();
  };

  const cluster = opts.cluster ?? null;
  const acks = new OrderedAcks();
  const broker = await Aedes.createBroker({
    connectTimeout: CONNECT_TIMEOUT_MS,
    ...(cluster ? { mq: cluster.mq, persistence: cluster.persistence, heartbeatInterval: CLUSTER_HEARTBEAT_MS } : {}),
    // Runs before Aedes looks at any stored session for this client id, so a refused client never gets one.
    authenticate: (client, username, password, done) => {
      const refuse = (message: string, returnCode: typeof IDENTIFIER_REJECTED | typeof SERVER_UNAVAILABLE | typeof BAD_USERNAME_OR_PASSWORD) =>
        done(Object.assign(new Error(message), { returnCode }), false);
      auth
        .authenticate(username, password?.toString('utf8'))
        .then((identity) => {
          if (!identity) return refuse('bad username or password', BAD_USERNAME_OR_PASSWORD);
          if (!clientIdAllowed(identity, client.id)) {
            log.warn({ clientId: client.id, username, kind: identity.kind }, 'mqtt client id does not belong to this identity; refused');
            return refuse('client id not allowed for this identity', IDENTIFIER_REJECTED);
          }
          identities.set(client, identity);
          if (identity.kind === 'user') {
            const set = sessionClients.get(identity.sessionId) ?? new Set<Client>();
            sessionClients.set(identity.sessionId, set.add(client));
          }
          if (identity.kind === 'gateway') {
            const set = gatewayClients.get(identity.sn) ?? new Set<Client>();
            gatewayClients.set(identity.sn, set.add(client));
          }
          done(null, true);
        })
        .catch((e: unknown) => {
          log.error({ err: e }, 'mqtt authenticate failed');
          refuse('server unavailable', SERVER_UNAVAILABLE);
        });
    },
    authorizePublish: (client, packet, callback) => {
      // client is null for messages the server publishes itself through broker.publish().
      if (!client) return callback(null);
      const id = identities.get(client);
      if (!id || !canPublish(id, packet.topic)) return callback(new Error(`publish to ${packet.topic} not allowed`));
      if (id.kind !== 'gateway' || !opts.onGatewayMessage) return callback(null);
      // The will of this gateway's connection to a node that died, published here by Aedes for that node
      // while the gateway is connected here again: it is alive, so its old "offline" is not news.
      const willOf = (packet as { brokerId?: string }).brokerId;
      if (willOf !== undefined && willOf !== broker.id && client.connected) return callback(null);
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (packet.qos === 1 && packet.messageId !== undefined) {
        const work = opts.onGatewayMessage(id.sn, packet.topic, payload);
        // Aedes goes on as with QoS 0 (no PUBACK of its own, no waiting); ours follows the commit.
        packet.qos = 0;
        acks.track(client, packet.messageId, payload.length, work, () => callback(null), (err: unknown) => log.warn({ err, gateway: id.sn }, 'gateway message not stored; closing its connection unacknowledged'));
        return;
      }
      opts.onGatewayMessage(id.sn, packet.topic, payload).then(
        () => callback(null),
        // Not acknowledged: the gateway keeps the message and resends it after reconnecting.
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
    authorizeSubscribe: (client, sub, callback) => {
      const id = identities.get(client);
      if (id && canSubscribe(id, sub.topic)) return callback(null, sub);
      // A null subscription answers this topic with a SUBACK failure (128) and keeps the client connected.
      callback(null, null);
    },
  });

  broker.on('clientDisconnect', forgetClient);

  // A gateway's or a session's clients may be connected to any node: the order goes to all of them (with one
  // node, the in-memory router hands it straight back here).
  type DisconnectOrder = { gateway?: string; session?: number };
  const mq = (broker as unknown as { mq: unknown }).mq as {
    on(topic: string, listener: (packet: { payload: Buffer | Uint8Array }, done: () => void) => void, ready?: () => void): void;
    emit(packet: { topic: string; payload: Buffer }, done?: (err?: Error) => void): void;
  };
  await new Promise<void>((resolve) => {
    mq.on(
      DISCONNECT_TOPIC,
      (packet, done) => {
        try {
          const order = JSON.parse(Buffer.from(packet.payload).toString('utf8')) as DisconnectOrder;
          if (typeof order.gateway === 'string') closeGateway(order.gateway);
          if (typeof order.session === 'number') closeSession(order.session);
        } catch {
          // Not ours: nothing to do.
        }
        done();
      },
      resolve,
    );
  });
  const orderDisconnect = (order: DisconnectOrder) =>
    mq.emit({ topic: DISCONNECT_TOPIC, payload: Buffer.from(JSON.stringify(order)) }, (err) => {
      if (err) log.warn({ err: err.message, order }, 'disconnect order not sent to the other nodes');
    });
  const disconnectGateway = (sn: string) => {
    // This node's clients at once; the others' when the order reaches them.
    closeGateway(sn);
    if (cluster) orderDisconnect({ gateway: sn });
  };
  const disconnectSession = (sessionId: number) => {
    closeSession(sessionId);
    if (cluster) orderDisconnect({ session: sessionId });
  };

  const limits = { maxPacketBytes: opts.maxPacketBytes, firstPacketMaxBytes: Math.min(CONNECT_MAX_BYTES, opts.maxPacketBytes) };
  const handle = (stream: Duplex, req?: http.IncomingMessage) => {
    broker.handle(stream, req);
    // After handle(): Aedes's 'readable' listener must be there first (see guardPacketSizes).
    guardPacketSizes(stream, limits, (declared) => log.warn({ declared, limit: opts.maxPacketBytes }, 'mqtt packet too large; connection closed'));
  };
  const tcp = net.createServer((socket) => handle(socket));
  const upgradeOnly = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only, at /mqtt');
  };
  const webSocketServer = (server: http.Server) => {
    // maxPayload bounds one WebSocket frame; an MQTT packet split over several frames is bounded by the guard.
    const wss = new WebSocketServer({ server, path: '/mqtt', maxPayload: opts.maxPacketBytes });
    // ws re-emits the HTTP server's errors here; a taken port is already reported by listen() below.
    wss.on('error', () => undefined);
    wss.on('connection', (socket, req) => {
      const stream = createWebSocketStream(socket);
      stream.on('error', () => socket.terminate());
      stream.on('close', () => socket.terminate());
      handle(stream, req);
    });
    return wss;
  };
  const httpServer = http.createServer(upgradeOnly);
  const wss = webSocketServer(httpServer);
  // TLS: the same broker behind a TLS socket (gateways) and an HTTPS server's WebSocket (browsers).
  const tlsServer = opts.tls ? tls.createServer({ cert: opts.tls.cert, key: opts.tls.key }, (socket) => handle(socket)) : null;
  const httpsServer = opts.tls ? https.createServer({ cert: opts.tls.cert, key: opts.tls.key }, upgradeOnly) : null;
  const secureWss = httpsServer ? webSocketServer(httpsServer) : null;
  // A client that fails the TLS handshake (plain MQTT on the TLS port, a wrong CA) is just dropped.
  tlsServer?.on('tlsClientError', () => undefined);
  httpsServer?.on('tlsClientError', () => undefined);

  let tcpPort: number;
  let wsPort: number;
  let tlsPorts: { tlsPort: number; wssPort: number } | null = null;
  const servers: net.Server[] = [tcp, httpServer, ...(tlsServer ? [tlsServer] : []), ...(httpsServer ? [httpsServer] : [])];
  try {
    tcpPort = await listenTcp(tcp, opts, log).catch((e: unknown) => Promise.reject(portFailure('MQTT TCP (gateways)', 'MQTT_TCP_PORT', opts.tcpPort, e)));
    wsPort = await listen(httpServer, opts.wsPort, opts.host).catch((e: unknown) => Promise.reject(portFailure('MQTT WebSocket (browsers)', 'MQTT_WS_PORT', opts.wsPort, e)));
    if (opts.tls && tlsServer && httpsServer) {
      const { tlsPort: wantedTls, wssPort: wantedWss } = opts.tls;
      const tlsPort = await listen(tlsServer, wantedTls, opts.host).catch((e: unknown) => Promise.reject(portFailure('MQTT over TLS (gateways)', 'MQTT_TLS_PORT', wantedTls, e)));
      const wssPort = await listen(httpsServer, wantedWss, opts.host).catch((e: unknown) => Promise.reject(portFailure('MQTT secure WebSocket (browsers)', 'MQTT_WSS_PORT', wantedWss, e)));
      tlsPorts = { tlsPort, wssPort };
    }
  } catch (e) {
    // A start that fails leaves nothing open behind it.
    await new Promise<void>((r) => broker.close(() => r()));
    await cluster?.close();
    for (const server of servers) if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    throw e;
  }
  log.info({ tcpPort, wsPort, ...tlsPorts }, `embedded MQTT broker listening (TCP, and WebSocket at /mqtt${tlsPorts ? '; TLS and secure WebSocket' : ''})`);

  // Each node sweeps its own clients (sessionClients holds only this node's).
  const sweepEndedSessions = async () => {
    for (const id of await auth.endedSessions([...sessionClients.keys()])) closeSession(id);
  };
  const sweep = setInterval(() => {
    sweepEndedSessions().catch((err: unknown) => log.warn({ err }, 'mqtt session sweep failed; next round retries'));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  return {
    tcpPort,
    wsPort,
    tls: tlsPorts,
    disconnectSession,
    disconnectGateway,
    sweepEndedSessions,
    counts: () => {
      let gateways = 0;
      let browsers = 0;
      for (const set of gatewayClients.values()) gateways += set.size;
      for (const set of sessionClients.values()) browsers += set.size;
      return { gateways, browsers };
    },
    listening: () => servers.every((server) => server.listening),
    close: async () => {
      clearInterval(sweep);
      for (const c of wss.clients) c.terminate();
      for (const c of secureWss?.clients ?? []) c.terminate();
      await new Promise<void>((r) => broker.close(() => r()));
      await cluster?.close();
      await Promise.all([
        new Promise<void>((r) => tcp.close(() => r())),
        new Promise<void>((r) => wss.close(() => httpServer.close(() => r()))),
        ...(tlsServer ? [new Promise<void>((r) => tlsServer.close(() => r()))] : []),
        ...(secureWss && httpsServer ? [new Promise<void>((r) => secureWss.close(() => httpsServer.close(() => r())))] : []),
      ]);
    },
  };
}
