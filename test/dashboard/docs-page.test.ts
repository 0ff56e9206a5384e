// /docs renders this server's /openapi.json with Swagger UI served from the npm package: no other host, no CSP violation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { axeViolations, DESKTOP, eventually, openPage, PHONE, screenshot } from './support/page.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('GET /docs', () => {
  it('renders every operation of /openapi.json from files this server ships, under a strict CSP', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    const { page, problems, hosts } = await openPage(browser);
    const response = await page.goto(`${server.baseUrl}/docs`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await eventually(() => page.locator('.opblock').count(), 20_000).toBe(operations);
    expect(await page.locator('.opblock-summary-path').allTextContents()).toContain('/checkout-admin');
    await page.locator('.opblock-summary-path', { hasText: '/v1/geopin/encode' }).first().click();
    await eventually(() => page.locator('.opblock.is-open .parameters').count()).toBeGreaterThan(0);
    await screenshot(page, 'docs');
    expect([...hosts]).toEqual([new URL(server.baseUrl).host]);
    expect(problems).toEqual([]);
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`passes the accessibility checks on a ${name}, Swagger UI included, with operations and schemas open`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      await page.goto(`${server.baseUrl}/docs`);
      await eventually(() => page.locator('.opblock').count(), 20_000).toBeGreaterThan(10);
      expect(await axeViolations(page)).toEqual([]);
      for (const path of ['/checkout-offers', '/checkout-admin', '/v1/geopin/encode', '/v1/location/lookup']) {
        await page.locator('.opblock-summary-path', { hasText: path }).first().click();
        await eventually(() => page.locator('.opblock.is-open').count()).toBeGreaterThan(0);
      }
      // The Schemas section is open from the start; one schema is expanded too.
      await page.locator('.models.is-open .json-schema-2020-12-accordion').first().click();
      await eventually(() => page.locator('.models .json-schema-2020-12-body').count()).toBeGreaterThan(0);
      // No exclusions: contrast, nested controls and scrollable samples are fixed by the page's styles.
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      if (name === 'phone') {
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, 'docs-phone', false);
      }
    });
  }

  it('gives each ?action= its own realistic example body, picked from a list', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.baseUrl}/docs#/checkout-admin/postCheckoutOffers`);
    const op = page.locator('#operations-checkout-admin-postCheckoutOffers');
    await eventually(() => op.locator('.opblock-body').count(), 20_000).toBe(1);
    const list = op.getByRole('combobox', { name: 'Example request body of /checkout-offers' });
    expect(await list.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^create/), expect.stringMatching(/^update/)]),
    );
    const sample = () => op.locator('.body-param__example, .highlight-code').first().textContent();
    await list.selectOption({ label: (await list.locator('option', { hasText: /^create/ }).textContent())! });
    await eventually(sample).toContain('"Diwali 10% off"');
    expect(await sample()).toContain('"action": "create"');
    await list.selectOption({ label: (await list.locator('option', { hasText: /^update/ }).textContent())! });
    await eventually(sample).toContain('"offer_id": "b2d4f6a8-3e5c-4d7b-8a9f-1c2e3d4f5a6b"');
    expect(await sample()).not.toMatch(/additionalProp|-9007199254740991|"string"/);
    await op.scrollIntoViewIfNeeded();
    await screenshot(page, 'docs-examples', false);
    expect(problems).toEqual([]);
  });

  it('searches operations by path, action or word and says how many match', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/docs`);
    await eventually(() => page.locator('.opblock').count(), 20_000).toBeGreaterThan(10);
    const search = page.getByRole('searchbox', { name: 'Search the API' });
    await search.fill('import_errors');
    await eventually(() => page.locator('.opblock:not(.docs-hidden) .opblock-summary-path').allTextContents()).toEqual([
      '/checkout-admin',
    ]);
    await search.fill('pincode/validate');
    await eventually(() => page.locator('.opblock:not(.docs-hidden)').count()).toBe(1);
    expect(await page.locator('#docs-search-count').textContent()).toMatch(/^1 of \d+ operations$/);
    await search.fill('no such thing at all');
    await eventually(() => page.locator('.opblock:not(.docs-hidden)').count()).toBe(0);
    expect(await page.locator('.opblock-tag-section:not(.docs-hidden)').count()).toBe(0);
    await search.fill('');
    await eventually(() => page.locator('.opblock.docs-hidden').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('serves Swagger UI gzipped and cacheable for good under its version, the page itself revalidated', async () => {
    const html = await fetch(`${server.baseUrl}/docs`);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const bundlePath = /src="(\/docs\/assets\/[\d.]+\/swagger-ui-bundle\.js)"/.exec(await html.text())![1]!;
    const bundle = await fetch(server.baseUrl + bundlePath, { headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
  });
});
