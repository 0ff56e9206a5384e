// Chromium: a first-time shop owner's mistakes in Settings, Integration and Offers are said under the field they
// concern, in plain words naming the bad entries; the field is marked and focused, old errors go, and "nothing was
// saved" is said.
import type { Browser, Locator, Page } from 'playwright-core';
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
const USER = 'owner@mistakes.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Mistakes shop', USER);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** The words under a field, whether it is marked invalid, and whether it has focus. */
async function problemOf(page: Page, field: Locator) {
  const id = (await field.getAttribute('id'))!;
  const note = page.locator(`#${id}-error`);
  return {
    words: (await note.count()) ? await note.textContent() : null,
    invalid: await field.getAttribute('aria-invalid'),
    describedBy: (await field.getAttribute('aria-describedby'))?.split(' ').includes(`${id}-error`) ?? false,
    focused: await field.evaluate((el) => el === document.activeElement),
  };
}

describe('form errors in the merchant console, in Chromium', () => {
  it('webhook URL: says before saving it must be https on the internet, then why a URL was refused', async () => {
    const { page, problems } = await openPage(browser, LAPTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#settings`, USER, smtp);
    const form = page.locator('#webhook-form');
    const url = form.getByLabel('Endpoint URL');
    const hint = (await form.locator('#webhook-url-hint').textContent())!;
    expect(hint).toContain('An https:// address on the internet');
    expect(hint).toContain('docs/webhooks.md, “Testing against a local or staging receiver”');

    await url.fill('http://shop.example/hooks');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => problemOf(page, url)).toEqual({
      words: 'The address must start with https:// (for example https://shop.example/hooks).',
      invalid: 'true',
      describedBy: true,
      focused: true,
    });
    expect(await form.getByRole('status').textContent()).toBe('Nothing was saved: fix the field marked above.');

    await url.fill('https://10.0.0.7/hooks');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => problemOf(page, url).then((p) => p.words)).toContain(
      'This address is on this computer or a private network',
    );
    // One message at a time: the old one went when the new attempt was made.
    expect(await form.locator('.field-error').count()).toBe(1);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-errors-webhook-laptop', false);

    await url.fill('https://shop.example/hooks');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.getByRole('status').textContent()).toBe('Webhooks go to https://shop.example/hooks');
    expect(await problemOf(page, url)).toMatchObject({ words: null, invalid: null, describedBy: false });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });

  it('blocked pincodes: names every bad entry, keeps "560 001" whole, shows the cleaned list once saved', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#settings`, USER, smtp);
    const form = page.locator('#cod-form');
    const box = form.getByLabel('Pincodes without COD');
    await form.getByLabel('Offer cash on delivery').check();
    await box.fill('560001, 56001; abc\n110 001 560001\n400001 5600012');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => problemOf(page, box)).toEqual({
      words: 'These are not 6-digit pincodes: 56001, abc, 5600012',
      invalid: 'true',
      describedBy: true,
      focused: true,
    });
    expect(await form.getByRole('status').textContent()).toBe('Nothing was saved: fix the field marked above.');
    expect((await shop.admin('GET', 'cod_config')).body.data.enable_cod).toBe(false);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-errors-pincodes-phone', false);

    // Six digits India Post does not know: said as that, not as "not a 6-digit pincode: not in the directory: …".
    await box.fill('560001 999999');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => problemOf(page, box)).toMatchObject({
      words: 'India Post has no pincode 999999: check it, or leave it out.',
      invalid: 'true',
    });

    await box.fill('560001, 560 002; 110001\n560001  400001');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.getByRole('status').textContent()).toBe('COD on; 4 pincodes blocked');
    expect(await box.inputValue()).toBe('560001\n560002\n110001\n400001');
    expect(await problemOf(page, box)).toMatchObject({ words: null, invalid: null });
    expect((await shop.admin('GET', 'cod_config')).body.data.cod_blocked_pincodes).toEqual([
      '560001',
      '560002',
      '110001',
      '400001',
    ]);
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });

  it('payment gateway: switched off without the secret, which a change of key id still asks for', async () => {
    // Every save asked for the secret again ("it is needed to save any change here"), switching off in an outage too.
    const keys = { gateway_key_id: 'rzp_test_switch', gateway_secret_key: 'switch-secret-value' };
    expect((await shop.admin('PATCH', 'set_payment_config', keys)).status).toBe(200);
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#settings`, USER, smtp);
    const form = page.locator('#payment-form');
    await form.getByLabel('Take payments at checkout').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.getByRole('status').textContent()).toBe('Online payments off');
    expect((await shop.admin('GET', 'get_payment_config')).body.data).toMatchObject({
      payment_enabled: false,
      gateway_key_id: 'rzp_test_switch',
      gateway_secret_key_set: true,
    });

    const secret = form.getByLabel('Gateway key secret');
    await form.getByLabel('Gateway key id').fill('rzp_live_other');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => problemOf(page, secret)).toMatchObject({
      words: 'Enter the key secret: it is needed to change the key id.',
      invalid: 'true',
    });
    expect((await shop.admin('GET', 'get_payment_config')).body.data.gateway_key_id).toBe('rzp_test_switch');
    expect(problems).toEqual([]);
  });

  it('origins in Settings and Integration: each bad entry in words, saying how to write it', async () => {
    const { page, problems } = await openPage(browser, LAPTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#settings`, USER, smtp);
    const form = page.locator('#origins-form');
    const origins = form.getByLabel('Allowed origins');
    await origins.fill('chaishop.in\nhttps://ok.example\nhttps://shop.example/checkout');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => problemOf(page, origins)).toEqual({
      words:
        'Not a web address: chaishop.in — write it as https://chaishop.in' +
        'Only the site, not a page: https://shop.example/checkout — write it as https://shop.example',
      invalid: 'true',
      describedBy: true,
      focused: true,
    });
    expect((await shop.admin('GET', 'settings')).body.data.allowed_origins).toEqual([]);

    // A refusal the server makes is said in words too, under its own field.
    await origins.fill('https://ok.example');
    const coverage = form.getByLabel('Courier coverage URL');
    await coverage.fill('https://10.0.0.7/coverage');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => problemOf(page, coverage).then((p) => p.words)).toContain('private network');
    expect(await problemOf(page, origins)).toMatchObject({ words: null, invalid: null });

    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: 'Integration' })
      .click();
    const store = page.locator('#integration').getByLabel('Store origins');
    await store.fill('shop2.example');
    await page.getByRole('button', { name: 'Save origins' }).click();
    await eventually(() => problemOf(page, store)).toEqual({
      words: 'Not a web address: shop2.example — write it as https://shop2.example',
      invalid: 'true',
      describedBy: true,
      focused: true,
    });
    expect(await page.locator('#integration-status').textContent()).toBe(
      'Nothing was saved: fix the field marked above.',
    );
    await page.locator('#integration').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-errors-integration-laptop', false);
    expect(await axeViolations(page)).toEqual([]);
    // The server's refusal of the coverage URL, as the browser logs it.
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });

  it('offers: a blank title and a last day before the first are said under their fields', async () => {
    const { page, problems } = await openPage(browser, LAPTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#offers`, USER, smtp);
    const title = page.getByLabel('Title', { exact: true });
    const until = page.getByLabel('Show until (optional)');
    await title.fill('   ');
    await page.getByLabel('Discount', { exact: true }).fill('10');
    await page.getByLabel('Show from (optional)').fill('2030-11-05');
    await until.fill('2030-10-20');
    await page.getByRole('button', { name: 'Create offer' }).click();
    expect(await problemOf(page, title)).toEqual({
      words: 'Give the offer a title.',
      invalid: 'true',
      describedBy: true,
      focused: true,
    });
    expect(await problemOf(page, until)).toMatchObject({
      words: 'The last day must be on or after the first day (Show from).',
      invalid: 'true',
    });
    expect(await page.locator('#offers-status').textContent()).toBe('Nothing was saved: fix the fields marked above.');
    await page.locator('#offer-form').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-errors-offer-laptop', false);

    await title.fill('Diwali');
    await until.fill('2030-11-20');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await eventually(() => page.locator('#offers-status').textContent()).toBe('Offer created');
    expect(await page.locator('#offer-form .field-error').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
