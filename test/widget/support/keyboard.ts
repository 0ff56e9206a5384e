// A keyboard and screen-reader user's view of the widget: where focus is (through its shadow root), and a buyer with
// saved addresses made over the API.
import type { Page } from 'playwright-core';
import type { SourceWorld } from './source-world.ts';

/** The element keyboard focus is on, through shadow roots: "BUTTON Pay ₹1,499.00", "INPUT Email", "IFRAME", "BODY". */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return 'none';
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    const text = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60);
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
