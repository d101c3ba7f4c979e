#!/usr/bin/env node
import { ArgError, USAGE, parseCli, type CliCommand } from './args.js';
import { ManifestError, loadManifest, syntheticManifest } from './manifest.js';
import { startSimulator } from './simulator.js';

const usageError = (msg: string): never => {
  console.error(`gridops-simulator: ${msg}\nRun with --help for usage.`);
  process.exit(2);
};

async function main(argv: readonly string[]): Promise<void> {
  let cmd: CliCommand;
  try {
    cmd = parseCli(argv);
  } catch (err) {
    if (err instanceof ArgError) return usageError(err.message);
    throw err;
  }
  if (cmd.help) {
    process.stdout.write(USAGE);
    return;
  }
  let manifest;
  try {
    manifest = cmd.manifestPath !== null ? await loadManifest(cmd.manifestPath) : syntheticManifest(cmd.synthetic?.gateways ?? 1, cmd.synthetic?.devices ?? 10);
  } catch (err) {
    if (err instanceof ManifestError) return usageError(err.message);
    throw err;
  }
  const devices = manifest.gateways.reduce((n, g) => n + g.devices.length, 0);
  console.log(`[simulator] ${manifest.gateways.length} gateways, ${devices} devices → ${cmd.mqttUrl} every ${cmd.intervalMs} ms (fault rate ${cmd.faultRate.toFixed(4)}/tick)`);
  const sim = startSimulator(manifest, {
    mqttUrl: cmd.mqttUrl,
    intervalMs: cmd.intervalMs,
    faultRate: cmd.faultRate,
    aiRatePerHour: cmd.aiRatePerHour,
    bufferSize: cmd.bufferSize,
    ...(cmd.synthetic ? { pointsPerDevice: cmd.synthetic.points } : {}),
  });

  let stopping = false;
  const shutdown = (why: string) => {
    // Under `npm start` a Ctrl-C reaches us twice: the terminal's SIGINT to the process group, then the
    // server's SIGTERM. Both mean "stop", so repeats are ignored; a stop that hangs is cut short instead.
    if (stopping) return;
    stopping = true;
    console.log(`[simulator] ${why}: stopping`);
    setTimeout(() => {
      console.error('[simulator] stop took longer than 5 s; exiting');
      process.exit(1);
    }, 5_000).unref();
    sim.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[simulator] stop failed', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Forked by the server with an IPC channel: if the server dies without signalling us, do not linger.
  if (process.send) process.once('disconnect', () => shutdown('parent gone'));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error('[simulator] fatal', err);
  process.exit(1);
});
