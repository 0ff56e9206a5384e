// A buyer typing a locality: suggestions near the pincode typed, picked by keyboard; a buyer who does not know the
// pincode picks one by a click and the form takes its pincode, state and city; Escape and a name typed whole leave the
// field as typed, unless many places share it and no pincode is typed; places far from the pincode typed are not
// offered; a pick keeps the words typed after the place.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../../dashboard/support/page.ts';
import { expectAccessible, pageProblems, PHONE, signIn } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

const options = (page: Page) => page.getByRole('listbox', { name: 'Suggested localities' }).getByRole('option');

export async function localitySuggestions({ w, browser, shot }: JourneyContext, email: string): Promise<void> {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await signIn(page, w.smtp, email, () => Promise.resolve());
  const locality = page.getByRole('combobox', { name: 'Area, locality' });

  // Koramangala's pincode first: "Kora" suggests Bengaluru's Koramangala, not Chennai's Korattur, the first without it.
  await page.getByLabel('Pincode').fill('560095');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
  await locality.pressSequentially('Kora', { delay: 60 });
  await expect.poll(() => options(page).count()).toBeGreaterThan(1);
  expect(await locality.getAttribute('aria-expanded')).toBe('true');
  const status = page.getByRole('status').filter({ hasText: 'suggested' });
  expect(await status.textContent()).toBe(`${await options(page).count()} localities suggested; arrow keys to choose`);
  const first = await options(page).first().textContent();
  expect(first).toMatch(/^Koramangala/);
  expect(first).toContain('Bengaluru Urban');
  await expectAccessible(page, problems);
  await shot(page, 'phone-12-locality-suggestions');
  await locality.press('ArrowDown');
  expect(await locality.getAttribute('aria-activedescendant')).toBe(await options(page).first().getAttribute('id'));
  await locality.press('Enter');
  expect(await locality.inputValue()).toBe(first!.replace(/560\d{3}.*$/, ''));
  expect(await locality.getAttribute('aria-expanded')).toBe('false');
  // Enter took the suggestion; it did not submit the form.
  expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBeNull();
  expect(await page.getByLabel('Pincode').inputValue()).toBe('560095');

  // Escape closes the list and keeps what was typed.
  await locality.fill('');
  await locality.pressSequentially('Indira', { delay: 60 });
  await expect.poll(() => options(page).count()).toBeGreaterThan(0);
  await locality.press('Escape');
  expect(await options(page).count()).toBe(0);
  expect(await locality.inputValue()).toBe('Indira');

  // Without a pincode: a tap on Indiranagar fills the pincode, and the directory fills state and city from it.
  await page.getByLabel('Pincode').fill('');
  await page.getByLabel('State').fill('');
  await page.getByLabel('City, town').fill('');

  // "Shahabad" typed whole names towns in five states: the list asks which one, each with its own pincode.
  await locality.fill('');
  await locality.pressSequentially('Shahabad', { delay: 30 });
  await expect.poll(() => options(page).count()).toBeGreaterThan(1);
  const names = await options(page).locator('.gc-suggestion-name').allTextContents();
  expect(new Set(names)).toEqual(new Set(['Shahabad']));
  const places = await options(page).locator('.gc-suggestion-place').allTextContents();
  expect(new Set(places.map((p) => p.slice(0, 6))).size).toBe(places.length);
  await shot(page, 'phone-15-locality-shahabad');
  await locality.press('Escape');

  await locality.fill('');
  await locality.pressSequentially('Indiran', { delay: 60 });
  const indiranagar = options(page).filter({ hasText: '560038' });
  await indiranagar.first().waitFor();
  await indiranagar.first().click();
  expect(await locality.inputValue()).toBe('Indiranagar');
  expect(await page.getByLabel('Pincode').inputValue()).toBe('560038');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
  expect(await page.getByLabel('City, town').inputValue()).toBe('Bengaluru');
  await shot(page, 'phone-13-locality-picked');

  // A name typed whole is left alone: asked and answered, and still no list over the fields below.
  await locality.fill('');
  const asked = page.waitForResponse((r) => r.url().includes('/v1/geopin/autocomplete?q=Indiranagar&'));
  await locality.pressSequentially('Indiranagar', { delay: 30 });
  expect((await asked).status()).toBe(200);
  await page.waitForTimeout(50);
  expect(await options(page).count()).toBe(0);
  expect(await locality.getAttribute('aria-expanded')).toBe('false');

  // Vashi's pincode typed: the autocomplete knows no Sector 17 there and answers Chandigarh's, 1,351 km away; the
  // list offers none of it, as the pincode contradicts it.
  await page.getByLabel('Pincode').fill('400703');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Maharashtra');
  await locality.fill('');
  const far = page.waitForResponse((r) => r.url().includes('/v1/geopin/autocomplete?q=Sector+17+Vashi&'));
  await locality.pressSequentially('Sector 17 Vashi', { delay: 30 });
  expect(JSON.stringify(await (await far).json())).toContain('"pincode":"160017"');
  await page.waitForTimeout(50);
  expect(await options(page).count()).toBe(0);
  expect(await locality.getAttribute('aria-expanded')).toBe('false');
  expect(await locality.inputValue()).toBe('Sector 17 Vashi');

  // Vashi picked after typing the plaza and sector: the name replaces only its own word, the rest stays.
  await locality.fill('');
  await locality.pressSequentially('Vashi Plaza Sector 17', { delay: 30 });
  const vashi = options(page).filter({ hasText: /^Vashi400703/ });
  await vashi.waitFor();
  await shot(page, 'phone-14-locality-vashi');
  await vashi.click();
  expect(await locality.inputValue()).toBe('Vashi Plaza Sector 17');
  expect(await page.getByLabel('Pincode').inputValue()).toBe('400703');
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
