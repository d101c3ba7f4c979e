import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_STATUS_COMMAND, KIT_PASSWORD_VAR, gatewayAuxClientId, gatewayAuxUsername, gatewayTopics, type GatewayKit, type GatewayStatusLive } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { createOtherTenantUser, startHarness, type Harness } from '../../test-support/pipelineHarness.js';
import { projectOfUser } from '../../test-support/stations.js';

const run = promisify(execFile);

/** A spawned mosquitto client whose output lines can be awaited. */
function watch(cmd: string, env: NodeJS.ProcessEnv) {
  // Line-buffered: mosquitto_sub's stdout is a pipe here, fully buffered otherwise.
  const child: ChildProcess = spawn('stdbuf', ['-oL', '-eL', 'bash', '-c', cmd], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: { pred: (l: string) => boolean; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      lines.push(line);
      for (const w of [...waiters]) if (w.pred(line)) w.resolve();
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    lines,
    exited,
    waitFor: (pred: (l: string) => boolean, what: string) =>
      new Promise<void>((resolve, reject) => {
        if (lines.some(pred)) return resolve();
        const timer = setTimeout(() => reject(new Error(`${what} never came; output:\n${lines.join('\n')}`)), 20_000);
        waiters.push({ pred, resolve: () => (clearTimeout(timer), resolve()) });
        void exited.then((code) => reject(new Error(`exited ${code} before ${what}; output:\n${lines.join('\n')}`)));
      }),
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * The gateway kit with Debian's mosquitto-clients against the embedded broker: the kit's own command lines (the
 * secret as the variable they name), a mosquitto_sub on the main session watching commands while mosquitto_pub
 * publishes through auxiliary sessions beside it.
 */
describe.each(backends)('gateway kit with mosquitto_pub / mosquitto_sub (%s)', (backend) => {
  let h: Harness;
  let site: string;
  let other: string;
  let projectId: number;
  let gatewayId: number;
  let secret: string;
  let kit: GatewayKit;
  const SN = 'GW-KIT-01';

  const call = async <T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await h.rt.app.inject({ method, url, headers: apiHeaders(token), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<{ code: number; data: T }>() };
  };
  const env = () => ({ [KIT_PASSWORD_VAR]: secret });
  const shell = (line: string) => run('bash', ['-c', line], { env: { ...process.env, ...env() } });

  beforeAll(async () => {
    h = await startHarness(backend, { SEED_DEMO: 'on' });
    await createOtherTenantUser(h.rt, 'kit-other');
    site = await loginAs(h.rt.app, 'site');
    other = await loginAs(h.rt.app, 'kit-other');
    projectId = await projectOfUser(h.rt.database.db, 'site');
    const created = await call<{ id: number }>(site, 'POST', '/api/v6/gateway', { project_id: projectId, sn: SN, name: '套件网关', name_en: 'Kit gateway' });
    gatewayId = created.body.data.id;
    secret = (await call<{ password: string }>(site, 'POST', `/api/v6/gateway/${gatewayId}/credentials`)).body.data.password;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it("serves the kit from the server's real broker ports, to the project's users only, without the secret", async () => {
    const res = await call<GatewayKit>(site, 'GET', `/api/v6/gateway/kit?gateway_id=${gatewayId}`);
    expect(res.status).toBe(200);
    kit = res.body.data;
    expect(kit.broker.tcp.port).toBe(h.rt.broker!.tcpPort);
    expect(kit.broker.ws?.port).toBe(h.rt.broker!.wsPort);
    expect(kit.main_session).toMatchObject({ username: SN, client_id: `gw-${SN}`, clean_session: false });
    expect(kit.aux_session.username).toBe(gatewayAuxUsername(SN));
    expect(JSON.stringify(kit)).not.toContain(secret);
    const foreign = await call(other, 'GET', `/api/v6/gateway/kit?gateway_id=${gatewayId}`);
    expect(foreign.body.code).not.toBe(1);
    expect(JSON.stringify(foreign.body)).not.toContain(SN);
    const bad = await call(site, 'GET', '/api/v6/gateway/kit?gateway_id=abc');
    expect(bad.status).toBe(400);
  });

  it('mosquitto_sub stays connected through mosquitto_pub publishes, gets each command exactly once, and the gateway turns online live', async () => {
    const console = await h.listen('site');
    // The kit's host is the one the console was opened on (inject: localhost); the broker listens on 127.0.0.1.
    const local = (line: string) => line.replace(`-h ${kit.broker.tcp.host} `, '-h 127.0.0.1 ');
    const sub = watch(`${local(kit.mosquitto_sub)} -d`, env());
    try {
      await sub.waitFor((l) => l.includes('received SUBACK'), 'the SUBACK');
      await sub.waitFor((l) => /Subscribed \(mid: \d+\): 1$/.test(l), 'a granted QoS 1 subscription');
      const before = h.rt.pipeline.ingest.stats.messages;
      // Status, three telemetry messages and a command result, each its own mosquitto_pub session.
      const status = kit.mosquitto_pub.find((p) => p.name === 'status')!.line;
      const telemetry = kit.mosquitto_pub.find((p) => p.name === 'telemetry')!.line;
      await shell(local(status));
      for (let i = 0; i < 3; i++) await shell(local(telemetry));
      // PUBACK follows the commit: the server has stored (or refused as data) all three.
      expect(h.rt.pipeline.ingest.stats.messages - before).toBe(3);
      const live = await console.waitFor((m) => m.command === GATEWAY_STATUS_COMMAND && (m.data as GatewayStatusLive).gateway_id === gatewayId, 15_000);
      expect(live.data).toEqual({ project_id: projectId, gateway_id: gatewayId, sn: SN, online: true });
      const list = await call<{ id: number; online: boolean }[]>(site, 'GET', `/api/v6/gateway/list?project_id=${projectId}`);
      expect(list.body.data.find((g) => g.id === gatewayId)?.online).toBe(true);

      // A command while a publisher is connected goes to the subscribing main session only.
      const cmd = (id: string) => JSON.stringify({ id, command: 'breaker', params: { device_sn: 'F01', close: false } });
      await Promise.all([shell(local(telemetry)), h.rt.bus.publish(gatewayTopics(SN).command, cmd('c-kit-1'), 1)]);
      await h.rt.bus.publish(gatewayTopics(SN).command, cmd('c-kit-2'), 1);
      await sub.waitFor((l) => l.includes('c-kit-2'), 'the second command');
      const delivered = (id: string) => sub.lines.filter((l) => l.startsWith(`${gatewayTopics(SN).command} `) && l.includes(`"${id}"`)).length;
      expect(delivered('c-kit-1')).toBe(1);
      expect(delivered('c-kit-2')).toBe(1);
      // One CONNECT in all: no publisher ever took its session (the 57 reconnects of issue 25).
      expect(sub.lines.filter((l) => l.includes('sending CONNECT')).length).toBe(1);
      expect(sub.lines.some((l) => /disconnect|Connection Refused/i.test(l))).toBe(false);
    } finally {
      sub.stop();
      await sub.exited;
    }
  });

  it("refuses an auxiliary session's subscription to the command topic, and the aux name with the main client id", async () => {
    const base = `-h 127.0.0.1 -p ${kit.broker.tcp.port} -u '${gatewayAuxUsername(SN)}' -P "$${KIT_PASSWORD_VAR}"`;
    const auxSub = watch(`mosquitto_sub ${base} -i '${gatewayAuxClientId(SN, '-watch')}' -q 1 -d -t '${gatewayTopics(SN).command}'`, env());
    try {
      await auxSub.waitFor((l) => /Subscribed \(mid: \d+\): 128$/.test(l), 'the refused SUBACK (0x80)');
    } finally {
      auxSub.stop();
      await auxSub.exited;
    }
    await expect(shell(`mosquitto_pub ${base} -i 'gw-${SN}' -q 1 -t '${gatewayTopics(SN).status}' -m '{}'`)).rejects.toThrow(/identifier rejected|Connection Refused/i);
    // Another gateway's topic from an aux session: the embedded broker closes the connection (publish refused).
    await expect(shell(`mosquitto_pub ${base} -i '${gatewayAuxClientId(SN)}' -q 1 -t '${gatewayTopics('GW-SZIP-01').telemetry}' -m '{}'`)).rejects.toThrow();
  });
});
