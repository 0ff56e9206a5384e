// Chromium: a key that has used its whole monthly quota says that its calls are refused (429 monthly_quota_exceeded)
// until the quota resets, in the key list and under Usage, instead of a green "active".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, eventually, LAPTOP, openPage, PHONE, screenshot } from './support/page.ts';
import { startDeveloperWorld, type DeveloperWorld } from './support/developer-world.ts';
import { signInByMail } from './support/sign-in.ts';

let w: DeveloperWorld;
const DEVELOPER = 'dev@quota.example';

beforeAll(async () => {
  w = await startDeveloperWorld([DEVELOPER], ['--plan', 'free']);
});

afterAll(async () => w?.stop());

/** When the month's count starts again, as the console writes times (IST by default). */
function resetsAt(): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(next);
}

describe('a key whose monthly quota is used, in Chromium', () => {
  for (const [device, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: says its calls are refused until the quota resets`, async () => {
      const { page, problems } = await openPage(w.browser, viewport);
      await signInByMail(page, `${w.server.baseUrl}/dashboard`, DEVELOPER, w.smtp);
      await page.getByLabel('Label').fill(`${device} spent`);
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = (await page.locator('#new-key-value').textContent())!;
      const { id } = (await w.server.parts.sql.get<{ id: number }>('SELECT id FROM api_keys WHERE label = ?', [
        `${device} spent`,
      ]))!;
      const month = new Date().toISOString().slice(0, 7);
      await w.server.parts.sql.run('INSERT INTO api_usage (key_id, month, requests) VALUES (?, ?, 25000)', [id, month]);
      const day = new Date().toISOString().slice(0, 10);
      await w.server.parts.sql.run('INSERT INTO api_usage_daily (key_id, day, requests) VALUES (?, ?, 25000)', [
        id,
        day,
      ]);
      // What the console is about to say is what the API does.
      const refused = await fetch(`${w.server.baseUrl}/v1/geopin/encode?latitude=12.9716&longitude=77.5946`, {
        headers: { 'x-api-key': key },
      });
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
        429,
        'monthly_quota_exceeded',
      ]);

      await page.locator('#usage-refresh').click();
      const row = page.locator(`#keys-body tr[data-key-id="${id}"]`);
      const words = `Calls are refused (429 monthly_quota_exceeded) until ${resetsAt()}.`;
      await eventually(() => row.textContent()).toContain(`25,000 / 25,000${words}`);
      expect(await row.locator('.pill').textContent()).toBe('quota used');
      expect(await row.locator('.pill.ok').count()).toBe(0);
      await eventually(() => page.locator('#usage-meter').textContent()).toBe(
        `25,000 of 25,000 requests in ${month} (100.0% of the plan)The monthly quota is used up. ${words}`,
      );
      await page.locator('#keys-body').scrollIntoViewIfNeeded();
      await screenshot(page, `developer-quota-used-keys-${device}`, false);
      await page.locator('#usage-meter').scrollIntoViewIfNeeded();
      await screenshot(page, `developer-quota-used-usage-${device}`, false);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
