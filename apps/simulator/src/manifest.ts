import fs from 'node:fs/promises';
import { simulatorManifest, type SimulatorManifest } from '@gridops/contract';

/** A manifest that cannot be used: main reports it as a usage error (exit code 2). */
export class ManifestError extends Error {}

/** Parses and validates a manifest; the message lists every problem with its JSON path. */
export function parseManifest(text: string, source = 'manifest'): SimulatorManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ManifestError(`${source}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const parsed = simulatorManifest.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 10).map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ManifestError(`${source}: invalid manifest\n${issues.join('\n')}`);
  }
  const sns = new Set<string>();
  for (const g of parsed.data.gateways) {
    if (sns.has(g.sn)) throw new ManifestError(`${source}: gateway ${g.sn} appears twice (one MQTT session per gateway)`);
    sns.add(g.sn);
  }
  return parsed.data;
}

export async function loadManifest(path: string): Promise<SimulatorManifest> {
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (err) {
    throw new ManifestError(`cannot read manifest ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseManifest(text, path);
}

/**
 * The load-test site: G gateways × D energy meters, named like bench/ingestLoad.ts seeds them (gateway
 * `LOAD-{g}` with secret `load-secret-{g}`, meters `M{d}`). The broker accepts these only if the same
 * gateways and devices exist in the server's database.
 */
export function syntheticManifest(gateways: number, devices: number): SimulatorManifest {
  return {
    gateways: Array.from({ length: gateways }, (_, g) => ({
      sn: `LOAD-${g}`,
      secret: `load-secret-${g}`,
      project_id: 0,
      project_name: 'Load test site',
      latitude: 31.23,
      longitude: 121.47,
      // A load test measures throughput: its site's clock only shapes the load curves.
      timezone: 'UTC',
      devices: Array.from({ length: devices }, (_, d) => ({ sn: `M${d}`, kind: 'meter' as const, name: `表${d}`, name_en: `Meter ${d}`, props: {} })),
    })),
  };
}
