// Chromium: Usage says its days are UTC days (as the quota counts them), and changing "Times in" keeps the key chosen
// under Usage and its open table while every time on the page moves to the new zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, eventually, LAPTOP, openPage, screenshot } from './support/page.ts';
import { startDeveloperWorld, type DeveloperWorld } from './support/developer-world.ts';
import { signInByMail } from './support/sign-in.ts';

let w: DeveloperWorld;
const DEVELOPER = 'dev@usage-zone.example';

beforeAll(async () => {
  w = await startDeveloperWorld([DEVELOPER]);
});

afterAll(async () => w?.stop());

describe('Usage days and the time zone, in Chromium', () => {
  it('labels UTC days, and a new zone keeps the chosen key and the open table', async () => {
    const { page, problems } = await openPage(w.browser, LAPTOP);
    await signInByMail(page, `${w.server.baseUrl}/dashboard`, DEVELOPER, w.smtp);
    for (const label of ['first', 'second']) {
      await page.getByLabel('Label').fill(label);
      await page.getByRole('button', { name: 'Create key' }).click();
      await eventually(() => page.locator('#keys-body tr').count()).toBe(label === 'first' ? 1 : 2);
    }
    const picker = page.locator('#usage-key');
    const first = (await picker.locator('option', { hasText: 'first' }).getAttribute('value')) ?? 'none';
    await picker.selectOption(first);
    await page.getByText('Requests per day as a table').click();
    const table = page.locator('#usage-table');
    await eventually(() => table.locator('th').first().textContent()).toBe('Day (UTC)');
    expect(await page.locator('#usage-days').textContent()).toBe(
      'Days and the month are UTC, as the quota counts them: each day starts at 05:30 IST.',
    );
    expect(await page.locator('#usage-chart svg').getAttribute('aria-label')).toMatch(
      /^Requests per UTC day in \d{4}-\d{2} for first \(gp_sk_/,
    );
    const created = page.locator('#keys-body tr').first().locator('td').nth(5);
    expect(await created.textContent()).toMatch(/ IST$/);

    await page.getByLabel('Times in').selectOption('UTC');
    await eventually(() => created.textContent()).toMatch(/ UTC$/);
    expect(await picker.inputValue()).toBe(first);
    expect(await page.locator('details:has(#usage-table)').evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await page.locator('#usage-days').textContent()).toBe(
      'Days and the month are UTC, as the quota counts them: each day starts at 00:00 UTC.',
    );
    await page.locator('#usage-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'developer-usage-utc-days-laptop', false);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
