// Chromium: the store's origins are edited in Settings and in Integration; a save in either shows in the other without a
// reload, and a field someone has started editing is left alone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { DESKTOP, eventually, openPage } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Origins shop', 'owner@origins.example');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('the store origins in Settings and Integration', () => {
  it('shows a save in one section in the other, and leaves a field being edited alone', async () => {
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#settings`, 'owner@origins.example', smtp);
    // The section links of the page's navigation (the webhook log also links to Settings).
    const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
    const settings = page.locator('#origins-form');
    await settings.getByLabel('Allowed origins').fill('https://one.example');
    await settings.getByRole('button', { name: 'Save' }).click();
    await eventually(() => settings.getByRole('status').textContent()).toBe('1 origin allowed');

    await sections.getByRole('link', { name: 'Integration' }).click();
    const integration = page.locator('#integration');
    const storeOrigins = integration.getByLabel('Store origins');
    await eventually(() => storeOrigins.inputValue()).toBe('https://one.example');
    await integration.locator('pre code').waitFor();

    await storeOrigins.fill('https://one.example\nhttps://two.example');
    await integration.getByRole('button', { name: 'Save origins' }).click();
    await eventually(() => integration.locator('#integration-status').textContent()).toBe('2 origins allowed');
    await sections.getByRole('link', { name: 'Settings' }).click();
    const allowed = settings.getByLabel('Allowed origins');
    await eventually(() => allowed.inputValue()).toBe('https://one.example\nhttps://two.example');

    // Settings has an unsaved edit: a save from Integration does not overwrite it.
    await allowed.fill('https://draft.example');
    await sections.getByRole('link', { name: 'Integration' }).click();
    await storeOrigins.fill('https://three.example');
    await integration.getByRole('button', { name: 'Save origins' }).click();
    await eventually(() => integration.locator('#integration-status').textContent()).toBe('1 origin allowed');
    await sections.getByRole('link', { name: 'Settings' }).click();
    expect(await allowed.inputValue()).toBe('https://draft.example');

    expect((await shop.admin('GET', 'settings')).body.data.allowed_origins).toEqual(['https://three.example']);
    expect(problems).toEqual([]);
  });
});
