// A buyer's thumb on the widget: a touch phone's page, taps where the buyer sees a thing (whatever lies on top there
// takes the tap, as on a real screen), one-finger swipes as touch events, and the sizes of the map's buttons.
import type { Browser, Locator, Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

/** A phone held upright, and the same phone turned on its side. */
export const TOUCH_PHONE = { width: 390, height: 844 };
export const LANDSCAPE = { width: 844, height: 390 };

/** A page in a fresh touch context (coarse pointer, mobile viewport); its problems are printed when the test fails. */
export async function openTouchPage(
  browser: Browser,
  viewport = TOUCH_PHONE,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`[console.${m.type()}] ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`[pageerror] ${err.message}`));
  page.on('requestfailed', (r) =>
    problems.push(`[requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  onTestFailed(() => console.error(`page problems:\n${problems.join('\n') || '(none)'}`));
  return { page, problems };
}

/**
 * Taps `target` where it shows on screen (its middle, or `at` from its top-left corner) after scrolling it into view;
 * unlike Locator.tap, the tap goes to whatever covers it there.
 */
export async function tapAt(page: Page, target: Locator, at?: { x: number; y: number }): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const { x, y } = at ?? { x: box.width / 2, y: box.height / 2 };
  await page.touchscreen.tap(box.x + x, box.y + y);
}

/** A one-finger swipe from (x, y) by `dy` pixels (negative: upwards, as to scroll the page down), as touch events. */
export async function swipe(page: Page, x: number, y: number, dy: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 12; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (dy * i) / 12 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A two-finger drag from (x, y), the fingers 60 px apart, by (dx, dy) pixels. */
export async function twoFingerDrag(page: Page, x: number, y: number, dx: number, dy: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const points = (f: number) => [
    { x: x + dx * f, y: y + dy * f, id: 0 },
    { x: x + 60 + dx * f, y: y + dy * f, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
  for (let i = 1; i <= 12; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(i / 12) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
