import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A field gateway made of Debian's reference MQTT clients (`mosquitto-clients`), as an installer would run them
 * (docs/gateway-protocol.md): `mosquitto_pub -l` publishing one line per message on one connection, and
 * `mosquitto_sub` on the gateway's command topic with a persistent session.
 */
export interface BrokerLogin {
  host: string;
  port: number;
  username: string;
  password: string;
}

export const brokerLogin = (mqttTcpUrl: string, username: string, password: string): BrokerLogin => {
  const u = new URL(mqttTcpUrl);
  return { host: u.hostname, port: Number(u.port), username, password };
};

const connectArgs = (b: BrokerLogin, clientId: string) => ['-h', b.host, '-p', String(b.port), '-u', b.username, '-P', b.password, '-i', clientId, '-c', '-q', '1', '-V', 'mqttv311'];

/** Ends a spawned client and waits for it to be gone (stdin closed first: mosquitto_pub -l then disconnects cleanly). */
async function stop(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.stdin?.end();
  p.kill('SIGTERM');
  await exited;
}

/** `mosquitto_pub -l`: every `send` is one line, so one message, on the same connection. */
export class LinePublisher {
  private output = '';
  private constructor(private readonly proc: ChildProcess) {
    proc.stdout?.on('data', (b: Buffer) => (this.output += b.toString()));
    proc.stderr?.on('data', (b: Buffer) => (this.output += b.toString()));
  }

  static start(b: BrokerLogin, clientId: string, topic: string): LinePublisher {
    return new LinePublisher(spawn('mosquitto_pub', [...connectArgs(b, clientId), '-t', topic, '-l'], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  get running(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  send(line: string): void {
    if (!this.running) throw new Error(`mosquitto_pub has exited (${this.proc.exitCode}):\n${this.output}`);
    this.proc.stdin!.write(`${line}\n`);
  }

  log(): string {
    return this.output;
  }

  stop(): Promise<void> {
    return stop(this.proc);
  }
}

/** `mosquitto_sub -v` on one topic: what it printed, and a promise for its SUBACK (it prints it with -d). */
export class TopicSubscriber {
  private output = '';
  readonly subscribed: Promise<void>;
  private constructor(
    private readonly proc: ChildProcess,
    private readonly topic: string,
  ) {
    this.subscribed = new Promise((resolve, reject) => {
      proc.stdout?.on('data', (b: Buffer) => {
        this.output += b.toString();
        if (this.output.includes('received SUBACK')) resolve();
      });
      proc.stderr?.on('data', (b: Buffer) => (this.output += b.toString()));
      proc.once('exit', (code) => reject(new Error(`mosquitto_sub exited (${code}):\n${this.output}`)));
    });
    this.subscribed.catch(() => undefined);
  }

  /** Resolves on the SUBACK; rejects (with what the client printed) if none came within `ms` — a failure message only. */
  subscribedWithin(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_r, reject) => (timer = setTimeout(() => reject(new Error(`mosquitto_sub: no SUBACK in ${ms} ms:\n${this.output}`)), ms)));
    return Promise.race([this.subscribed, late]).finally(() => clearTimeout(timer));
  }

  static start(b: BrokerLogin, clientId: string, topic: string): TopicSubscriber {
    // Line-buffered: into a pipe, its debug lines (the SUBACK) would otherwise wait for a full stdio buffer.
    return new TopicSubscriber(spawn('stdbuf', ['-oL', 'mosquitto_sub', ...connectArgs(b, clientId), '-t', topic, '-v', '-d'], { stdio: ['ignore', 'pipe', 'pipe'] }), topic);
  }

  /** The payloads received on the topic (lines "<topic> <payload>"; the -d debug lines are skipped). */
  messages(): unknown[] {
    return this.output
      .split('\n')
      .filter((l) => l.startsWith(`${this.topic} `))
      .map((l) => {
        try {
          return JSON.parse(l.slice(this.topic.length + 1)) as unknown;
        } catch {
          return l.slice(this.topic.length + 1);
        }
      });
  }

  log(): string {
    return this.output;
  }

  stop(): Promise<void> {
    return stop(this.proc);
  }
}
