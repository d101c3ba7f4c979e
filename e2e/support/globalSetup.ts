import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import type { BrowserServer } from 'playwright-core';
import { BROWSER_WS_ENV, launchBrowserServer } from './browser.js';
import { startServer, type RunningServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mqttTcpUrl: string;
    dataDir: string;
    /** The server's own MQTT identity: lets a test command a simulated gateway, as the server would. */
    mqttService: { username: string; password: string };
  }
}

let server: RunningServer | undefined;
let browserServer: BrowserServer | undefined;

/**
 * One real server (embedded database, broker, simulator, built console) and one Chromium for the whole e2e
 * project: the test files connect to it (launchBrowser), each in contexts of its own.
 */
export async function setup(project: TestProject) {
  browserServer = await launchBrowserServer();
  // Through the environment rather than provide(): launchBrowser also serves the screenshot scripts, outside vitest.
  process.env[BROWSER_WS_ENV] = browserServer.wsEndpoint();
  const mqttService = { username: 'gridops-e2e-service', password: randomBytes(18).toString('base64url') };
  // OUTBOUND_ALLOW: the push test's robot receiver listens on loopback (docs/security.md "Outbound requests").
  server = await startServer({ MQTT_SERVICE_USERNAME: mqttService.username, MQTT_SERVICE_PASSWORD: mqttService.password, OUTBOUND_ALLOW: '127.0.0.1' });
  project.provide('mqttService', mqttService);
  project.provide('baseUrl', server.baseUrl);
  project.provide('mqttTcpUrl', server.mqttTcpUrl);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await server?.stop();
  await browserServer?.close();
}
