// Chromium: a session that ends while the merchant is typing (it expired, or was signed out elsewhere) keeps what was
// typed: after signing in again the offer being edited and the settings come back, secrets excepted, for that person.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { addUser, createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const OWNER = 'owner@drafts.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env });
  shop = await createMerchant(server, 'Drafts shop', OWNER);
  addUser(server, shop.id, 'other@drafts.example');
  await shop.offers({ action: 'create', title: 'Monsoon 5%', discount_type: 'percent', discount_value: 5 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** Ends every merchant console session, as expiry does; the page finds out at its next call. */
const expireSessions = () =>
  server.parts.sql.run(`UPDATE console_sessions SET expires_at = ? WHERE realm = 'merchant'`, [
    new Date(Date.now() - 1000).toISOString(),
  ]);

const offers = async () =>
  ((await shop.offers({ action: 'list' })).offers as Array<{ title: string; discount_value: number }>).map(
    (o) => `${o.title} ${o.discount_value}`,
  );

/** Signs in again on the form the ended session left, as `email` (the form offers the last person's). */
async function signInAgain(page: Page, email: string) {
  await page.locator('#sign-in').waitFor({ state: 'visible' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const mail = await smtp.nextMail(email, 10_000);
  await page.getByLabel('Code from the email').fill(/sign-in code is (\d{6})/.exec(mail.raw)![1]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#app').waitFor({ state: 'visible' });
}

/** What the browser logged, but the refused calls that ended the session. */
const unexpected = (problems: string[]) => problems.filter((p) => !p.includes('401'));

describe('unsaved changes over a new sign-in', () => {
  it('brings back the offer being edited and the webhook typed, not the secret, and saves the edit', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#offers`, OWNER, smtp);
    await page.getByRole('button', { name: 'Edit Monsoon 5%' }).click();
    const form = page.locator('#offer-form');
    await form.getByLabel('Title').fill('Monsoon 7%');
    await form.getByLabel('Discount', { exact: true }).fill('7');
    await page.getByLabel('Endpoint URL').fill('https://hooks.drafts.example/in');
    await page.getByLabel('Signing secret').fill('a-secret-of-twenty-chars');

    await expireSessions();
    await form.getByRole('button', { name: 'Save offer' }).click();
    await signInAgain(page, OWNER);
    await eventually(() => page.locator('#page-status').textContent()).toBe(
      'Changes you had not saved were kept while you signed in again (Edit “Monsoon 5%”; Webhook): check them, ' +
        'then save. A secret you had typed was not kept: type it again.',
    );
    expect(await form.getByLabel('Title').inputValue()).toBe('Monsoon 7%');
    expect(await form.getByLabel('Discount', { exact: true }).inputValue()).toBe('7');
    expect(await page.getByLabel('Endpoint URL').inputValue()).toBe('https://hooks.drafts.example/in');
    expect(await page.getByLabel('Signing secret').inputValue()).toBe('');
    await page.locator('#offer-form').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-offer-draft-kept-phone', false);

    // Saved, the edit changes the offer it was made on: no second offer.
    await form.getByRole('button', { name: 'Save offer' }).click();
    await eventually(() => page.locator('#offers-status').textContent()).toBe('Saved Monsoon 7%');
    expect(await offers()).toEqual(['Monsoon 7% 7']);
    // The audit log reads itself again after a save: a reload before it is done would abort that read.
    await eventually(() => page.locator('#audit-body tr').first().textContent()).toContain('Offer changed');
    // Changes are kept for a session that ended, once: a reload of a live one brings nothing back.
    await page.reload();
    await eventually(() => page.locator('#who').textContent()).toBe(OWNER);
    await page.waitForTimeout(300);
    expect(await page.locator('#page-status').textContent()).toBe('');
    expect(unexpected(problems)).toEqual([]);
  });

  it('gives nothing typed by one person to another who signs in on the same tab', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#offers`, OWNER, smtp);
    await page.locator('#offer-form').getByLabel('Title').fill('Owner only 10%');
    await page.locator('#offer-form').getByLabel('Discount', { exact: true }).fill('10');
    await expireSessions();
    await page.locator('#offer-form').getByRole('button', { name: 'Create offer' }).click();
    await signInAgain(page, 'other@drafts.example');
    await eventually(() => page.locator('#who').textContent()).toBe('other@drafts.example');
    await page.waitForTimeout(300);
    expect(await page.locator('#offer-form').getByLabel('Title').inputValue()).toBe('');
    expect(await page.locator('#page-status').textContent()).toBe('');
    expect(await offers()).toEqual(['Monsoon 7% 7']);
    expect(unexpected(problems)).toEqual([]);
  });
});
