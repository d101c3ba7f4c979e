import { Aedes, type Client } from 'aedes';
import net from 'node:net';
import http from 'node:http';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { canPublish, canSubscribe, type MqttIdentity } from '../modules/mqtt-auth/acl.js';
import type { MqttAuthService } from '../modules/mqtt-auth/service.js';

export interface EmbeddedBroker {
  tcpPort: number;
  wsPort: number;
  close(): Promise<void>;
}

const identities = new WeakMap<Client, MqttIdentity>();

function listen(server: net.Server | http.Server, port: number, host: string): Promise<number> {
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
 * The embedded Aedes broker: plain MQTT on TCP for gateways, MQTT over WebSocket at /mqtt for browsers.
 * Authentication and topic ACLs are the same functions the external-broker integrations use.
 */
export async function startEmbeddedBroker(opts: {
  tcpPort: number;
  /**
   * The TCP port is the default, not chosen: when another program holds it (a local Mosquitto on 1883), take
   * tcpPort + 10000, or else any free port, and say so, rather than refuse to start.
   */
  tcpPortFallback?: boolean;
  wsPort: number;
  host: string;
  auth: MqttAuthService;
  log: FastifyBaseLogger;
  /**
   * Gateway telemetry and status go to ingest before the broker acknowledges them: the PUBACK a gateway gets
   * means "committed to the database", so a killed server loses nothing a gateway was told was received.
   */
  onGatewayMessage?: (gatewaySn: string, topic: string, payload: Buffer) => Promise<void>;
}): Promise<EmbeddedBroker> {
  const { auth, log } = opts;
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      auth
        .authenticate(username, password?.toString('utf8'))
        .then((identity) => {
          if (!identity) {
            const err = Object.assign(new Error('bad username or password'), { returnCode: 4 as const });
            done(err, false);
            return;
          }
          identities.set(client, identity);
          done(null, true);
        })
        .catch((e: unknown) => {
          log.error({ err: e }, 'mqtt authenticate failed');
          done(Object.assign(new Error('server unavailable'), { returnCode: 3 as const }), false);
        });
    },
    authorizePublish: (client, packet, callback) => {
      // client is null for messages the server publishes itself through broker.publish().
      if (!client) return callback(null);
      const id = identities.get(client);
      if (!id || !canPublish(id, packet.topic)) return callback(new Error(`publish to ${packet.topic} not allowed`));
      if (id.kind !== 'gateway' || !opts.onGatewayMessage) return callback(null);
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
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

  const tcp = net.createServer(broker.handle);
  const httpServer = http.createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only, at /mqtt');
  });
  const wss = new WebSocketServer({ server: httpServer, path: '/mqtt' });
  wss.on('connection', (socket, req) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    broker.handle(stream, req);
  });

  const tcpPort = await listenTcp(tcp, opts, log);
  const wsPort = await listen(httpServer, opts.wsPort, opts.host);
  log.info({ tcpPort, wsPort }, 'embedded MQTT broker listening (TCP, and WebSocket at /mqtt)');

  return {
    tcpPort,
    wsPort,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((r) => broker.close(() => r()));
      await Promise.all([
        new Promise<void>((r) => tcp.close(() => r())),
        new Promise<void>((r) => wss.close(() => httpServer.close(() => r()))),
      ]);
    },
  };
}
