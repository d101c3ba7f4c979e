import net from 'node:net';
import type { AppConfig } from '../config.js';
import { portFailure, StartError } from './startErrors.js';

/** One port the start will bind: what it is for and the setting that chose it (names as in the broker's errors). */
export interface WantedPort {
  purpose: string;
  setting: string;
  port: number;
}

/**
 * Every port this configuration binds, in the order the start binds them. Port 0 (any free port, tests) is
 * never taken; an unset MQTT_TCP_PORT falls back to another port when 1883 is held (plugins/broker.ts), so it
 * is not checked either. An external broker (MQTT_URL) means no broker ports at all.
 */
export function wantedPorts(config: AppConfig): WantedPort[] {
  const out: WantedPort[] = [];
  if (!config.mqtt.externalUrl) {
    if (!config.mqtt.tcpPortFallback) out.push({ purpose: 'MQTT TCP (gateways)', setting: 'MQTT_TCP_PORT', port: config.mqtt.tcpPort });
    out.push({ purpose: 'MQTT WebSocket (browsers)', setting: 'MQTT_WS_PORT', port: config.mqtt.wsPort });
    if (config.mqtt.tls) {
      out.push({ purpose: 'MQTT over TLS (gateways)', setting: 'MQTT_TLS_PORT', port: config.mqtt.tls.tlsPort });
      out.push({ purpose: 'MQTT secure WebSocket (browsers)', setting: 'MQTT_WSS_PORT', port: config.mqtt.tls.wssPort });
    }
  }
  out.push({ purpose: 'HTTP', setting: 'PORT', port: config.port });
  return out.filter((p) => p.port !== 0);
}

function tryBind(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * Runs before the database is opened: a port another program holds (or two settings naming one port) fails
 * the start at once, with nothing migrated, seeded or created — above all no first administrator whose
 * one-time password would be printed by a start that then fails. The real listeners still report a port taken
 * between this check and their bind (plugins/broker.ts, runtime.ts).
 */
export async function checkPorts(config: AppConfig): Promise<void> {
  const wanted = wantedPorts(config);
  const bySetting = new Map<number, string>();
  for (const w of wanted) {
    const other = bySetting.get(w.port);
    if (other) throw new StartError(`${other} and ${w.setting} both name port ${w.port}; give each its own port`);
    bySetting.set(w.port, w.setting);
  }
  for (const w of wanted) {
    await tryBind(w.port, config.host).catch((e: unknown) => Promise.reject(portFailure(w.purpose, w.setting, w.port, e)));
  }
}
