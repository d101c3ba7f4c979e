import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { createMqttAuthService } from '../modules/mqtt-auth/service.js';
import { startEmbeddedBroker } from './broker.js';

const HOST = '127.0.0.1';
// Nobody connects with credentials here: the broker only has to bind.
const auth = {} as ReturnType<typeof createMqttAuthService>;
const warnings: string[] = [];
const log = { info: () => undefined, warn: (_o: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;

describe('embedded broker ports', () => {
  const holder = net.createServer();
  afterAll(() => new Promise<void>((r) => holder.close(() => r())));

  it('takes another TCP port when the default one is held by another program, and says which', async () => {
    await new Promise<void>((r) => holder.listen(0, HOST, () => r()));
    const held = (holder.address() as net.AddressInfo).port;

    const broker = await startEmbeddedBroker({ tcpPort: held, tcpPortFallback: true, wsPort: 0, host: HOST, auth, log, maxPacketBytes: 65_536 });
    try {
      expect(broker.tcpPort).not.toBe(held);
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(broker.tcpPort, HOST, () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', reject);
      });
      expect(warnings.join('\n')).toContain(`MQTT TCP port ${held} is taken by another program; gateways connect on ${broker.tcpPort} instead`);
    } finally {
      await broker.close();
    }

    // A port set on purpose (MQTT_TCP_PORT) is not replaced: the start fails and names it.
    await expect(startEmbeddedBroker({ tcpPort: held, wsPort: 0, host: HOST, auth, log, maxPacketBytes: 65_536 })).rejects.toThrow(`MQTT TCP (gateways) port ${held} (MQTT_TCP_PORT) is taken by another program`);
  });
});
