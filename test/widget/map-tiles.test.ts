// The map step with a tile provider (MAP_STYLE_URL): its raster tiles under the pincode outlines while it answers, and
// the server's own outlines alone once it fails, so the buyer can still confirm the pin.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../dashboard/support/page.ts';
import { signInByApi } from '../dashboard/support/sign-in.ts';
import { createMerchant } from '../dashboard/support/merchant-fixture.ts';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { fillAddress, mapReady, pageProblems, PHONE, signIn } from './support/buyer.ts';
import { startShopSite, type ShopSite } from './support/shop-site.ts';
import { startTileServer, type TileServer } from './support/tile-server.ts';

let smtp: TestSmtp;
let tiles: TileServer;
let server: TestServer;
let shop: ShopSite;
let browser: Browser;
let page: Page;
let problems: string[];

beforeAll(async () => {
  smtp = await startTestSmtp();
  tiles = await startTileServer();
  server = await startTestServer({
    ...smtp.env,
    MAP_STYLE_URL: tiles.styleUrl,
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: '1000',
  });
  shop = await startShopSite(server.baseUrl, 'http://127.0.0.1:9', tiles.origin);
  const merchant = await createMerchant(server, 'Tiles Shop', 'owner@tiles.example');
  const user = await signInByApi(server.baseUrl, '/merchant/api', 'owner@tiles.example', smtp);
  const headers = { cookie: user.cookie, 'x-csrf-token': user.csrf, 'content-type': 'application/json' };
  const patched = await fetch(`${server.baseUrl}/checkout-admin?action=settings`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ allowed_origins: [shop.origin] }),
  });
  expect(patched.status).toBe(200);
  const info = await (await fetch(`${server.baseUrl}/merchant/api/integration`, { headers })).json();
  shop.setSnippet(
    `<script type="module" src="${server.baseUrl}/widget/v1/geopin-checkout.js"></script>` +
      `<geopin-checkout merchant="${merchant.id}" location-key="${info.data.widget_key}" amount-paise="99900">` +
      '</geopin-checkout>',
  );
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await server?.dispose();
  await tiles?.close();
  await smtp?.close();
});

describe('the map step with MAP_STYLE_URL', () => {
  it("draws the provider's tiles, credited, under the pincode outlines", async () => {
    ({ page, problems } = await openPage(browser, PHONE));
    await page.goto(shop.origin);
    await signIn(page, smtp, 'tiles@example.com', async () => undefined);
    await fillAddress(
      page,
      { name: 'Meera', phone: '9845012345', pincode: '560038', flat: '3', street: 'CMH Road', locality: 'Indiranagar' },
      { state: 'Karnataka', city: 'Bengaluru' },
    );
    await page.getByRole('button', { name: 'Continue to map' }).click();
    await mapReady(page, '560038');
    await expect.poll(() => tiles.requests.filter((p) => p.startsWith('/tiles/')).length).toBeGreaterThan(0);
    expect(tiles.requests[0]).toBe('/style.json');
    const credits = page.locator('.maplibregl-ctrl-attrib-inner');
    // Both credits, the provider's and ours, once each source has drawn.
    await expect.poll(() => credits.textContent()).toMatch(/© Test tiles.*Pincode boundaries © Department of Posts/);
    expect(await page.locator('.gc-message').textContent()).toBe('');
    expect(pageProblems(problems)).toEqual([]);
  });

  it('falls back to the outlines when the provider stops answering, and the pin can still be confirmed', async () => {
    tiles.setAvailable(false);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect
      .poll(() => page.locator('.gc-message').textContent(), { timeout: 15_000 })
      .toBe('Map tiles are unavailable; showing pincode outlines.');
    await mapReady(page, '560038');
    await page.getByRole('button', { name: 'Confirm this location' }).click();
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    // The refused style request, as the browser logs it, and nothing else.
    expect(pageProblems(problems)).toEqual([
      '[console.error] Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
    ]);
  });
});
