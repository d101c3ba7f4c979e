import type { SimulatorManifest } from '@gridops/contract';
import { GatewayClient } from './gatewayClient.js';

export interface SimulatorOptions {
  mqttUrl: string;
  intervalMs: number;
  faultRate: number;
  bufferSize?: number;
  statusEveryMs?: number;
  pointsPerDevice?: number;
  /** Edge AI detections per camera and hour. */
  aiRatePerHour?: number;
  rng?: () => number;
  log?: (msg: string) => void;
}

export interface RunningSimulator {
  gateways: GatewayClient[];
  stop(): Promise<void>;
}

/**
 * Starts one MQTT client per gateway of the manifest. First ticks are spread over one interval so a large
 * load test does not publish in bursts.
 */
export function startSimulator(manifest: SimulatorManifest, opts: SimulatorOptions): RunningSimulator {
  const n = manifest.gateways.length;
  const gateways = manifest.gateways.map(
    (gw, i) =>
      new GatewayClient(gw, {
        mqttUrl: opts.mqttUrl,
        intervalMs: opts.intervalMs,
        faultRate: opts.faultRate,
        startDelayMs: n > 1 ? Math.floor((i * opts.intervalMs) / n) : 0,
        ...(opts.bufferSize === undefined ? {} : { bufferSize: opts.bufferSize }),
        ...(opts.statusEveryMs === undefined ? {} : { statusEveryMs: opts.statusEveryMs }),
        ...(opts.pointsPerDevice === undefined ? {} : { pointsPerDevice: opts.pointsPerDevice }),
        ...(opts.aiRatePerHour === undefined ? {} : { aiRatePerHour: opts.aiRatePerHour }),
        ...(opts.rng ? { rng: opts.rng } : {}),
        ...(opts.log ? { log: opts.log } : {}),
      }),
  );
  for (const g of gateways) g.start();
  let stopping: Promise<void> | null = null;
  return {
    gateways,
    stop: () => (stopping ??= Promise.all(gateways.map((g) => g.stop())).then(() => undefined)),
  };
}
