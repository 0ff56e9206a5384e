// A buyer on a phone who types an email without its ending, then pastes: the code from the email and a pincode, both
// with a space in them, and a whole address into the first line. The browser's own paste (clipboard, Ctrl+V), so maxlength would cut as it does.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { pageProblems, PHONE } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

async function paste(page: Page, label: string, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('Control+V');
}

export async function pastingBuyer({ w, browser, shot }: JourneyContext, email: string): Promise<void> {
  const { page, problems } = await openPage(browser, PHONE);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: w.shop.origin });
  await page.goto(`${w.shop.origin}/`);
  // Typed without its ending, the address would take a code that never arrives: caught before one is sent.
  const cut = email.slice(0, email.lastIndexOf('.'));
  await page.getByLabel('Email').fill(cut);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const said = page.locator('.gc-field', { has: page.getByLabel('Email') }).locator('.gc-error');
  expect(await said.textContent()).toBe(`Add the ending of the address, e.g. ${cut}.com`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = await w.smtp.nextCode(email);
  await paste(page, 'Code from the email', `${code.slice(0, 3)} ${code.slice(3)}`);
  expect(await page.getByLabel('Code from the email').inputValue()).toBe(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await paste(page, 'Pincode', '560 038');
  expect(await page.getByLabel('Pincode').inputValue()).toBe('560038');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
  const whole =
    'Flat 12, Lake View Apartments, 100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560038, ' +
    'phone 98450 12345';
  await paste(page, 'Flat, house no.', whole);
  const flat = page.getByLabel('Flat, house no.');
  expect(await flat.inputValue()).toBe(whole.slice(0, 100));
  const flatSaid = page.locator('.gc-field', { has: flat }).locator('.gc-error');
  expect(await flatSaid.textContent()).toBe('Only 100 characters fit here: the end of what you pasted was left out');
  await shot(page, 'phone-15-pasted');
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
