// A buyer on a phone whose network drops just after paying at the gateway: the widget's verify gets no answer. The
// widget says the payment was received, offers no other way to pay (a second one would charge them twice), asks again
// until the service answers, also after a reload, and then finishes as usual.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { mapReady, pageProblems, signIn } from './support/buyer.ts';
import { savedAddresses } from './support/keyboard.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';
import { openTouchPage, tapAt } from './support/touch.ts';

let w: SourceWorld;
let browser: Browser;

beforeAll(async () => {
  w = await startSourceWorld();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

const HOME = { name: 'Asha Rao', phone: '9845012345', flat_number: '12', street_name: 'CMH Road', pincode: '560038' };

/** A returning buyer on a touch phone, at "Review and pay" with the saved address and the pin where it starts. */
async function atPayment(email: string) {
  await savedAddresses(w, email, [HOME]);
  const opened = await openTouchPage(browser);
  const { page } = opened;
  await page.goto(`${w.shop.origin}/`);
  await signIn(page, w.smtp, email, () => Promise.resolve());
  await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
  await mapReady(page, '560038');
  await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
  return opened;
}

/**
 * The network between the phone and the service, for verify only: `down` drops each verify before it arrives; `lost`
 * lets it arrive and drops the answer. Counts the verify calls the widget made.
 */
async function flakyVerify(page: Page, { down = true, lost = false } = {}) {
  const net = { down, lost, calls: 0 };
  await page.route('**/checkout-payment', async (route: Route) => {
    if (!route.request().postData()?.includes('"verify"')) return route.continue();
    net.calls++;
    if (net.lost) await route.fetch();
    return net.down || net.lost ? route.abort('internetdisconnected') : route.continue();
  });
  return net;
}

/** Taps Pay and pays on the gateway's page. */
async function payOnline(page: Page) {
  await tapAt(page, page.getByRole('button', { name: 'Pay ₹1,499.00' }));
  await tapAt(page, page.frameLocator('.gc-overlay iframe').locator('#pay'));
}

/** The page's problems but the verify calls the network dropped, as the browser logs them. */
const besidesDrops = (problems: string[]) =>
  pageProblems(problems).filter((p) => !/checkout-payment|ERR_INTERNET_DISCONNECTED/.test(p));

/** What the shop's page heard from the widget's completion callback. */
async function completion(page: Page): Promise<Record<string, unknown>> {
  await expect.poll(() => page.locator('#completed').textContent()).not.toBe('');
  return JSON.parse((await page.locator('#completed').textContent())!) as Record<string, unknown>;
}

/** The ways to pay the buyer can see: payment cards and the Pay, Place order and Back buttons. */
async function waysToPay(page: Page): Promise<string[]> {
  const controls = page
    .locator('geopin-checkout')
    .locator('input[type=radio], button[type=submit], .gc-actions button');
  const shown: string[] = [];
  for (const c of await controls.all())
    if (await c.isVisible()) shown.push((await c.getAttribute('value')) ?? (await c.textContent()) ?? '');
  return shown.filter((name) => name !== 'Check now');
}

describe('a buyer whose confirmation is lost after paying at the gateway', () => {
  it('is told the payment was received, offered no other way to pay, and finishes once back online', async () => {
    const { page, problems } = await atPayment('lost.answer@example.com');
    const net = await flakyVerify(page);
    await payOnline(page);

    const said = page.locator('.gc-confirming');
    await expect.poll(() => said.textContent()).toContain('The checkout service did not answer; trying again in 2 s.');
    expect(await said.locator('p').first().textContent()).toBe(
      'Your payment of ₹1,499.00 was received. It is being confirmed with the shop: you do not need to pay again.',
    );
    // The QA tester's next tap was Cash on delivery: there is none to tap, nor Pay or Back.
    expect(await waysToPay(page)).toEqual([]);
    await reviewShot(page, 'widget-payment-confirming-390');

    // The phone loses its network altogether; the widget keeps trying, and says it waits for the network.
    await expect.poll(() => net.calls, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await page.context().setOffline(true);
    await expect
      .poll(() => said.textContent(), { timeout: 10_000 })
      .toContain('You are offline; trying again as soon as you are back online.');
    expect(await waysToPay(page)).toEqual([]);
    await reviewShot(page, 'widget-payment-confirming-offline-390');

    // Back online: verify is asked at once (the next try was 8 s away) and the order is placed as usual.
    net.down = false;
    const back = Date.now();
    await page.context().setOffline(false);
    await page.locator('.gc-done[data-payment-method=gateway]').waitFor({ timeout: 3000 });
    expect(Date.now() - back).toBeLessThan(3000);
    expect(await page.locator('.gc-done p').first().textContent()).toBe(
      'Thank you! Your order is placed. Payment of ₹1,499.00 received.',
    );
    const detail = await completion(page);
    expect(detail).toMatchObject({ payment_method: 'gateway', amount_paise: 149_900 });
    expect(detail.gateway_payment_id).toMatch(/^pay_/);
    expect(detail.already_placed).toBeUndefined();
    await reviewShot(page, 'widget-payment-confirmed-390');
    expect(besidesDrops(problems)).toEqual([]);
    await page.context().close();
  });

  it('reloaded while the payment waits, confirms it rather than offer the addresses and payment again', async () => {
    const { page, problems } = await atPayment('lost.reload@example.com');
    const net = await flakyVerify(page);
    await payOnline(page);
    await page.locator('.gc-confirming').waitFor();

    // An impatient buyer reloads: the tab confirms the payment it made, and offers nothing to pay with.
    await page.reload();
    await page.getByRole('heading', { name: 'Confirming your payment' }).waitFor();
    await expect.poll(() => page.locator('.gc-confirming').textContent()).toContain('trying again in 2 s');
    expect(await page.getByRole('heading', { name: 'Where should we deliver?' }).count()).toBe(0);
    expect(await waysToPay(page)).toEqual([]);
    await reviewShot(page, 'widget-payment-confirming-reloaded-390');

    net.down = false;
    await tapAt(page, page.getByRole('button', { name: 'Check now' }));
    await page.locator('.gc-done[data-payment-method=gateway]').waitFor();
    expect(await page.locator('.gc-done p').first().textContent()).toContain('Thank you! Your order is placed.');
    expect(await completion(page)).toMatchObject({ payment_method: 'gateway', amount_paise: 149_900 });
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(besidesDrops(problems)).toEqual([]);
    await page.context().close();
  });

  it('reloaded after the service recorded its payment, the answer lost, shows the order as its own', async () => {
    const { page, problems } = await atPayment('lost.recorded@example.com');
    await flakyVerify(page, { down: false, lost: true });
    await payOnline(page);
    await page.locator('.gc-confirming').waitFor();

    // The service has the payment and the order placed; the tab never heard. Reloaded, it asks how the order was
    // placed: by the payment its gateway reported, so by this tab, not "in this tab or another one".
    await page.reload();
    const done = page.locator('.gc-done[data-payment-method=gateway]');
    await done.waitFor();
    expect(await page.getByRole('heading', { level: 3 }).textContent()).toBe('Order placed');
    expect(await done.locator('p').allTextContents()).toEqual([
      'Thank you! Your order is placed. Payment of ₹1,499.00 received.',
      expect.stringMatching(/^Delivery to geopin [0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{4}$/),
      expect.stringMatching(/^Order reference [0-9a-f]{8}$/),
    ]);
    expect(await page.getByRole('button', { name: 'Start a new checkout' }).count()).toBe(0);
    const detail = await completion(page);
    expect(detail).toMatchObject({ payment_method: 'gateway', amount_paise: 149_900 });
    expect(detail.gateway_payment_id).toMatch(/^pay_/);
    expect(detail.already_placed).toBeUndefined();
    await reviewShot(page, 'widget-payment-own-order-reloaded-390');
    expect(besidesDrops(problems)).toEqual([]);
    await page.context().close();
  });
});
