// The merchant console by keyboard and on a 320 px phone: the import form keeps focus on its button while it sends; an
// order of a buyer with a long email address fits the screen.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { REVIEW_SHOTS, reviewShot } from '../support/review-shot.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, customerCsv, placeOrder, type MerchantFixture } from './support/merchant-fixture.ts';
import { eventually, horizontalOverflow, openPage } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

const NARROW = { width: 320, height: 640 };
const USER = 'owner@narrow.example';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Narrow Shop', USER);
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** The id and text of the focused element ("BODY" when focus fell to the page). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? 'BODY' : `${el.tagName} ${el.textContent?.trim() ?? ''}`;
  });

describe('the merchant console by keyboard', () => {
  it('keeps focus on Upload while an import is sent, and says how it went', async () => {
    const { page, problems } = await openPage(browser, NARROW);
    await signInByMail(page, `${server.baseUrl}/merchant#import`, USER, smtp);
    // A slow network: the batch takes a second to answer.
    await page.route('**/checkout-admin?action=import_customers', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'few.csv', mimeType: 'text/csv', buffer: customerCsv(3, 0) });
    const upload = page.getByRole('button', { name: 'Upload' });
    await upload.focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('#import-status').textContent()).toBe('Importing 3 rows in 1 batch…');
    expect(await focused(page)).toBe('BUTTON Upload');
    expect(await upload.isDisabled()).toBe(true);
    await reviewShot(page, 'merchant-import-busy-320');
    // Pressed again meanwhile, it sends nothing twice.
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('#import-status').textContent()).toBe('Done: 3 rows sent');
    expect(await focused(page)).toBe('BUTTON Upload');
    expect(await upload.isDisabled()).toBe(false);
    expect(await page.locator('#import-body tr', { hasText: 'few.csv' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** Text in the order's card that reaches past its padding, tables that scroll in their own region aside. */
const pastTheCard = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('#order')!;
    const edge = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
    return [...card.querySelectorAll('*')]
      .filter((el) => !el.closest('.table-wrap') && el.getBoundingClientRect().right > edge + 0.5)
      .map((el) => `${el.tagName} ${el.textContent?.slice(0, 40)}`);
  });

describe('the merchant console on a 320 px phone', () => {
  it("wraps an order's heading with a long email, and its event names, instead of scrolling sideways", async () => {
    const email = 'kavya.subramanian.wholesale.orders@kanchipuram-silks.example.co.in';
    const { sessionId } = await placeOrder(server, smtp, shop, {
      email,
      cartPaise: 129_900,
      pincode: '560001',
      street: 'MG Road',
    });
    const { page, problems } = await openPage(browser, NARROW);
    await signInByMail(page, `${server.baseUrl}/merchant#order/${sessionId}`, USER, smtp);
    const title = page.getByRole('heading', { name: `Order of ${email}` });
    await title.waitFor();
    await eventually(() => page.locator('#order .facts').first().textContent()).toContain(sessionId);
    expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    for (const summary of await page.locator('#order details.webhook summary').all()) await summary.click();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await pastTheCard(page)).toEqual([]);
    await reviewShot(page, 'merchant-order-heading-320');
    await page.screenshot({ path: `${REVIEW_SHOTS}/merchant-order-320-full.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
