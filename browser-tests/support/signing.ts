// Signing as a reader does it: the pad opened from the toolbar (or the phone menu), two
// strokes drawn with the real mouse, Confirm. Shared by the tests that need a signature placed.
import assert from 'node:assert/strict';
import type { Frame, Locator, Mouse, Page } from 'playwright-core';

/** The viewer's page, or the frame Folio runs in when it is embedded. */
export type Ui = Page | Frame;
export const mouseOf = (ui: Ui): Mouse => ('mouse' in ui ? ui.mouse : ui.page().mouse);

export const pad = (ui: Ui) => ui.getByRole('img', { name: 'Signature pad' });

export async function box(locator: Locator) {
  const b = await locator.boundingBox();
  assert.ok(b, 'element has no box');
  return b;
}

/** Two strokes with the real mouse: a wave, then a line under it. */
export async function drawWithMouse(ui: Ui) {
  const mouse = mouseOf(ui);
  const b = await box(pad(ui));
  const at = (fx: number, fy: number) => [b.x + b.width * fx, b.y + b.height * fy] as const;
  await mouse.move(...at(0.1, 0.6));
  await mouse.down();
  for (let i = 1; i <= 30; i += 1) {
    const fx = 0.1 + (0.8 * i) / 30;
    await mouse.move(...at(fx, 0.5 + 0.25 * Math.sin(i / 3)), { steps: 2 });
  }
  await mouse.up();
  await mouse.move(...at(0.2, 0.85));
  await mouse.down();
  await mouse.move(...at(0.8, 0.85), { steps: 12 });
  await mouse.up();
}

export async function openPad(page: Ui) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true }).first();
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await padReady(page);
}

/**
 * The pad, once the dialog's opening animation is over and the canvas is sized: drawn on before,
 * a stroke can land where the growing dialog is not yet.
 */
export async function padReady(page: Ui) {
  await pad(page).waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector('canvas.folio-sign-pad');
    const dialog = canvas?.closest('.ant-modal');
    return (
      canvas instanceof HTMLCanvasElement &&
      canvas.width > 100 &&
      dialog !== null &&
      dialog !== undefined &&
      !/zoom|motion/.test(dialog.className) &&
      getComputedStyle(dialog).transform === 'none'
    );
  });
}

export async function confirm(page: Ui) {
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Click or tap on a page to place your signature. Esc cancels.').waitFor();
  // The dialog fades out before the pages take clicks again.
  await page.locator('.folio-sign-modal .ant-modal-wrap').waitFor({ state: 'hidden' });
}

export interface Placement {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Payload {
  docId: string;
  placements: Placement[];
  image: string;
}
/** Finish: the `folio:signed` event's payload (the placements in PDF points). */
export async function finishPayload(page: Ui): Promise<Payload> {
  const detail = page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        window.addEventListener(
          'folio:signed',
          (event) => {
            resolve((event as CustomEvent).detail);
          },
          { once: true },
        );
      }),
  );
  await page.getByRole('button', { name: 'Finish' }).click();
  return (await detail) as Payload;
}
