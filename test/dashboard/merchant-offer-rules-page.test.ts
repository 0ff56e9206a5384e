// Chromium: the offers section says which offer a buyer gets when several match, warns when a saved offer overlaps
// another switched on with the same priority and rules, and warns (without refusing) when its last day has passed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { axeViolations, eventually, LAPTOP, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@offer-rules.example';

const offers = async (body: Record<string, unknown>) => {
  const res = await fetch(`${server.baseUrl}/checkout-offers`, {
    method: 'POST',
    headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: any }).data;
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Offer rules shop', USER);
  await offers({
    action: 'create',
    title: 'Diwali 10%',
    discount_type: 'percent',
    discount_value: 10,
    utm_rules: { utm_campaign: 'diwali' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('which offer a buyer gets, in Chromium', () => {
  it('says the rule, and warns when a new offer overlaps one with the same priority and campaign', async () => {
    const { page, problems } = await openPage(browser, LAPTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#offers`, USER, smtp);
    const rule = (await page.locator('#offers-rule').textContent())!;
    expect(rule).toBe(
      'When several offers match a buyer, the buyer gets one: the highest priority; among equal priorities, the one ' +
        'with more UTM rules (an offer for a campaign beats one for everyone); then the newest.',
    );
    const warning = page.locator('#offers-warning');
    await page.getByLabel('Title', { exact: true }).fill('Diwali ₹200');
    await page.getByLabel('Discount type').selectOption('flat');
    await page.getByLabel('Discount', { exact: true }).fill('200');
    await page.getByLabel('Only for utm_campaign (optional)').fill('Diwali');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await eventually(() => page.locator('#offers-status').textContent()).toBe('Offer created');
    await eventually(() => warning.textContent()).toBe(
      '“Diwali ₹200” overlaps “Diwali 10%”: the same priority (0) and UTM rules (utm_campaign=diwali), shown at the ' +
        'same time. A buyer both match gets only the newest, “Diwali ₹200”.',
    );
    expect(await warning.isVisible()).toBe(true);
    await page.locator('#offers').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-offer-overlap-laptop', false);
    expect(await axeViolations(page)).toEqual([]);

    // A higher priority settles it: no warning once saved.
    await page.getByRole('button', { name: 'Edit Diwali ₹200' }).click();
    await page.getByLabel('Priority').fill('1');
    await page.getByRole('button', { name: 'Save offer' }).click();
    await eventually(() => page.locator('#offers-status').textContent()).toBe('Saved Diwali ₹200');
    expect(await warning.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('warns, without refusing, when the last day has passed', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#offers`, USER, smtp);
    await page.getByLabel('Title', { exact: true }).fill('Last year');
    await page.getByLabel('Discount', { exact: true }).fill('5');
    const until = page.getByLabel('Show until (optional)');
    await until.fill('2024-10-20');
    const note = page.locator('#offer-ends-past');
    await eventually(() => note.textContent()).toBe('This day has passed: buyers will not see the offer.');
    expect((await until.getAttribute('aria-describedby'))!.split(' ')).toContain('offer-ends-past');
    expect(await until.getAttribute('aria-invalid')).toBe(null);
    await until.scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-offer-ends-note-phone', false);
    await page.getByRole('button', { name: 'Create offer' }).click();
    await eventually(() => page.locator('#offers-status').textContent()).toBe('Offer created');
    expect(await page.locator('#offers-warning').textContent()).toBe(
      '“Last year” ended on 20 Oct 2024, 23:59 IST: buyers will not see it.',
    );
    expect((await offers({ action: 'list' })).offers.map((o: { title: string }) => o.title)).toContain('Last year');
    // Its row said "now – 20 Oct 2024": an offer without a start shows until its end, and its state says it ended.
    const row = page.locator('#offers-body tr', { hasText: 'Last year' });
    expect(await row.locator('td[data-label="Shown"]').textContent()).toBe('until 20 Oct 2024, 23:59 IST');
    expect(await row.locator('td[data-label="State"]').textContent()).toBe('ended');
    await page.locator('#offers-warning').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-offer-ended-phone', false);
    expect(problems).toEqual([]);
  });
});
