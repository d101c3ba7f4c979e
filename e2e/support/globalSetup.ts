import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mqttTcpUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

/** One real server (embedded database, broker, simulator, built console) for the whole e2e project. */
export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('mqttTcpUrl', server.mqttTcpUrl);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
