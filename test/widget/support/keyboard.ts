// A keyboard and screen-reader user's view of the widget: where focus is (through its shadow root), what a control is
// called, a buyer with saved addresses made over the API, and screenshots for the accessibility review.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { SourceWorld } from './source-world.ts';

/** Where the accessibility review's screenshots go. */
export const SHOTS = '/tmp/a11y-shots';

/** Saves the viewport as SHOTS/<name>.png. */
export async function reviewShot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The element keyboard focus is on, through shadow roots: "BUTTON Pay ₹1,499.00", "IFRAME", "BODY". */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return 'none';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return `${el.tagName}${text && el.tagName !== 'BODY' ? ` ${text}` : ''}`;
  });
}

/** Addresses a buyer saved before (created over the buyer API with a session of its own). */
export async function savedAddresses(w: SourceWorld, email: string, addresses: object[]): Promise<void> {
  await w.buyer('/checkout-email-otp', { action: 'send', email, merchant_id: w.merchantId });
  const code = await w.smtp.nextCode(email);
  const verified = await w.buyer('/checkout-email-otp', { action: 'verify', email, code, merchant_id: w.merchantId });
  for (const address of addresses)
    await w.buyer('/checkout-addresses', { action: 'create', address }, verified.session_token as string);
}
