import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageApiData } from './api.js';
import { chooseOption, click, open } from './console.js';

/**
 * What an installer does on an empty install (docs/onboarding.md), shared by the onboarding and site-from-empty
 * browser tests: the forced first password change, the organisation, projects with rooms, the site selector, a
 * gateway and its one-time secret, a copied template.
 */

/** The page and the server may be slow on a shared machine: wait up to this long for a state (not a timing check). */
export const SLOW = { timeout: 60_000 };

export interface TreeNode {
  projects: { id: number; name: string; name_en: string }[];
  children: TreeNode[];
}
export const flatProjects = (nodes: TreeNode[]): TreeNode['projects'] => nodes.flatMap((n) => [...n.projects, ...flatProjects(n.children)]);

/** Every project the page's user sees in the organisation tree. */
export const visibleProjects = async (page: Page, baseUrl: string) => flatProjects(await pageApiData<TreeNode[]>(page, baseUrl, '/api/v6/org/tree', { method: 'GET' }));

/** Counts the page's /api/v6/org/tree requests under way (the site selector's tree is re-fetched after saves). */
export function treeFetchesInFlight(page: Page): () => number {
  let n = 0;
  const isTree = (u: string) => new URL(u).pathname === '/api/v6/org/tree';
  page.on('request', (r) => void (isTree(r.url()) && n++));
  page.on('requestfinished', (r) => void (isTree(r.url()) && n--));
  page.on('requestfailed', (r) => void (isTree(r.url()) && n--));
  return () => n;
}

/**
 * Chooses a site in the header's selector, opened only once no tree fetch is under way: a refetch landing while
 * it is open re-renders it under the pointer (the click is lost), so open it again until the site home opens.
 */
export async function chooseSite(page: Page, name: string, inFlight: () => number): Promise<void> {
  const option = page.locator('.ant-select-tree-title', { hasText: name }).first();
  for (let attempt = 1; ; attempt++) {
    await expect.poll(inFlight, SLOW).toBe(0);
    await click(page, page.getByTestId('site-selector'));
    await page.getByTestId('site-selector').locator('input').fill(name);
    const chosen = await option
      .click({ timeout: 10_000 })
      .then(() => page.waitForURL((u) => u.pathname === '/SiteHome', { timeout: 15_000 }))
      .then(
        () => true,
        (e: unknown) => {
          if (attempt >= 4) throw e;
          return false;
        },
      );
    if (chosen) return;
    await page.keyboard.press('Escape');
  }
}

/** Fills the forced first-login password change and waits for the console. */
export async function changeFirstPassword(page: Page, from: string, to: string): Promise<void> {
  await page.getByTestId('force-password-change').waitFor({ timeout: 30_000 });
  await page.getByTestId('old-password').fill(from);
  await page.getByTestId('new-password').fill(to);
  await page.getByTestId('confirm-password').fill(to);
  await page.getByTestId('change-password').click();
  await page.getByTestId('shell-header').waitFor({ timeout: 30_000 });
}

/** Adds an organisation under the bootstrap root on /CentreUser/CentreOrganManage. */
export async function createOrganisation(page: Page, baseUrl: string, name: string, nameEn: string): Promise<void> {
  await open(page, '/CentreUser/CentreOrganManage', 'org-manage');
  const orgs = await pageApiData<{ id: number; parent_id: number | null; name: string }[]>(page, baseUrl, '/api/v6/admin/org/list', { method: 'GET' });
  const root = orgs.find((o) => o.parent_id === null)!;
  await click(page, page.getByTestId(`org-node-${root.id}`));
  await click(page, page.getByTestId('org-add-child'));
  await page.getByTestId('org-new-name').fill(name);
  await page.getByTestId('org-new-name-en').fill(nameEn);
  await page.getByTestId('org-new-save').click();
  await page.getByTestId('org-tree').getByText(name).waitFor(SLOW);
}

export interface RoomName {
  name: string;
  name_en: string;
}

