import fs from 'node:fs';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { inject } from 'vitest';
import { gatewayTopics, simulatorManifest, telemetryPayload, type SimulatorGateway } from '@gridops/contract';

/** The simulator's gateways as the e2e server wrote them (DATA_DIR/simulator/manifest.json). */
export function simulatedGateways(): SimulatorGateway[] {
  const file = path.join(inject('dataDir'), 'simulator/manifest.json');
  return simulatorManifest.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).gateways;
}

interface CommandResult {
  id: string;
  ok: boolean;
  ts: number;
  error?: string;
}

type Waiter = { topic: string; accept: (payload: unknown) => boolean; resolve: (payload: unknown) => void };

/**
 * Talks to simulated gateways as the server does (its service identity): sends commands and resolves on the
 * gateway's own answers — the command result, or the next telemetry showing a value — never after a delay.
 */
export class GatewayCommander {
  private waiters = new Set<Waiter>();
  private seq = 0;
  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, buf) => {
      let payload: unknown;
      try {
        payload = JSON.parse(buf.toString());
      } catch {
        return;
      }
      for (const w of [...this.waiters]) {
        if (w.topic === topic && w.accept(payload)) {
          this.waiters.delete(w);
          w.resolve(payload);
        }
      }
    });
  }

  static async connect(name: string): Promise<GatewayCommander> {
    const service = inject('mqttService');
    const client = await mqtt.connectAsync(inject('mqttTcpUrl'), {
      username: service.username,
      password: service.password,
      clientId: `gridops-server-e2e-${name}-${process.pid}`,
    });
    return new GatewayCommander(client);
  }

  private waitFor(topic: string, accept: (payload: unknown) => boolean, what: string, timeoutMs = 30_000): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const w: Waiter = { topic, accept, resolve: (p) => (clearTimeout(timer), resolve(p)) };
      // A deadline for the failure message only; success never waits on it.
      const timer = setTimeout(() => {
        this.waiters.delete(w);
        reject(new Error(`no ${what} within ${timeoutMs} ms on ${topic}`));
      }, timeoutMs);
      this.waiters.add(w);
    });
  }

  /** Sends a command and resolves with the gateway's result (rejects when it reports an error). */
  async command(gatewaySn: string, command: string, params: Record<string, unknown>): Promise<CommandResult> {
    const topics = gatewayTopics(gatewaySn);
    await this.client.subscribeAsync(topics.commandResult, { qos: 1 });
    const id = `e2e-${process.pid}-${++this.seq}`;
    const result = this.waitFor(topics.commandResult, (p) => (p as CommandResult).id === id, `result of ${command}`);
    await this.client.publishAsync(topics.command, JSON.stringify({ id, command, params }), { qos: 1 });
    const r = (await result) as CommandResult;
    if (!r.ok) throw new Error(`${command} on ${gatewaySn} refused: ${r.error}`);
    return r;
  }

  /**
   * Resolves with the timestamp of the gateway's next telemetry in which `deviceSn` reports `key` = `value`
   * (sent after this call). Subscribe first, then act, then await — so the message cannot be missed.
   */
  async nextTelemetry(gatewaySn: string, deviceSn: string, key: string, value: number): Promise<() => Promise<number>> {
    const topic = gatewayTopics(gatewaySn).telemetry;
    await this.client.subscribeAsync(topic, { qos: 1 });
    const seen = this.waitFor(
      topic,
      (p) => {
        const t = telemetryPayload.safeParse(p);
        return t.success && t.data.devices.some((d) => d.sn === deviceSn && Number(d.values[key]) === value);
      },
      `${deviceSn}.${key} = ${value}`,
    );
    return async () => telemetryPayload.parse(await seen).ts;
  }

  /**
   * Stages `fault` on a device so that the server sees it start: clears the device's faults (a random one of
   * the simulator may already hold it), waits until telemetry shows `key` back at `normal`, then starts the
   * fault and waits until telemetry shows it. Resolves with the time of that last normal sample: the alarm it
   * raises is later than that.
   */
  async stageFault(gateway: string, device: string, fault: string, key: string, normal: number, faulty: number): Promise<number> {
    const backToNormal = await this.nextTelemetry(gateway, device, key, normal);
    await this.command(gateway, 'clear_fault', { device_sn: device });
    const normalAt = await backToNormal();
    const showsFault = await this.nextTelemetry(gateway, device, key, faulty);
    await this.command(gateway, 'simulate_fault', { device_sn: device, fault });
    await showsFault();
    return normalAt;
  }

  async end(): Promise<void> {
    await this.client.endAsync();
  }
}
