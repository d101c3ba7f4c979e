import mqtt, { type MqttClient } from 'mqtt';
import { gatewayTopics, type GatewayStatusPayload, type SimulatorGateway } from '@gridops/contract';
import { BoundedQueue } from './boundedQueue.js';
import { GatewaySim } from './gatewaySim.js';

export interface GatewayClientOptions {
  mqttUrl: string;
  intervalMs: number;
  faultRate: number;
  /** Store-and-forward capacity in messages; the oldest are dropped beyond it. */
  bufferSize?: number;
  statusEveryMs?: number;
  /** Delay before the first tick, so a thousand gateways do not all measure on the same millisecond. */
  startDelayMs?: number;
  rng?: () => number;
  log?: (msg: string) => void;
  pointsPerDevice?: number;
  /** Edge AI detections per camera and hour. */
  aiRatePerHour?: number;
}

interface Outgoing {
  topic: string;
  payload: string;
}

// How many buffered messages may await their PUBACK at once while catching up. The server acknowledges
// only after its batch commits (~100 ms), so one-at-a-time would replay a long outage far too slowly.
const DRAIN_WINDOW = 100;
const STOP_TIMEOUT_MS = 2000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * One gateway on the wire: its own MQTT session (client id gw-{sn}, persistent so QoS 1 survives a
 * reconnect), periodic telemetry and status, commands, and store-and-forward while the link is down.
 */
export class GatewayClient {
  readonly sim: GatewaySim;
  private readonly topics: ReturnType<typeof gatewayTopics>;
  private readonly buffer: BoundedQueue<Outgoing>;
  private readonly log: (msg: string) => void;
  private client: MqttClient | null = null;
  private timers: NodeJS.Timeout[] = [];
  /** False once stop() began: errors from the teardown are expected and not worth a log line. */
  private running = false;
  private draining = false;
  private readonly startedAt = Date.now();
  private lastError = '';

  constructor(
    readonly gateway: SimulatorGateway,
    private readonly opts: GatewayClientOptions,
  ) {
    this.log = opts.log ?? ((m) => console.log(`[simulator] ${m}`));
    this.sim = new GatewaySim(gateway, {
      intervalMs: opts.intervalMs,
      faultRate: opts.faultRate,
      log: this.log,
      ...(opts.rng ? { rng: opts.rng } : {}),
      ...(opts.pointsPerDevice === undefined ? {} : { pointsPerDevice: opts.pointsPerDevice }),
      ...(opts.aiRatePerHour === undefined ? {} : { aiRatePerHour: opts.aiRatePerHour }),
    });
    this.topics = gatewayTopics(gateway.sn);
    this.buffer = new BoundedQueue<Outgoing>(opts.bufferSize ?? 10_000);
  }