/** Creates a project of `orgName` on the project page's form, and the rooms its saved form then offers. */
export async function createProject(page: Page, orgName: string, name: string, nameEn: string, rooms: RoomName[] = []): Promise<void> {
  await open(page, '/CentreUser/CentreProjectManage', 'project-manage');
  await click(page, page.getByTestId('project-add'));
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('field-name_en').fill(nameEn);
  await click(page, page.getByTestId('field-org_id'));
  await page.keyboard.type(orgName);
  await page.keyboard.press('Enter');
  await page.getByTestId('field-latitude').fill('31.3');
  await page.getByTestId('field-longitude').fill('120.6');
  await page.getByTestId('project-save').click();
  // Saved: the drawer turns into the edit form of the new project, which offers rooms.
  await page.getByTestId('room-add').waitFor(SLOW);
  for (const room of rooms) {
    await page.getByTestId('room-new-name').fill(room.name);
    await page.getByTestId('room-new-name-en').fill(room.name_en);
    await page.getByTestId('room-add').click();
    // Saved rooms are listed as editable names (inputs).
    const names = () => page.getByTestId('rooms-editor').locator('.ant-list-item input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(names, SLOW).toContain(room.name);
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('project-form').waitFor({ state: 'detached' });
  await page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });
}

/** Copies a built-in template (`copy-<kind>`) on /RunSetup/DevTemplateSet under a new name. */
export async function copyTemplate(page: Page, kind: string, name: string, nameEn: string): Promise<void> {
  await open(page, '/RunSetup/DevTemplateSet', 'dev-template-set');
  await page.getByTestId(`copy-${kind}`).click();
  await page.getByTestId('point-table').waitFor();
  await page.getByTestId('template-name').fill(name);
  await page.getByTestId('template-name-en').fill(nameEn);
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-modal').waitFor({ state: 'hidden' });
  await page.getByTestId('custom-templates').getByText(name).waitFor(SLOW);
}

/** Registers a gateway on /RunSetup/DevMonitorSet and issues its secret: resolves the one-time secret shown. */
export async function registerGateway(page: Page, sn: string, name: string, nameEn: string): Promise<string> {
  await open(page, '/RunSetup/DevMonitorSet', 'dev-monitor-set');
  await page.getByTestId('gateway-table').waitFor();
  await page.getByTestId('register-gateway').click();
  await page.getByTestId('gateway-sn').fill(sn);
  await page.getByTestId('gateway-name').fill(name);
  await page.getByTestId('gateway-name-en').fill(nameEn);
  await page.locator('.ant-modal-footer .ant-btn-primary').first().click();
  await page.getByTestId(`issue-${sn}`).click();
  const secret = (await page.getByTestId('secret-password').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThan(20);
  await page.getByTestId('secret-done').click();
  return secret;
}

export interface NewDevice {
  gatewaySn: string;
  sn: string;
  /** The kind's or the custom template's label in the kind list (e.g. 出线回路, or the template's name). */
  kindLabel: string;
  name: string;
  name_en: string;
  /** The room's label, when the site has rooms (a site with one room pre-fills it). */
  room?: string;
}

/** Adds a device on the devices tab of /RunSetup/DevMonitorSet (already open) through its dialog. */
export async function addDevice(page: Page, d: NewDevice): Promise<void> {
  await page.getByRole('tab', { name: '设备', exact: true }).click();
  await click(page, page.getByTestId('add-device'));
  const form = page.getByRole('dialog', { name: '添加设备' });
  await form.locator('#device_gateway_id').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: d.gatewaySn }).click();
  await form.locator('#device_sn').fill(d.sn);
  await form.locator('#device_kind').click();
  await page.keyboard.type(d.kindLabel);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: d.kindLabel }).first().click();
  await form.locator('#device_name').fill(d.name);
  await form.locator('#device_name_en').fill(d.name_en);
  if (d.room && !((await form.getByTestId('device-room').textContent()) ?? '').includes(d.room)) await chooseOption(page, form.getByTestId('device-room'), d.room);
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await form.waitFor({ state: 'hidden' });
  await page.getByTestId('device-table').getByText(d.name, { exact: true }).waitFor(SLOW);
}
