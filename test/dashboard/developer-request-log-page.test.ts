// Chromium on a phone: a key's 100 logged requests show 25 cards at a time with "Show 25 more" (focus kept on it),
// not a 36,000 px page of 100 cards; newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { startDeveloperWorld, type DeveloperWorld } from './support/developer-world.ts';
import { signInByMail } from './support/sign-in.ts';

let w: DeveloperWorld;
const DEVELOPER = 'dev@request-log.example';

beforeAll(async () => {
  w = await startDeveloperWorld([DEVELOPER]);
});

afterAll(async () => w?.stop());

describe('the request log on a phone', () => {
  it('shows 25 requests at a time, newest first, with "Show 25 more"', async () => {
    const { page, problems } = await openPage(w.browser, PHONE);
    await signInByMail(page, `${w.server.baseUrl}/dashboard`, DEVELOPER, w.smtp);
    await page.getByLabel('Label').fill('busy');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key-value').waitFor();
    const { id } = (await w.server.parts.sql.get<{ id: number }>("SELECT id FROM api_keys WHERE label = 'busy'"))!;
    const base = Date.UTC(2026, 10, 29, 10, 0, 0);
    for (let i = 0; i < 100; i++)
      await w.server.parts.sql.run(
        'INSERT INTO api_request_log (key_id, at, method, path, status, micros) VALUES (?, ?, ?, ?, 200, 1500)',
        [id, new Date(base + i * 1000).toISOString(), 'GET', `/v1/geopin/encode/${i}`],
      );
    await page.locator('#requests-refresh').click();
    const rows = page.locator('#requests-body tr');
    await eventually(() => rows.count()).toBe(25);
    expect(await rows.first().textContent()).toContain('/v1/geopin/encode/99');
    const more = page.getByRole('button', { name: 'Show 25 more' });
    expect(await page.locator('#requests-shown').textContent()).toBe('25 of 100 requests shown');
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, 'developer-request-log-more-phone', false);
    const section = await page.locator('#requests').boundingBox();
    expect(section!.height).toBeLessThan(10_000);

    await more.focus();
    for (const shown of [50, 75, 100]) {
      await page.keyboard.press('Enter');
      await eventually(() => rows.count()).toBe(shown);
      if (shown < 100) expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    expect(await rows.nth(99).textContent()).toContain('/v1/geopin/encode/0');
    // All shown: the button goes, and focus to the first request it added.
    expect(await more.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.closest('tr')?.rowIndex)).toBe(76);
    expect(await page.locator('#requests-shown').textContent()).toBe('All 100 requests shown');
    await page.locator('#requests-shown').scrollIntoViewIfNeeded();
    await screenshot(page, 'developer-request-log-all-phone', false);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
