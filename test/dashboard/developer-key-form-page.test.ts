// Chromium: the developer dashboard's Create key form says what is wrong with the origins under that field, in words
// ("Not a web address: shop2.example — write it as https://shop2.example"), marked and focused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { startDeveloperWorld, type DeveloperWorld } from './support/developer-world.ts';
import { signInByMail } from './support/sign-in.ts';

let w: DeveloperWorld;
const DEVELOPER = 'dev@key-form.example';

beforeAll(async () => {
  w = await startDeveloperWorld([DEVELOPER]);
});

afterAll(async () => w?.stop());

describe('the Create key form, in Chromium', () => {
  it('says each bad origin under the field, and that none were given for a public key', async () => {
    const { page, problems } = await openPage(w.browser, PHONE);
    await signInByMail(page, `${w.server.baseUrl}/dashboard`, DEVELOPER, w.smtp);
    await page.getByLabel('Public key for websites').check();
    const origins = page.getByLabel('Allowed origins (one per line)');
    const error = page.locator('#key-origins-error');
    const status = page.locator('#keys-status');

    await page.getByRole('button', { name: 'Create key' }).click();
    await eventually(() => error.textContent()).toBe(
      'A public key needs at least one origin: the site that uses it, e.g. https://shop.example.',
    );
    expect(await status.textContent()).toBe('No key was created: fix the field marked below.');

    await origins.fill('shop2.example\nhttps://ok.example\nhttps://*.shop.example');
    await page.getByRole('button', { name: 'Create key' }).click();
    await eventually(() => error.textContent()).toBe(
      'Not a web address: shop2.example — write it as https://shop2.example' +
        'Wildcards are not supported: https://*.shop.example — list each site, e.g. https://www.shop.example',
    );
    expect(await origins.getAttribute('aria-invalid')).toBe('true');
    expect((await origins.getAttribute('aria-describedby'))!.split(' ')).toContain('key-origins-error');
    expect(await origins.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.field-error').count()).toBe(1);
    await origins.scrollIntoViewIfNeeded();
    await screenshot(page, 'developer-key-origins-error-phone', false);
    expect(await axeViolations(page)).toEqual([]);

    await origins.fill('https://shop2.example');
    await page.getByRole('button', { name: 'Create key' }).click();
    await eventually(() => status.textContent()).toMatch(/^Created gp_pub_/);
    expect(await page.locator('.field-error').count()).toBe(0);
    expect(await origins.getAttribute('aria-invalid')).toBe(null);
    expect(problems).toEqual([]);
  });
});
