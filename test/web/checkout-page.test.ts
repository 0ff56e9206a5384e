// Headless Chromium clicks through the dev checkout page (OTP mail, address, serviceability, pin, payment) and the merchant gets session.completed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { encode } from '../../src/native/digipin.ts';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';
import { verified } from '../support/verified.ts';
import { FAST_WEBHOOKS } from '../payments/support/shop.ts';
import { launchBrowser } from '../support/browser.ts';
import { clientFor, type Call } from '../support/client.ts';
import { datasetDir } from '../support/dataset.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { eventually, startReceiver, type Receiver } from '../webhooks/support/receiver.ts';

const GATEWAY = { keyId: 'rzp_test_page', keySecret: 'sk_page_secret' };
const WEBHOOK_SECRET = 'whsec_checkout_page_0123';
const CART_PAISE = 149_900;
/** In both the full dataset and data/sample. */
const PINCODE = '560001';

let emulator: RunningEmulator;
let receiver: Receiver;
let smtp: TestSmtp;
let server: TestServer;
let call: Call;
let browser: Browser;
let locationKey: string;

beforeAll(async () => {
  emulator = await startGatewayEmulator({ keys: { [GATEWAY.keyId]: GATEWAY.keySecret } });
  receiver = await startReceiver();
  smtp = await startTestSmtp();
  server = await startTestServer({
    ...smtp.env,
    ...FAST_WEBHOOKS,
    DATA_OUT_DIR: datasetDir,
    GATEWAY_BASE_URL: emulator.baseUrl,
    GATEWAY_TIMEOUT_MS: '2000',
  });
  call = clientFor(server);
  locationKey = (
    await server.parts.access.keys.create({
      plan: 'free',
      label: 'checkout page',
      isPublic: true,
      allowedOrigins: [server.baseUrl],
    })
  ).key;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
  await receiver?.close();
  await emulator?.close();
});

interface Merchant {
  id: string;
  key: string;
}

/** A merchant configured the way its admin would: origins, gateway keys, COD and webhook through /checkout-admin. */
async function createMerchant(): Promise<Merchant> {
  const { merchant, apiKey } = await server.parts.checkout.merchants.create('Page shop');
  const admin = async (method: string, action: string, body: unknown) => {
    const res = await call(method, `/checkout-admin?action=${action}`, { headers: { 'x-api-key': apiKey }, body });
    expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  };
  await admin('PATCH', 'settings', { allowed_origins: [server.baseUrl] });
  await admin('PATCH', 'set_payment_config', {
    gateway_key_id: GATEWAY.keyId,
    gateway_secret_key: GATEWAY.keySecret,
    payment_enabled: true,
  });
  await admin('PATCH', 'cod_config', { enable_cod: true });
  await admin('PATCH', 'webhooks', { webhook_url: receiver.url, webhook_secret: WEBHOOK_SECRET });
  return { id: merchant.id, key: apiKey };
}

/**
 * The merchant's server, as the README describes it: told of the buyer's session by session.email_verified, it sets
 * the cart value with its api key, and that is what the page's create_order charges.
 */
async function merchantSetsCart(merchant: Merchant, email: string, amount = CART_PAISE): Promise<void> {
  const verified = () =>
    receiver.requests
      .map(
        (r) =>
          JSON.parse(r.rawBody) as { event: string; merchant_id: string; session_id: string; data: { email?: string } },
      )
      .find((e) => e.event === 'session.email_verified' && e.merchant_id === merchant.id && e.data.email === email);
  await eventually(() => verified() !== undefined, 8_000);
  const res = await call('POST', '/checkout-admin?action=set_session_cart', {
    headers: { 'x-api-key': merchant.key },
    body: { session_id: verified()!.session_id, cart_value_paise: amount },
  });
  expect(res.body).toMatchObject({ success: true, data: { cart_value_paise: amount, cart_value_source: 'merchant' } });
}

/** A fresh browser context whose console, page errors and failed calls are printed if the test fails. */
async function openPage(): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8_000);
  const log: string[] = [];
  page.on('console', (m) => log.push(`[console.${m.type()}] ${m.text()}`));
  page.on('pageerror', (err) => log.push(`[pageerror] ${err.message}`));
  page.on('requestfailed', (r) => log.push(`[requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) log.push(`[http ${r.status()}] ${r.request().method()} ${r.url()}`);
  });
  onTestFailed(async () => {
    const status = await page
      .locator('#status')
      .textContent()
      .catch(() => '(page closed)');
    console.error(`page log:\n${log.join('\n') || '(empty)'}\n#status: ${status}`);
  });
  return page;
}

/** Waits until the element's text matches. */
async function textOf(page: Page, selector: string, pattern: RegExp): Promise<string> {
  await page.waitForFunction(
    ([sel, source]) => new RegExp(source!).test(document.querySelector(sel!)?.textContent ?? ''),
    [selector, pattern.source],
  );
  return (await page.locator(selector).textContent()) ?? '';
}

