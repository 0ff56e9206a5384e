// Chromium at 1366 and 390 px: a key label of 100 characters without a space wraps in the keys table and its card;
// labels holding text-direction controls or nothing visible are refused in plain words; labels already stored are
// isolated, so one cannot reverse the text around it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, eventually, horizontalOverflow, LAPTOP, openPage, PHONE, screenshot } from './support/page.ts';
import { startDeveloperWorld, type DeveloperWorld } from './support/developer-world.ts';
import { signInByMail } from './support/sign-in.ts';

let w: DeveloperWorld;
const LONG =
  'production-backend-for-the-diwali-sale-on-every-storefront-and-the-mobile-app-and-the-partner-api-key'.slice(0, 100);

beforeAll(async () => {
  w = await startDeveloperWorld(['laptop@labels.example', 'phone@labels.example']);
});

afterAll(async () => w?.stop());

describe('key labels in Chromium', () => {
  expect(LONG).toHaveLength(100);
  expect(LONG).not.toContain(' ');
  for (const [device, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: refuses hidden and reversing labels, wraps a long one, isolates stored ones`, async () => {
      const email = `${device}@labels.example`;
      const { page, problems } = await openPage(w.browser, viewport);
      await signInByMail(page, `${w.server.baseUrl}/dashboard`, email, w.smtp);
      const label = page.getByLabel('Label');
      const error = page.locator('#key-label-error');
      for (const [typed, words] of [
        ['\u202Eyek edoc', 'The label has characters that change the direction of text (such as U+202E): remove them.'],
        ['\u200B\u200B\u200B', 'The label shows nothing: it holds only spaces or invisible characters.'],
      ] as const) {
        await label.fill(typed);
        await page.getByRole('button', { name: 'Create key' }).click();
        await eventually(() => error.textContent()).toBe(words);
        expect(await label.getAttribute('aria-invalid')).toBe('true');
      }
      await label.scrollIntoViewIfNeeded();
      await screenshot(page, `developer-label-refused-${device}`, false);
      const owned = () =>
        w.server.parts.sql.all<{ label: string }>(
          'SELECT k.label FROM api_keys k JOIN developer_accounts a ON a.id = k.owner_id WHERE a.email = ?',
          [email],
        );
      expect(await owned()).toEqual([]);

      await label.fill(LONG);
      await page.getByRole('button', { name: 'Create key' }).click();
      await eventually(() => page.locator('#keys-body').textContent()).toContain(LONG);
      // A label from before the rule, with a right-to-left override in it.
      await page.getByLabel('Label').fill('old key');
      await page.getByRole('button', { name: 'Create key' }).click();
      await eventually(() => owned().then((rows) => rows.length)).toBe(2);
      await w.server.parts.sql.run("UPDATE api_keys SET label = ? WHERE label = 'old key'", ['\u202Eold key']);
      await page.locator('#usage-refresh').click();
      await eventually(() => page.locator('#keys-body bdi').allTextContents()).toContain('\u202Eold key');
      const options = await page.locator('#usage-key option').allTextContents();
      expect(options.find((o) => o.includes('old key'))).toMatch(/^\u2068\u202Eold key\u2069 \(gp_sk_/);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(
        await page.locator('#keys-body').evaluate((el) => {
          const wrap = el.closest('.table-wrap')!;
          return wrap.scrollWidth - wrap.clientWidth;
        }),
      ).toBe(0);
      await page.locator('#keys-body').scrollIntoViewIfNeeded();
      await screenshot(page, `developer-long-label-${device}`, false);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    });
  }
});
