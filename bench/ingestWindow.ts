/**
 * The load side of bench/ingestLoad.ts: the meter gateways publishing at a rate that can be changed between
 * windows, and one measured window with its verdict — were the acknowledgements current (ack p99 ≤ the limit
 * and no growing backlog), so that what was stored in it is a rate GridOps sustains, not one it fell behind at.
 */
import os from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { gatewayTopics } from '../packages/contract/src/index.js';
import { cpuBetween, cpuSnapshot, postgresBackends, type CpuUse } from './ingestCeiling.js';
import { meterPointCount, meterTelemetry, metricValue, percentile as pct, sleep } from './support.js';

export interface GatewayLoad {
  /** (Re)starts publishing: every gateway all its points every `intervalMs`, spread over the interval. */
  run(intervalMs: number): void;
  pause(): void;
  intervalMs: number;
  /** Points offered per second at the current interval. */
  offered(): number;
  /** Messages published and not yet acknowledged. */
  outstanding(): number;
  /** Resolves true once nothing is outstanding, false after `timeoutMs`. */
  waitDrained(timeoutMs: number): Promise<boolean>;
  close(): void;
  /** Acknowledgements recorded while `recording` (publish → PUBACK: with the embedded broker, storage latency). */
  recording: boolean;
  acks: { at: number; ms: number }[];
  ackedPoints: number;
  published: number;
  /** The ages (ms) of the messages outstanding at `now`: latencies at least this long. */
  outstandingAges(now: number): number[];
}

export async function startGatewayLoad(gws: { sn: string; secret: string }[], tcpPort: number, devices: number): Promise<GatewayLoad> {
  const pointsPerMessage = devices * meterPointCount();
  const clients: MqttClient[] = [];
  for (const g of gws) clients.push(await mqtt.connectAsync(`mqtt://127.0.0.1:${tcpPort}`, { username: g.sn, password: g.secret, clientId: `gw-${g.sn}`, clean: false }));
  const inflight = new Map<number, number>();
  let seq = 0;
  let timers: NodeJS.Timeout[] = [];
  const load: GatewayLoad = {
    intervalMs: 1000,
    recording: false,
    acks: [],
    ackedPoints: 0,
    published: 0,
    offered: () => (gws.length * pointsPerMessage * 1000) / load.intervalMs,
    run(intervalMs) {
      load.pause();
      load.intervalMs = intervalMs;
      for (const [gi, g] of gws.entries()) {
        const c = clients[gi]!;
        const send = () => {
          const sentAt = Date.now();
          const id = seq++;
          inflight.set(id, sentAt);
          load.published++;
          c.publishAsync(gatewayTopics(g.sn).telemetry, meterTelemetry(sentAt, devices), { qos: 1 }).then(
            () => {
              inflight.delete(id);
              if (!load.recording) return;
              const now = Date.now();
              load.ackedPoints += pointsPerMessage;
              load.acks.push({ at: now, ms: now - sentAt });
            },
            () => inflight.delete(id),
          );
        };
        // Spread the gateways over the interval, as real ones are not synchronised.
        timers.push(setTimeout(() => timers.push(setInterval(send, intervalMs)), (gi * intervalMs) / gws.length));
      }
    },
    pause() {
      for (const t of timers) clearInterval(t);
      timers = [];
    },
    outstanding: () => inflight.size,
    outstandingAges: (now) => [...inflight.values()].map((sentAt) => now - sentAt),
    async waitDrained(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (inflight.size > 0 && Date.now() < until) await sleep(250);
      return inflight.size === 0;
    },
    close() {
      load.pause();
      for (const c of clients) c.end(true);
    },
  };
  return load;
}

export interface WindowResult {
  intervalMs: number;
  offeredPointsPerSec: number;
  /** Points acknowledged in the window per second (acknowledged only once stored and their alarms committed). */
  storedPointsPerSec: number;
  ackedMessagesPerSec: number;
  /** From the server's /metrics counters (what an external broker's setup can only count this way). */
  committedPointsPerSec: number;
  committedMessagesPerSec: number;
  /** Acks in the window plus the messages still unacknowledged at its end (at their age then: a lower bound). */
  ackLatencyMs: { p50: number; p99: number; max: number; unackedAtEnd: number };
  backlog: { unackedStart: number; unackedEnd: number; ackP50FirstThirdMs: number; ackP50LastThirdMs: number; growing: boolean };
  /** Acknowledgements current: ack p99 ≤ the limit and no growing backlog. What was stored is then sustained. */
  current: boolean;
  why: string;
  alarmPushes: number;
  alarmLatencyMs: { p50: number; p95: number; p99: number; max: number };
  cpu: CpuUse & { leftToServer: number };
  loadAverage1m: { start: number; end: number };
  at: string;
}

