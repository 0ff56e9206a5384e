// The checkout widget as a buyer meets it, against the production bundle: a merchant's store on its own origin embeds
// the snippet its Integration page shows; on a phone and a desktop the buyer signs in by email code, adds an address,
// moves the pin, and pays cash on delivery or online. Each journey checks the stored pin, the webhook payloads, axe,
// and at the end the funnel the merchant dashboard shows. Production refuses webhook receivers on this machine, so the
// dispatcher is off and the payloads are read from the outbox as they would be signed and sent (test/webhooks).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, openPage } from '../dashboard/support/page.ts';
import { signInByMail } from '../dashboard/support/sign-in.ts';
import { launchBrowser } from '../support/browser.ts';
import { expectAccessible, pageProblems, PHONE, shooter } from './support/buyer.ts';
import { CART_PAISE, journey, type Viewport } from './support/journey.ts';
import { mistypedPincode, pincodeInAnotherState } from './support/mismatch.ts';
import { localitySuggestions } from './support/suggestions.ts';
import { backFromPayment } from './support/back-from-payment.ts';
import { cartChanged } from './support/cart-changed.ts';
import { pastingBuyer } from './support/pasting.ts';
import { returningBuyer } from './support/returning.ts';
import { paidInSecondTab, secondTab } from './support/second-tab.ts';
import { slowNetwork } from './support/slow-network.ts';
import { wholeCartOffer } from './support/whole-cart-offer.ts';
import { startWidgetWorld, type WidgetWorld } from './support/world.ts';

/** Screenshots for docs/ come from the SQLite run only, so the two projects never write the same files. */
const onPostgres = Boolean(inject('databaseUrl'));
const shot = shooter(!onPostgres);

let w: WidgetWorld;
let browser: Browser;

