// /docs renders this server's /openapi.json with Swagger UI served from the npm package: no other host, no CSP violation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { axeViolations, eventually, openPage, PHONE, screenshot } from './support/page.ts';

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

  it('is readable at phone width, and its own parts pass the accessibility checks', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/docs`);
    await eventually(() => page.locator('.opblock').count(), 20_000).toBeGreaterThan(10);
    await screenshot(page, 'docs-phone', false);
    // Swagger UI's markup is the package's own; the bar and the page around it are ours.
    expect(await axeViolations(page, ['.swagger-ui'])).toEqual([]);
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
