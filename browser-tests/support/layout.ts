import type { Locator } from 'playwright-core';

/** Whether `lower` lies wholly under `upper` on screen (its top at or past the other's bottom). */
export async function liesUnder(upper: Locator, lower: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([upper.boundingBox(), lower.boundingBox()]);
  return a !== null && b !== null && b.y >= a.y + a.height - 1;
}
