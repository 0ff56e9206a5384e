// Screenshots for the accessibility review (320 px, forced colours), kept out of the docs' screenshot folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where the review's screenshots go: A11Y_SHOTS, else /tmp/a11y-shots. */
export const REVIEW_SHOTS = process.env.A11Y_SHOTS ?? '/tmp/a11y-shots';

/** Saves what the screen shows as REVIEW_SHOTS/<name>.png. */
export async function reviewShot(page: Page, name: string): Promise<void> {
  mkdirSync(REVIEW_SHOTS, { recursive: true });
  await page.screenshot({ path: join(REVIEW_SHOTS, `${name}.png`) });
}