/** Email OTP (then the merchant sets the cart), address, serviceability and pin, up to the payment step; returns the confirmed geopin. */
async function checkoutUntilPayment(
  page: Page,
  merchant: Merchant,
  email: string,
  charged = CART_PAISE,
): Promise<string> {
  await page.goto(
    `${server.baseUrl}/checkout?merchant_id=${merchant.id}&key=${encodeURIComponent(locationKey)}&amount=${CART_PAISE}`,
  );
  await page.fill('#email', email);
  await page.click('#send-otp');
  await page.fill('#otp', await smtp.nextCode(email));
  await page.click('#verify-otp');

  await page.locator('#step-address').waitFor();
  await merchantSetsCart(merchant, email, charged);
  await page.fill('#name', 'Asha Rao');
  await page.fill('#flat_number', '12');
  await page.fill('#street_name', 'MG Road');
  await page.fill('#pincode', PINCODE);
  await textOf(page, '#pincode-info', /Karnataka/i);
  expect(await page.inputValue('#city')).not.toBe('');
  await page.click('#save-address');
  expect(await textOf(page, '#serviceability', /delivery assumed/)).toContain('not configured');

  await page.locator('#step-pin').waitFor();
  const first = await textOf(page, '#geopin', /^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
  await page.locator('#pin-map').click({ position: { x: 200, y: 30 } });
  const moved = await page.waitForFunction((before) => {
    const text = document.querySelector('#geopin')?.textContent ?? '';
    return text !== before && /^[2-9CFJKLMPT-]{12}$/.test(text) ? text : null;
  }, first);
  const geopin = (await moved.jsonValue()) as string;
  const [lat, lng] = [Number(await page.inputValue('#pin-lat')), Number(await page.inputValue('#pin-lng'))];
  expect(geopin).toBe(encode(lat, lng));
  await page.click('#confirm-pin');
  await page.locator('#step-payment').waitFor();
  return geopin;
}

type Hook = {
  raw: string;
  headers: Record<string, unknown>;
  body: { event: string; merchant_id: string; data: Record<string, unknown> };
};

async function sessionCompleted(merchantId: string): Promise<Hook> {
  const find = () =>
    receiver.requests
      .map((r) => ({ raw: r.rawBody, headers: r.headers, body: JSON.parse(r.rawBody) as Hook['body'] }))
      .find((h) => h.body.merchant_id === merchantId && h.body.event === 'session.completed');
  await eventually(() => find() !== undefined, 8_000);
  return find()!;
}

describe('dev checkout page in headless Chromium', () => {
  it('pays through the gateway emulator and the merchant receives a signed session.completed (gateway)', async () => {
    const merchant = await createMerchant();
    const page = await openPage();
    await checkoutUntilPayment(page, merchant, 'asha.gateway@example.com');
    await page.check('input[name=method][value=gateway]');
    await page.click('#pay');
    const gateway = page.frameLocator('#gateway-frame');
    expect(await gateway.locator('#amount').textContent()).toBe('INR 1499.00');
    await gateway.locator('#pay').click();
    await page.locator('#result[data-payment-method=gateway]').waitFor();
    expect(await page.locator('#result').textContent()).toMatch(/^Paid ₹1,499\.00 online \(pay_\w{14}\)\.$/);

    const hook = await sessionCompleted(merchant.id);
    expect(verified(hook.raw, hook.headers, WEBHOOK_SECRET)).toBe(true);
    expect(hook.body.data).toMatchObject({
      payment_method: 'gateway',
      amount_paise: CART_PAISE,
      gateway_order_id: expect.stringMatching(/^order_/),
    });
    await page.context().close();
  });

  it('keeps keyboard focus in the pay frame, closes it on Escape and gives focus back to Place order', async () => {
    const merchant = await createMerchant();
    const page = await openPage();
    await checkoutUntilPayment(page, merchant, 'asha.keyboard@example.com');
    await page.check('input[name=method][value=gateway]');
    await page.locator('#pay').focus();
    await page.keyboard.press('Enter');
    const gateway = page.frameLocator('#gateway-frame');
    const inFrame = () => gateway.locator('body').evaluate(() => document.activeElement?.id);
    await eventually(async () => (await inFrame()) === 'pay', 8_000);
    const visited = [];
    for (const key of ['Tab', 'Tab', 'Shift+Tab']) visited.push(await page.keyboard.press(key).then(inFrame));
    expect(visited).toEqual(['cancel', 'pay', 'cancel']);
    await page.keyboard.press('Escape');
    expect(await textOf(page, '#status', /cancelled/)).toBe('Payment cancelled');
    expect(await page.locator('#gateway-overlay').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay');
    await page.context().close();
  });

  it('places a cash-on-delivery order and the merchant receives a signed session.completed (cod)', async () => {
    const merchant = await createMerchant();
    const page = await openPage();
    await checkoutUntilPayment(page, merchant, 'asha.cod@example.com');
    expect(await page.locator('#cod-message').textContent()).toBe('Cash on delivery is available');
    await page.check('#method-cod');
    await page.click('#pay');
    await page.locator('#result[data-payment-method=cod]').waitFor();

    const hook = await sessionCompleted(merchant.id);
    expect(verified(hook.raw, hook.headers, WEBHOOK_SECRET)).toBe(true);
    expect(hook.body.data).toEqual({
      payment_method: 'cod',
      amount_paise: CART_PAISE,
      cart_value_paise: CART_PAISE,
      cart_value_source: 'merchant',
      offer: null,
    });
    await page.context().close();
  });

  it('refuses to charge an amount other than the one shown when the merchant set another cart value', async () => {
    const merchant = await createMerchant();
    const page = await openPage();
    await checkoutUntilPayment(page, merchant, 'asha.mismatch@example.com', 99_900);
    await page.check('input[name=method][value=gateway]');
    await page.click('#pay');
    expect(await textOf(page, '#status', /differs/)).toContain('99900');
    expect(await page.locator('#gateway-overlay').isHidden()).toBe(true);
    expect(
      (await call('GET', '/checkout-admin?action=sessions', { headers: { 'x-api-key': merchant.key } })).body.data
        .sessions[0].payment.status,
    ).toBe('none');
    await page.context().close();
  });
});