export interface WindowContext {
  load: GatewayLoad;
  serverPort: number;
  serverPid: number;
  brokerPid?: number | undefined;
  databaseUrl: string;
  gateways: number;
  ackP99LimitMs: number;
  /** Alarm push latencies recorded while `alarmRecording.on`. */
  alarmRecording: { on: boolean; latencies: number[] };
}

const metricCounters = async (port: number) => ({
  points: await metricValue(port, 'gridops_ingest_points_total'),
  messages: await metricValue(port, 'gridops_ingest_messages_total'),
});

/** Measures one window of `durationMs` at the load's current rate. */
export async function measureWindow(ctx: WindowContext, durationMs: number): Promise<WindowResult> {
  const { load } = ctx;
  const groups = (pg: number[]) => ({ server: [ctx.serverPid], postgres: pg, bench: [process.pid], ...(ctx.brokerPid ? { mosquitto: [ctx.brokerPid] } : {}) });
  const backendsStart = await postgresBackends(ctx.databaseUrl);
  const metricsBefore = await metricCounters(ctx.serverPort);
  const unackedStart = load.outstanding();
  const publishedStart = load.published;
  load.acks = [];
  load.ackedPoints = 0;
  ctx.alarmRecording.latencies = [];
  const cpuStart = cpuSnapshot(groups(backendsStart));
  const loadStart = os.loadavg()[0]!;
  const t0 = Date.now();
  load.recording = true;
  ctx.alarmRecording.on = true;
  await sleep(durationMs);
  load.recording = false;
  ctx.alarmRecording.on = false;
  const end = Date.now();
  const unackedEnd = load.outstanding();
  const censored = load.outstandingAges(end);
  const backendsEnd = await postgresBackends(ctx.databaseUrl);
  const cpu = cpuBetween(cpuStart, cpuSnapshot(groups([...new Set([...backendsStart, ...backendsEnd])])));
  const loadEnd = os.loadavg()[0]!;
  const seconds = (end - t0) / 1000;
  const metricsAfter = await metricCounters(ctx.serverPort);
  const published = load.published - publishedStart;

  const all = [...load.acks.map((a) => a.ms), ...censored];
  const third = durationMs / 3;
  const first = load.acks.filter((a) => a.at < t0 + third).map((a) => a.ms);
  const last = [...load.acks.filter((a) => a.at >= end - third).map((a) => a.ms), ...censored];
  const p50First = pct(first, 50);
  const p50Last = pct(last, 50);
  // Growing: more messages unacknowledged at the end than at the start by more than the limit's worth of them
  // (what may be in flight while acks take up to the limit) or one per gateway, or acks slower at the end than
  // at the start by more than half the limit.
  const growth = unackedEnd - unackedStart;
  const inFlightAtLimit = (published / seconds) * (ctx.ackP99LimitMs / 1000);
  const growing = growth > Math.max(ctx.gateways, inFlightAtLimit) || p50Last - p50First > ctx.ackP99LimitMs / 2;
  const p99 = pct(all, 99);
  const current = p99 <= ctx.ackP99LimitMs && !growing;
  const why = current
    ? `ack p99 ${p99} ms ≤ ${ctx.ackP99LimitMs} ms, backlog steady (${unackedStart} → ${unackedEnd} unacknowledged)`
    : [
        p99 > ctx.ackP99LimitMs ? `ack p99 ${p99} ms > ${ctx.ackP99LimitMs} ms` : '',
        growing ? `backlog growing (${unackedStart} → ${unackedEnd} unacknowledged, ack p50 ${p50First} → ${p50Last} ms)` : '',
      ]
        .filter(Boolean)
        .join('; ');
  const lat = ctx.alarmRecording.latencies;
  return {
    intervalMs: load.intervalMs,
    offeredPointsPerSec: Math.round(load.offered()),
    storedPointsPerSec: Math.round(load.ackedPoints / seconds),
    ackedMessagesPerSec: Math.round(load.acks.length / seconds),
    committedPointsPerSec: Math.round((metricsAfter.points - metricsBefore.points) / seconds),
    committedMessagesPerSec: Math.round((metricsAfter.messages - metricsBefore.messages) / seconds),
    ackLatencyMs: { p50: pct(all, 50), p99, max: Math.max(...all), unackedAtEnd: unackedEnd },
    backlog: { unackedStart, unackedEnd, ackP50FirstThirdMs: p50First, ackP50LastThirdMs: p50Last, growing },
    current,
    why,
    alarmPushes: lat.length,
    alarmLatencyMs: { p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: Math.max(...lat) },
    // What the server (with its database and broker) could have used: the machine minus other work and the bench's clients.
    cpu: { ...cpu, leftToServer: Number((cpu.cores - cpu.others - (cpu.byGroup.bench ?? 0)).toFixed(2)) },
    loadAverage1m: { start: Number(loadStart.toFixed(1)), end: Number(loadEnd.toFixed(1)) },
    at: new Date(t0).toISOString(),
  };
}
