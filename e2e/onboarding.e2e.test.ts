import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTopics, telemetryPayload, type SimulatorManifest } from '@gridops/contract';
import { pageApi, pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';
import {
  SLOW,
  addDevice,
  changeFirstPassword,
  chooseSite,
  copyTemplate,
  createOrganisation,
  createProject,
  flatProjects,
  registerGateway,
  treeFetchesInFlight,
  type TreeNode,
} from './support/onboarding.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

/**
 * Issue 12's onboarding walk-through (docs/onboarding.md), on a server of its own started without the demo:
 * the bootstrap administrator creates an organisation, two projects, a device template, a gateway and a device
 * in the console; the gateway process (the simulator binary, pointed at that one gateway with the credentials
 * the console showed) publishes telemetry; the value appears on the real-time page (/ElectricalRoom/DevMonitor);
 * a site user invited for the first project logs in, sees the value, and does not see the second project.
 * API calls only read values for the assertions.
 */
const ADMIN_FIRST = 'Onboard-First-2026';
const ADMIN_PASSWORD = 'Onb0ard-Admin!x';
const service = { username: 'gridops-onboarding-service', password: randomBytes(18).toString('base64url') };

let server: RunningServer;
let browser: Browser;
let gatewayProcess: ChildProcess | undefined;
let gatewayOutput = '';
let listener: MqttClient | undefined;
let manifestDir: string | undefined;

beforeAll(async () => {
  server = await startServer(
    {
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: ADMIN_FIRST,
      ORG_NAME: '启航能源',
      ORG_NAME_EN: 'Qihang Energy',
      MQTT_SERVICE_USERNAME: service.username,
      MQTT_SERVICE_PASSWORD: service.password,
    },
    { demo: false },
  );
  browser = await launchBrowser();
}, 310_000);
afterAll(async () => {
  if (gatewayProcess && gatewayProcess.exitCode === null) {
    const exited = new Promise((r) => gatewayProcess!.once('exit', r));
    gatewayProcess.kill('SIGTERM');
    await exited;
  }
  await listener?.endAsync();
  await browser?.close();
  await server?.stop();
  if (manifestDir) fs.rmSync(manifestDir, { recursive: true, force: true });
});

/**
 * ONBOARDING_SCREENSHOTS=1 also writes the real-time page with the onboarded device, as the administrator sees
 * it in Chinese and the invited user in English, to docs/screenshots/onboarding/.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.ONBOARDING_SCREENSHOTS) return;
  const dir = path.join(repoRoot, 'docs/screenshots/onboarding');
  fs.mkdirSync(dir, { recursive: true });
  // Without the last save's toast over the header.
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 30_000 });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe('onboarding from an empty database', () => {
  it('organisation → projects → template → gateway → device → telemetry on the real-time page → an invited site user sees only it', async () => {
    const admin = await newPage(browser, { lang: 'zh' });
    const treeFetches = treeFetchesInFlight(admin);
    await loginAs(admin, server.baseUrl, 'admin', ADMIN_FIRST);
    await changeFirstPassword(admin, ADMIN_FIRST, ADMIN_PASSWORD);
    // An empty database: no project anywhere yet.
    expect(flatProjects(await pageApiData<TreeNode[]>(admin, server.baseUrl, '/api/v6/org/tree', { method: 'GET' }))).toEqual([]);

    // 1. The organisation, under the bootstrap root.
    const orgName = '启航苏州公司';
    await createOrganisation(admin, server.baseUrl, orgName, 'Qihang Suzhou');

    // 2. Two projects in it: the one being onboarded and another the invited user must not see.
    const siteA = '启航一号储能站';
    const siteB = '启航二号光伏站';
    await createProject(admin, orgName, siteA, 'Qihang storage site 1');
    await createProject(admin, orgName, siteB, 'Qihang PV site 2');
    await expect
      .poll(async () => flatProjects(await pageApiData<TreeNode[]>(admin, server.baseUrl, '/api/v6/org/tree', { method: 'GET' })).map((p) => p.name).sort(), SLOW)
      .toEqual([siteA, siteB].sort());
    const allProjects = flatProjects(await pageApiData<TreeNode[]>(admin, server.baseUrl, '/api/v6/org/tree', { method: 'GET' }));
    const projectB = allProjects.find((p) => p.name === siteB)!.id;

    // 3. A device template (a copy of the built-in water meter), in the administrator's (root) organisation: usable
    // by every project below it.
    await chooseSite(admin, siteA, treeFetches);
    await dismissPending(admin);
    const projectA = allProjects.find((p) => p.name === siteA)!.id;
    expect(await projectOf(admin)).toBe(projectA);
    await copyTemplate(admin, 'water_meter', '启航水表', 'Qihang water meter');

    // 4. The gateway, and its one-time credentials.
    const gatewaySn = 'QH-GW-001';
    const secret = await registerGateway(admin, gatewaySn, '启航一号网关', 'Qihang gateway 1');

    // 5. The device on that gateway, of the new template.
    const deviceSn = 'QH-WM-01';
    await addDevice(admin, { gatewaySn, sn: deviceSn, kindLabel: '启航水表', name: '一号水表', name_en: 'Water meter 1' });
    const devices = await pageApiData<{ id: number; sn: string; gateway_sn: string; points: number }[]>(admin, server.baseUrl, `/api/v6/gateway/devices?project_id=${projectA}`, { method: 'GET' });
    const device = devices.find((d) => d.sn === deviceSn && d.gateway_sn === gatewaySn)!;
    expect(device.points).toBe(2);

    // 6. The gateway process: the simulator binary, pointed at this one gateway with the shown credentials.
    // A listener with the server's own identity records what it publishes, so the page can be checked against it.
    const sent = new Set<number>();
    let firstSent!: () => void;
    const somethingSent = new Promise<void>((r) => (firstSent = r));
    listener = await mqtt.connectAsync(server.mqttTcpUrl, { username: service.username, password: service.password, clientId: `gridops-server-onboarding-${process.pid}` });
    listener.on('message', (_topic, buf) => {
      const t = telemetryPayload.safeParse(JSON.parse(buf.toString()));
      const v = t.success ? t.data.devices.find((d) => d.sn === deviceSn)?.values.flow : undefined;
      if (typeof v === 'number') {
        sent.add(v);
        firstSent();
      }
    });
    await listener.subscribeAsync(gatewayTopics(gatewaySn).telemetry, { qos: 1 });
    manifestDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridops-onboarding-'));
    const manifest: SimulatorManifest = {
      gateways: [
        {
          sn: gatewaySn,
          secret,
          project_id: projectA,
          project_name: siteA,
          latitude: 31.3,
          longitude: 120.6,
          timezone: 'Asia/Shanghai',
          devices: [{ sn: deviceSn, kind: 'water_meter', name: '一号水表', name_en: 'Water meter 1', props: { rated_flow: 25 } }],
        },
      ],
    };
    fs.writeFileSync(path.join(manifestDir, 'manifest.json'), JSON.stringify(manifest));
    gatewayProcess = spawn(
      process.execPath,
      [path.join(repoRoot, 'apps/simulator/dist/main.js'), '--manifest', path.join(manifestDir, 'manifest.json'), '--mqtt', server.mqttTcpUrl, '--interval', '1000', '--fault-rate', '0'],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    gatewayProcess.stdout?.on('data', (b: Buffer) => (gatewayOutput += b.toString()));
    gatewayProcess.stderr?.on('data', (b: Buffer) => (gatewayOutput += b.toString()));
    await Promise.race([
      somethingSent,
      new Promise((_r, reject) => gatewayProcess!.once('exit', (code) => reject(new Error(`gateway process exited (${code}):\n${gatewayOutput}`)))),
    ]);

    // 7. The value on the real-time page: the device's own row, fresh, showing a value the gateway sent.
    await open(admin, '/ElectricalRoom/DevMonitor', 'dev-monitor');
    const row = (page: Page) => page.getByTestId(`pt-${device.id}-flow`);
    await row(admin).waitFor(SLOW);
    const shown = async (page: Page) => {
      const v = await row(page).locator('.pt-value').getAttribute('data-value');
      return v === null || v === '' ? null : Number(v);
    };
    await expect.poll(async () => {
      const v = await shown(admin);
      return v !== null && sent.has(v);
    }, SLOW).toBe(true);
    await expect.poll(() => row(admin).textContent(), SLOW).toContain('一号水表');
    // The API agrees: the point is fresh.
    const rt = await pageApiData<{ rooms: { devices: { id: number; points: { key: string; value: number | null; quality: string }[] }[] }[] }>(
      admin,
      server.baseUrl,
      `/api/v6/distribution/realtime?project_id=${projectA}`,
      { method: 'GET' },
    );
    const flow = rt.rooms.flatMap((r) => r.devices).find((d) => d.id === device.id)?.points.find((p) => p.key === 'flow');
    expect(flow?.quality).toBe('fresh');
    expect(sent.has(flow!.value!)).toBe(true);
    await screenshot(admin, 'realtime-zh');

    // 8. A site user invited for the first project.
    const username = 'qihang-op';
    await open(admin, '/CentreUser/CentreUserManage', 'members-page');
    await click(admin, admin.getByTestId('member-invite'));
    await admin.getByTestId('member-username').fill(username);
    await admin.getByTestId('member-name').fill('启航值班员');
    await admin.getByTestId('member-name-en').fill('Qihang operator');
    await admin.getByTestId('member-projects').click();
    await admin.locator('.ant-select-item-option', { hasText: siteA }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('member-save').click();
    const shownPassword = admin.getByTestId('member-shown-password');
    await shownPassword.waitFor(SLOW);
    const firstPassword = (await shownPassword.innerText()).trim();
    await admin.getByTestId('member-password-close').click();
    await admin.context().close();

    const member = await newPage(browser, { lang: 'en' });
    await loginAs(member, server.baseUrl, username, firstPassword);
    await changeFirstPassword(member, firstPassword, `Qh-${firstPassword}`);
    await member.waitForURL((u) => u.pathname === '/SiteHome', SLOW);
    const visible = flatProjects(await pageApiData<TreeNode[]>(member, server.baseUrl, '/api/v6/org/tree', { method: 'GET' }));
    expect(visible.map((p) => p.name)).toEqual([siteA]);
    expect((await pageApiData<{ total: number }>(member, server.baseUrl, '/api/v6/project/list', { method: 'GET' })).total).toBe(1);
    await member.locator(`[data-testid="site-home"][data-project="${projectA}"]`).waitFor(SLOW);
    await dismissPending(member);
    await open(member, '/ElectricalRoom/DevMonitor', 'dev-monitor');
    await expect.poll(async () => {
      const v = await shown(member);
      return v !== null && sent.has(v);
    }, SLOW).toBe(true);
    await expect.poll(() => row(member).textContent(), SLOW).toContain('Water meter 1');
    await screenshot(member, 'realtime-en');
    // The second project is refused to this user, also when asked for by id.
    const other = await pageApi(member, server.baseUrl, `/api/v6/distribution/realtime?project_id=${projectB}`, { method: 'GET' });
    expect(other.code).not.toBe(1);
    await member.context().close();
  }, 600_000);
});
