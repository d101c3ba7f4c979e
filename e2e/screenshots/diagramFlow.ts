/**
 * The browser steps of drawing a small single-line diagram, shared by e2e/diagram-editor.e2e.test.ts and the
 * screenshot script e2e/screenshots/run-setup.ts: add a diagram, drag an incomer and a breaker from the
 * palette, connect them, bind the breaker to a device, save.
 */
import type { Page } from 'playwright-core';
import { click, dismissPending, open } from '../support/console.js';

export interface DrawnDiagram {
  name: string;
  breakerId: string;
}

/** Drags a palette symbol to a point of the canvas (offsets from its top-left corner). */
async function dragIn(page: Page, kind: string, x: number, y: number) {
  await page.getByTestId(`palette-${kind}`).dragTo(page.getByTestId('sld-canvas'), { targetPosition: { x, y } });
}

export async function drawDiagram(page: Page, name: string, nameEn: string, deviceSearch: string): Promise<DrawnDiagram> {
  await open(page, '/RunSetup/SingleLineSet', 'single-line-set');
  await page.getByTestId('sld-editor').waitFor();
  await page.locator('.react-flow__node').first().waitFor();
  await click(page, page.getByTestId('sld-new'));
  await page.getByTestId('sld-name').fill(name);
  await page.getByTestId('sld-name-en').fill(nameEn);
  await click(page, page.locator('#sld-name-ok'));
  await page.getByTestId('sld-canvas-empty').waitFor();

  await dismissPending(page);
  await dragIn(page, 'source', 300, 120);
  await page.getByTestId('sld-node-SRC1').waitFor();
  await dragIn(page, 'breaker', 300, 300);
  await page.getByTestId('sld-node-QF1').waitFor();

  // Connect: from the incomer's bottom handle to the breaker's top handle.
  const from = await page.locator('[data-id="SRC1"] .react-flow__handle-bottom').boundingBox();
  const to = await page.locator('[data-id="QF1"] .react-flow__handle-top').boundingBox();
  if (!from || !to) throw new Error('handles not found');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 8 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
  await page.mouse.up();
  await page.getByTestId('sld-edge-SRC1>QF1').waitFor({ state: 'attached' });

  // Bind the breaker to a device.
  await click(page, page.getByTestId('sld-node-QF1'));
  await page.getByTestId('sld-inspector-form').waitFor();
  await page.getByTestId('sld-device').click();
  await page.keyboard.type(deviceSearch);
  await page.locator('.ant-select-item-option').filter({ hasText: deviceSearch }).first().click();
  await page.getByTestId('sld-live').waitFor();
  await page.getByTestId('sld-label').fill('E2E 断路器');
  await page.getByTestId('sld-label').press('Enter');
  await page.getByTestId('sld-label-en').fill('E2E breaker');
  await page.getByTestId('sld-label-en').press('Enter');

  await click(page, page.getByTestId('sld-save'));
  await page.getByTestId('sld-version').waitFor();
  return { name, breakerId: 'QF1' };
}
