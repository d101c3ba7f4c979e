import { parseArgs } from 'node:util';
import { deviceCatalog } from '@gridops/contract';

/** A usage error: main prints it with a pointer to --help and exits with code 2. */
export class ArgError extends Error {}

export interface SimulatorConfig {
  mqttUrl: string;
  /** Null: generate the synthetic load-test manifest from `synthetic`. */
  manifestPath: string | null;
  synthetic: { gateways: number; devices: number; points: number } | null;
  intervalMs: number;
  faultRate: number;
  /** Edge AI detections per camera and hour (0 = none). */
  aiRatePerHour: number;
  bufferSize: number;
}

export type CliCommand = { help: true } | ({ help: false } & SimulatorConfig);

export const USAGE = `gridops-simulator — impersonates the field gateways of GridOps sites over MQTT

Usage:
  node apps/simulator/dist/main.js --manifest PATH [options]
  node apps/simulator/dist/main.js --gateways N [--devices N] [--points N] [options]

Options:
  --mqtt URL          broker URL (default mqtt://127.0.0.1:1883)
  --manifest PATH     gateways and devices to simulate (JSON, see packages/contract/src/simulator.ts)
  --interval MS       telemetry interval per gateway in ms (default 5000, minimum 100)
  --fault-rate P      probability per gateway and tick that a random fault starts, 0…1
                      (default: interval / 3600000, i.e. about one fault per gateway an hour; 0 = none)
  --ai-rate N         edge AI detections per camera and hour (default 3 with --manifest, 0 for load tests)
  --buffer-size N     store-and-forward capacity in messages per gateway (default 10000, oldest dropped)
  --help              show this text

Load test (instead of --manifest):
  --gateways N        N synthetic gateways LOAD-0 … LOAD-{N-1}, secret load-secret-{i}
  --devices N         energy meters per gateway, M0 … M{N-1} (default 10)
  --points N          points per meter, the first N of the catalogue's 12 (default 11, without EQ)
  Synthetic gateways are accepted by the broker only if they exist in the server's database with those
  serials and secrets (bench/ingestLoad.ts seeds them).
`;

const DEFAULT_INTERVAL_MS = 5000;
const METER_POINTS = deviceCatalog.meter.points.length;
/** The load tests' 11 points per meter (docs/performance.md), as before the reactive energy counter EQ was added. */
const DEFAULT_POINTS = Math.min(11, METER_POINTS);

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) throw new ArgError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function aiRate(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 3600) throw new ArgError(`--ai-rate must be a number from 0 to 3600, got "${raw}"`);
  return n;
}

function mqttUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ArgError(`--mqtt must be a URL such as mqtt://127.0.0.1:1883, got "${raw}"`);
  }
  if (!['mqtt:', 'mqtts:', 'tcp:', 'tls:', 'ws:', 'wss:'].includes(url.protocol)) throw new ArgError(`--mqtt: unsupported protocol ${url.protocol}`);
  return raw;
}

export function parseCli(argv: readonly string[]): CliCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        mqtt: { type: 'string' },
        manifest: { type: 'string' },
        interval: { type: 'string' },
        gateways: { type: 'string' },
        devices: { type: 'string' },
        points: { type: 'string' },
        'fault-rate': { type: 'string' },
        'ai-rate': { type: 'string' },
        'buffer-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new ArgError(err instanceof Error ? err.message : String(err));
  }
  if (values.help) return { help: true };
  const str = (k: string) => (typeof values[k] === 'string' ? values[k] : undefined);

  const manifestPath = str('manifest') ?? null;
  const gateways = str('gateways');
  if (manifestPath !== null && gateways !== undefined) throw new ArgError('give either --manifest or --gateways, not both');
  if (manifestPath === null && gateways === undefined) throw new ArgError('give --manifest PATH, or --gateways N for a synthetic load test');
  if (manifestPath !== null && (str('devices') !== undefined || str('points') !== undefined)) throw new ArgError('--devices and --points only apply with --gateways');
  if (manifestPath === '') throw new ArgError('--manifest needs a path');

  const intervalMs = integer('interval', str('interval'), DEFAULT_INTERVAL_MS, 100, 3600_000);
  const rawRate = str('fault-rate');
  const faultRate = rawRate === undefined ? Math.min(1, intervalMs / 3_600_000) : Number(rawRate);
  if (rawRate !== undefined && (rawRate.trim() === '' || !Number.isFinite(faultRate) || faultRate < 0 || faultRate > 1)) {
    throw new ArgError(`--fault-rate must be a number from 0 to 1, got "${rawRate}"`);
  }
  return {
    help: false,
    mqttUrl: mqttUrl(str('mqtt') ?? 'mqtt://127.0.0.1:1883'),
    manifestPath,
    synthetic:
      gateways === undefined
        ? null
        : {
            gateways: integer('gateways', gateways, 1, 1, 100_000),
            devices: integer('devices', str('devices'), 10, 1, 10_000),
            points: integer('points', str('points'), DEFAULT_POINTS, 1, METER_POINTS),
          },
    intervalMs,
    faultRate,
    aiRatePerHour: aiRate(str('ai-rate'), manifestPath === null ? 0 : 3),
    bufferSize: integer('buffer-size', str('buffer-size'), 10_000, 1, 10_000_000),
  };
}