  get buffered(): number {
    return this.buffer.size;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  start(): void {
    this.running = true;
    const status = (online: boolean): string => JSON.stringify(this.statusPayload(online));
    const client = mqtt.connect(this.opts.mqttUrl, {
      clientId: `gw-${this.gateway.sn}`,
      username: this.gateway.sn,
      password: this.gateway.secret,
      clean: false,
      reconnectPeriod: 3000,
      connectTimeout: 10_000,
      will: { topic: this.topics.status, payload: Buffer.from(status(false)), qos: 1, retain: false },
    });
    this.client = client;
    client.on('connect', () => {
      this.lastError = '';
      this.log(`${this.gateway.sn} connected${this.buffer.size ? `, resending ${this.buffer.size} buffered messages` : ''}`);
      client.subscribe(this.topics.command, { qos: 1 }, (err) => {
        if (err) this.log(`${this.gateway.sn} subscribe failed: ${err.message}`);
      });
      this.sendStatus();
      void this.drain();
    });
    client.on('reconnect', () => {
      // The will goes out whenever the broker notices we vanished: give it a current timestamp.
      if (client.options.will) client.options.will.payload = Buffer.from(status(false));
    });
    client.on('close', () => {
      if (this.lastError === '' && this.running) this.log(`${this.gateway.sn} disconnected; buffering`);
      this.lastError ||= 'closed';
    });
    client.on('error', (err) => {
      // Log each distinct problem once, not every 3 s: a gateway missing from the database would flood the log.
      if (err.message === this.lastError) return;
      this.lastError = err.message;
      const code = (err as { code?: unknown }).code;
      const hint = code === 4 || code === 5 ? ' (is the gateway in the database with this secret?)' : '';
      this.log(`${this.gateway.sn} mqtt error: ${err.message}${hint}`);
    });
    client.on('message', (topic, payload) => {
      if (topic === this.topics.command) this.onCommand(payload);
    });

    const first = setTimeout(() => {
      this.tick();
      this.timers.push(setInterval(() => this.tick(), this.opts.intervalMs));
    }, this.opts.startDelayMs ?? 0);
    this.timers.push(first, setInterval(() => this.sendStatus(), this.opts.statusEveryMs ?? 30_000));
  }

  private statusPayload(online: boolean): GatewayStatusPayload {
    return { ts: Date.now(), online, uptime_s: Math.round((Date.now() - this.startedAt) / 1000), buffered: this.buffer.size };
  }

  private sendStatus() {
    const c = this.client;
    if (!c?.connected || this.sim.isSilent(Date.now())) return;
    c.publish(this.topics.status, JSON.stringify(this.statusPayload(true)), { qos: 1, retain: false });
  }

  /** Measures now and sends (or buffers) the telemetry and any captures. */
  tick(): void {
    const t = Date.now();
    const telemetry = this.sim.tick(t);
    if (telemetry.devices.length) this.send({ topic: this.topics.telemetry, payload: JSON.stringify(telemetry) });
    for (const c of this.sim.takeCaptures()) this.send({ topic: this.topics.capture, payload: JSON.stringify(c) });
    for (const a of this.sim.takeAiEvents()) this.send({ topic: this.topics.aiEvent, payload: JSON.stringify(a) });
    for (const f of this.sim.takeFaceEvents()) this.send({ topic: this.topics.faceEvent, payload: JSON.stringify(f) });
    for (const r of this.sim.takeRobotRounds()) this.send({ topic: this.topics.robotRound, payload: JSON.stringify(r) });
  }

  private canSendLive(): boolean {
    return !!this.client?.connected && !this.draining && this.buffer.size === 0 && !this.sim.isSilent(Date.now());
  }

  private send(msg: Outgoing) {
    if (this.canSendLive() && this.client) {
      this.client.publish(msg.topic, msg.payload, { qos: 1 }, (err) => {
        if (err && this.running) this.log(`${this.gateway.sn} publish failed: ${err.message}`);
      });
      return;
    }
    // Behind the buffer, so live values never overtake older measurements.
    this.buffer.push(msg);
    void this.drain();
  }

  /** Resends buffered messages oldest first, a window at a time, while the link is up. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.client?.connected && this.buffer.size > 0 && !this.sim.isSilent(Date.now())) {
        const c = this.client;
        const batch = this.buffer.take(DRAIN_WINDOW);
        // A QoS 1 message already handed to the client survives a reconnect in its persistent session
        // (clean: false) and is resent by MQTT.js itself, so a batch in flight is never put back here.
        await Promise.all(batch.map((m) => c.publishAsync(m.topic, m.payload, { qos: 1 })));
      }
    } catch (err) {
      if (this.running) this.log(`${this.gateway.sn} resend failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.draining = false;
    }
  }

  private onCommand(payload: Buffer) {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      this.log(`${this.gateway.sn} ignored a command that is not JSON`);
      return;
    }
    const result = this.sim.command(raw, Date.now());
    if (!result) {
      this.log(`${this.gateway.sn} ignored a command without id/command`);
      return;
    }
    // Results go out directly even during a staged comm loss: the caller must learn the fault is in place.
    this.client?.publish(this.topics.commandResult, JSON.stringify(result), { qos: 1 });
    for (const c of this.sim.takeCaptures()) this.send({ topic: this.topics.capture, payload: JSON.stringify(c) });
    for (const a of this.sim.takeAiEvents()) this.send({ topic: this.topics.aiEvent, payload: JSON.stringify(a) });
    for (const f of this.sim.takeFaceEvents()) this.send({ topic: this.topics.faceEvent, payload: JSON.stringify(f) });
    for (const r of this.sim.takeRobotRounds()) this.send({ topic: this.topics.robotRound, payload: JSON.stringify(r) });
    // The staged values should show at once, not an interval later.
    if (result.ok) this.tick();
  }

  /** Says goodbye (online: false, since a clean DISCONNECT suppresses the will) and closes the session. */
  async stop(): Promise<void> {
    this.running = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    const c = this.client;
    if (!c) return;
    if (c.connected) {
      await Promise.race([c.publishAsync(this.topics.status, JSON.stringify(this.statusPayload(false)), { qos: 1 }).catch(() => undefined), sleep(STOP_TIMEOUT_MS)]);
    }
    await Promise.race([c.endAsync(), sleep(STOP_TIMEOUT_MS)]);
    if (!c.disconnected) c.end(true);
    if (this.buffer.size) this.log(`${this.gateway.sn} stopped with ${this.buffer.size} unsent buffered messages`);
  }
}
