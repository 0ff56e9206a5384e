// Chromium on a phone and a desktop: edit an offer, schedule it and switch it off; rotate the merchant's api key; both
// changes land in the audit log with who made them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { axeViolations, DESKTOP, eventually, horizontalOverflow, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
const shops: Record<string, MerchantFixture> = {};

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  for (const device of ['desktop', 'phone'])
    shops[device] = await createMerchant(server, `Shop ${device}`, `${device}@shop.example`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

const offers = async (shop: MerchantFixture) => {
  const res = await fetch(`${server.baseUrl}/checkout-offers`, {
    method: 'POST',
    headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'list' }),
  });
  return ((await res.json()) as { data: { offers: Array<Record<string, any>> } }).data.offers;
};

describe('offers and the api key in Chromium', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: edits and schedules an offer, then switches it off`, async () => {
      const shop = shops[device]!;
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#offers`, `${device}@shop.example`, smtp);
      await page.getByLabel('Title', { exact: true }).fill('Diwali 10% off');
      await page.getByLabel('Description (optional)').fill('10% off every order this Diwali');
      // A percent is whole: 12.5 is refused by the browser, not saved as 13.
      const value = page.getByLabel('Discount', { exact: true });
      await value.fill('12.5');
      await page.getByRole('button', { name: 'Create offer' }).click();
      expect(await value.evaluate((input: HTMLInputElement) => input.validity.stepMismatch)).toBe(true);
      await value.fill('100');
      expect(await value.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
      expect(await offers(shops[device]!)).toEqual([]);
      await value.fill('10');
      await page.getByRole('button', { name: 'Create offer' }).click();
      const row = page.locator('#offers-body tr').first();
      await eventually(() => row.textContent()).toContain('Diwali 10% off10%');

      await page.getByRole('button', { name: 'Edit Diwali 10% off' }).click();
      expect(await page.locator('#offer-form-title').textContent()).toBe('Edit “Diwali 10% off”');
      // The description buyers read under the title is edited with the discount it describes.
      const description = page.getByLabel('Description (optional)');
      expect(await description.inputValue()).toBe('10% off every order this Diwali');
      await description.fill('₹150 off orders over ₹1,499.50');
      await page.getByLabel('Title', { exact: true }).fill('Diwali ₹150 off');
      await page.getByLabel('Discount type').selectOption('flat');
      await page.getByLabel('Discount', { exact: true }).fill('150');
      await page.getByLabel('Minimum cart (₹, optional)').fill('1499.50');
      await page.getByLabel('Show from (optional)').fill('2030-10-20');
      await page.getByLabel('Show until (optional)').fill('2030-11-05');
      await page.getByRole('button', { name: 'Save offer' }).click();
      await eventually(() => page.locator('#offers-status').textContent()).toBe('Saved Diwali ₹150 off');
      // The audit log lists the change at once, without a reload.
      await eventually(() => page.locator('#audit-body tr').first().textContent()).toContain(
        'Offer changed“Diwali ₹150 off”',
      );
      const text = (await row.textContent())!;
      expect(text).toContain('Diwali ₹150 off₹150₹1,499.50any');
      expect(text).toMatch(/20 Oct 2030, 00:00 IST – 05 Nov 2030, 23:59 IST/);
      expect(text).toContain('scheduled');
      const [saved] = await offers(shop);
      expect(saved).toMatchObject({
        title: 'Diwali ₹150 off',
        description: '₹150 off orders over ₹1,499.50',
        discount_type: 'flat',
        discount_value: 15_000,
        min_cart_value_paise: 149_950,
        active: true,
        // Whole days in IST, the default time zone.
        starts_at: '2030-10-19T18:30:00.000Z',
        ends_at: '2030-11-05T18:29:59.999Z',
      });

      await page.getByRole('button', { name: 'Switch off Diwali ₹150 off' }).click();
      await eventually(() => page.locator('#offers-status').textContent()).toBe('Diwali ₹150 off is off');
      expect((await offers(shop))[0]!.active).toBe(false);
      expect(await page.getByRole('button', { name: 'Switch on Diwali ₹150 off' }).count()).toBe(1);

      if (device === 'phone') expect(await horizontalOverflow(page)).toBe(0);
      await page.locator('#offers').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-offers-${device}-screen`, false);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });

    it(`on a ${device}: keeps what the form does not show of an offer edited`, async () => {
      // The form shows only utm_campaign and whole IST days: saving a title change sent utm_rules with utm_campaign
      // alone (a discount for Instagram buyers became one for every buyer) and moved a UTC end to an IST day's end.
      const shop = shops[device]!;
      const created = {
        title: 'Instagram 10% off',
        discount_type: 'percent',
        discount_value: 10,
        utm_rules: { utm_source: 'instagram', utm_campaign: 'diwali' },
        starts_at: '2030-10-15T00:00:00.000Z',
        ends_at: '2030-11-05T23:59:59.000Z',
      };
      const res = await fetch(`${server.baseUrl}/checkout-offers`, {
        method: 'POST',
        headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'create', ...created }),
      });
      expect(res.status).toBe(200);
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#offers`, `${device}@shop.example`, smtp);
      await page.getByRole('button', { name: 'Edit Instagram 10% off' }).click();
      const campaign = page.getByLabel('Only for utm_campaign (optional)');
      expect(await campaign.inputValue()).toBe('diwali');
      expect(await page.locator('#offer-campaign-hint').textContent()).toContain(
        'Also only for utm_source=instagram (set through the API; kept).',
      );
      await page.getByLabel('Title', { exact: true }).fill('Instagram fans 10% off');
      await page.getByRole('button', { name: 'Save offer' }).click();
      await eventually(() => page.locator('#offers-status').textContent()).toBe('Saved Instagram fans 10% off');
      const saved = () => offers(shop).then((all) => all.find((o) => o.title.startsWith('Instagram'))!);
      expect(await saved()).toMatchObject({ ...created, title: 'Instagram fans 10% off' });

      // The campaign emptied: the source rule stays.
      await page.getByRole('button', { name: 'Edit Instagram fans 10% off' }).click();
      await campaign.fill('');
      await page.getByRole('button', { name: 'Save offer' }).click();
      await eventually(() => page.locator('#offers-status').textContent()).toBe('Saved Instagram fans 10% off');
      expect((await saved()).utm_rules).toEqual({ utm_source: 'instagram' });
      expect(problems).toEqual([]);
    });

    it(`on a ${device}: rotates the api key, shows the new one once, and logs who did it`, async () => {
      const shop = shops[device]!;
      const oldKey = shop.apiKey;
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#keys`, `${device}@shop.example`, smtp);
      expect(await page.locator('#merchant-id').textContent()).toBe(shop.id);
      const rows = page.locator('#merchant-keys-body tr');
      await eventually(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(`${oldKey.slice(0, 12)}…`);

      await page.getByLabel('Old key keeps working for').selectOption('1');
      await page.getByRole('button', { name: 'Rotate key' }).click();
      const newKey = (await page.locator('#rotated-key-value').textContent())!;
      expect(newKey).toMatch(/^ck_/);
      await eventually(() => rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toContain('active');
      expect(await rows.nth(1).textContent()).toContain('works until the overlap ends');
      const settings = (key: string) =>
        fetch(`${server.baseUrl}/checkout-admin?action=settings`, { headers: { 'x-api-key': key } });
      expect((await settings(newKey)).status).toBe(200);
      expect((await settings(oldKey)).status).toBe(200);
      shop.apiKey = newKey;

      await page.getByRole('link', { name: 'Audit log' }).click();
      // Listed at once (a reload while the log is read again would abort that read), and still after a reload.
      const latest = page.locator('#audit-body tr').first();
      await eventually(() => latest.textContent()).toContain('API key rotated');
      await page.reload();
      await page.locator('#app').waitFor({ state: 'visible' });
      await eventually(() => latest.textContent()).toContain('API key rotated');
      expect(await latest.getAttribute('data-action')).toBe('rotate_api_key');
      expect(await latest.textContent()).toContain(`${device}@shop.example`);
      expect(await latest.textContent()).toContain('Old key kept working for: — → 1 hour');

      if (device === 'phone') expect(await horizontalOverflow(page)).toBe(0);
      await page.locator('#keys').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-keys-${device}-screen`, false);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