beforeAll(async () => {
  w = await startWidgetWorld();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

describe('the Integration page of a new merchant', () => {
  it('asks for the store origin, then shows the snippet with the merchant id and its own widget key', async () => {
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${w.baseUrl}/merchant#integration`, w.owner, w.smtp);
    const section = page.locator('#integration');
    await expect.poll(() => section.textContent()).toContain('Add the origin of your store');
    await page.getByLabel('Store origins').fill('shop.example');
    await section.getByRole('button', { name: 'Save origins' }).click();
    // Checked in the page before anything is sent, and said under the field in words.
    const error = section.locator('#integration-origins-input-error');
    await expect.poll(() => error.textContent()).toContain('Not a web address: shop.example');
    expect(await page.getByLabel('Store origins').getAttribute('aria-describedby')).toContain(
      await error.getAttribute('id'),
    );
    await page.getByLabel('Store origins').fill(w.shop.origin);
    await section.getByRole('button', { name: 'Save origins' }).click();
    const code = section.locator('pre code');
    await code.waitFor();
    const snippet = (await code.textContent())!;
    expect(snippet).toContain(`<script type="module" src="${w.baseUrl}/widget/v1/geopin-checkout.js"></script>`);
    expect(snippet).toContain(`merchant="${w.merchant.id}"`);
    expect(snippet).toMatch(/location-key="gp_pub_[\w-]+"/);
    expect(await section.locator('#integration-status').textContent()).toBe('1 origin allowed');
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(page, problems);
    if (!onPostgres) await section.screenshot({ path: 'test-output/screenshots/widget-integration.png' });
    w.shop.setSnippet(snippet.replace('amount-paise="149900"', `amount-paise="${CART_PAISE}"`));
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

const journeys: Array<{ name: string; viewport: Viewport; method: 'cod' | 'gateway' }> = [
  { name: 'phone', viewport: PHONE, method: 'cod' },
  { name: 'phone', viewport: PHONE, method: 'gateway' },
  { name: 'desktop', viewport: DESKTOP, method: 'cod' },
  { name: 'desktop', viewport: DESKTOP, method: 'gateway' },
];
const sessions: Array<{ session_id: string; device: string }> = [];

describe('a buyer on the production bundle', () => {
  for (const j of journeys) {
    const how = j.viewport === PHONE ? 'arrow keys' : 'a pasted geopin and a drag';
    it(`on a ${j.name} (${j.viewport.width} px): code, new address, pin moved by ${how}, ${j.method}`, async () => {
      const detail = await journey({ w, browser, shot }, j.name, j.viewport, j.method);
      sessions.push({ session_id: detail.session_id, device: j.name === 'phone' ? 'mobile' : 'desktop' });
    });
  }
});

describe('the funnel after those checkouts', () => {
  const STEPS = ['checkout_opened', 'otp_sent', 'otp_verified', 'address_entered', 'location_confirmed'];

  it('stores every step with device type, platform and UTM', async () => {
    expect(sessions).toHaveLength(journeys.length);
    for (const s of sessions) {
      const rows = await w.funnelRows(s.session_id);
      expect(rows.map((r) => r.event_type)).toEqual([...STEPS.slice(2), 'payment_selected', 'order_placed']);
      for (const r of rows)
        expect(r).toMatchObject({
          device_type: s.device,
          platform: 'web',
          utm_source: 'instagram',
          utm_campaign: 'insta',
        });
    }
    expect(await w.anonymousFunnelEvents()).toEqual({ checkout_opened: journeys.length, otp_sent: journeys.length });
  });

  it('shows the merchant as many sessions as orders, and each step once per buyer', async () => {
    const n = journeys.length;
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${w.baseUrl}/merchant#funnel`, w.owner, w.smtp);
    const stats = page.locator('#funnel-stats');
    await expect.poll(() => stats.locator('div', { hasText: 'Sessions' }).locator('dd').textContent()).toBe(`${n}`);
    expect(await stats.locator('div', { hasText: 'Widget events' }).locator('dd').textContent()).toBe(`${n * 7}`);
    // Counted by the server from sessions and payments: every buyer paid.
    expect(await stats.locator('div', { hasText: 'Paid or COD' }).locator('dd').textContent()).toBe(`${n}`);
    expect(await stats.locator('div', { hasText: 'Conversion' }).locator('dd').textContent()).toBe('100.0%');
    const table = page.locator('#funnel-table');
    for (const event of [...STEPS, 'payment_selected', 'order_placed'])
      expect(
        await table
          .locator('tr', { hasText: new RegExp(`^event${event}`) })
          .locator('td.num')
          .textContent(),
      ).toBe(`${n}`);
    const utm = page.locator('#sessions-body tr td:last-child');
    await expect
      .poll(() => utm.allTextContents())
      .toEqual(Array(n).fill('source=instagram, medium=social, campaign=insta'));
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('a returning buyer on a phone', () => {
  it('gets a wrong code refused under the field, then lists, adds, edits, defaults and deletes addresses', async () => {
    await returningBuyer({ w, browser, shot }, 'phone.cod@example.com');
  });
});

describe('a buyer typing a locality on a phone', () => {
  it('is shown localities near the pincode typed, and one picked without a pincode brings its pincode', async () => {
    await localitySuggestions({ w, browser, shot }, 'locality.suggestions@example.com');
  });
});

describe('a buyer who mistyped a digit of the pincode', () => {
  it("sees the pin in the locality's pincode, is asked on Confirm, and makes it the address's", async () => {
    await mistypedPincode({ w, browser, shot }, 'mistyped.pincode@example.com');
  });
});

describe('a buyer who typed a pincode in another state than the pin', () => {
  it("is asked on Confirm and takes the pin's pincode, its city and state over those the form filled", async () => {
    await pincodeInAnotherState({ w, browser, shot }, 'other.state@example.com');
  });
});

describe('a buyer whose campaign offer is worth more than the cart', () => {
  it('is not shown it and pays the cart, never a total of ₹0', async () => {
    await wholeCartOffer({ w, browser, shot }, 'whole.cart@example.com');
  });
});

describe('a buyer pasting on a phone', () => {
  it('is told an email lacks its ending; gets the code and pincode without spaces; is told a paste did not fit', async () => {
    await pastingBuyer({ w, browser, shot }, 'pasting.buyer@example.com');
  });
});

describe('a buyer who sees the wrong address at the payment step', () => {
  it('goes back to the map and the address, corrects it, and pays for the corrected one', async () => {
    await backFromPayment({ w, browser, shot }, 'back.from.payment@example.com');
  });
});

describe('a buyer whose total the shop changes while they pay', () => {
  it('is told the payment will be refunded, shown the new total, and pays it', async () => {
    await cartChanged({ w, browser, shot }, 'cart.changed@example.com');
  });
});

describe('a buyer with the checkout open in more tabs, one of which placed the order', () => {
  for (const method of ['cod', 'gateway'] as const)
    it(`is shown the order placed (${method}) in another tab paying or reloaded, and no second one`, async () => {
      await secondTab({ w, browser, shot }, `second.tab.${method}@example.com`, method);
    });
  it('paid at the gateway after the other tab placed the order: is told the payment will be refunded', async () => {
    await paidInSecondTab({ w, browser, shot }, 'paid.second.tab@example.com');
  });
});

describe('a buyer on a slow network', () => {
  it('taps Continue to map twice while the map loads, and has one address saved', async () => {
    await slowNetwork({ w, browser, shot }, 'slow.network@example.com');
  });
});
