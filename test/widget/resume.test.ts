// A buyer whose phone reloads the store page, or who goes Back and Forward, mid-checkout: the signed-in session is
// kept for the tab (sessionStorage, per merchant) and the checkout resumes at the address step without a new code;
// the order placed, or the session refused by the server, it is gone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { mapReady, pageProblems, signIn } from './support/buyer.ts';
import { savedAddresses } from './support/keyboard.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';
import { openTouchPage, tapAt } from './support/touch.ts';

const HOME = { name: 'Asha Rao', phone: '9845012345', flat_number: '12', street_name: 'CMH Road', pincode: '560038' };

let w: SourceWorld;
let browser: Browser;

beforeAll(async () => {
  w = await startSourceWorld();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

/** The widget's keys in this tab's sessionStorage, with what each holds. */
function stored(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...sessionStorage }));
}

/**
 * What went wrong on the page, less the funnel events a page that reloads or navigates leaves in flight: sent with
 * keepalive, they are reported aborted for the page that left.
 */
function problemsBesidesLeaving(problems: string[]): string[] {
  // A reload aborts whatever the page had in flight (the funnel beacon, the config, the address list being read).
  return pageProblems(problems).filter((p) => !/^\[requestfailed\] .* net::ERR_ABORTED$/.test(p));
}

/** Every sign-in request (code sent or checked) the page makes from now on. */
function signInCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/checkout-email-otp')) calls.push(r.postData() ?? '');
  });
  return calls;
}

describe('a reload or Back and Forward mid-checkout', () => {
  it('resumes at the saved addresses without a new code, and not once the order is placed', async () => {
    const email = 'resume.reload@example.com';
    await savedAddresses(w, email, [HOME]);
    const { page, problems } = await openTouchPage(browser);
    await page.goto(`${w.shop.origin}/`);
    await signIn(page, w.smtp, email, () => Promise.resolve());
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    const mails = w.smtp.count(email);
    const calls = signInCalls(page);
    // Kept per merchant, for this tab only.
    expect(Object.keys(await stored(page))).toEqual([`geopin-checkout:${w.merchantId}`]);

    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    await page.reload();
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    expect(await page.locator('.gc-saved').textContent()).toContain('12, CMH Road');
    await reviewShot(page, 'phone-resumed-after-reload');

    // Away to another page and Back, then Forward and Back again.
    await page.goto(`${w.shop.origin}/?page=returns`);
    await page.goBack();
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    await page.goForward();
    await page.goBack();
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    expect(calls).toEqual([]);
    expect(w.smtp.count(email)).toBe(mails);

    // The resumed session goes all the way: map, payment, order; then nothing is kept.
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    await tapAt(page, page.getByRole('radio', { name: 'Cash on delivery' }));
    await tapAt(page, page.getByRole('button', { name: 'Place order' }));
    await page.locator('.gc-done[data-payment-method=cod]').waitFor();
    const completed = JSON.parse((await page.locator('#completed').textContent())!) as { session_id: string };
    expect(completed.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stored(page)).toEqual({});
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in with your email' }).waitFor();
    expect(problemsBesidesLeaving(problems)).toEqual([]);
    await page.context().close();
  });

  it('offers first the address the buyer confirmed before the reload, not the default', async () => {
    const email = 'resume.chosen@example.com';
    const work = {
      ...HOME,
      name: 'Asha at work',
      flat_number: '4',
      street_name: 'Old Airport Road',
      pincode: '560017',
    };
    await savedAddresses(w, email, [HOME, work]);
    const { page, problems } = await openTouchPage(browser);
    await page.goto(`${w.shop.origin}/`);
    await signIn(page, w.smtp, email, () => Promise.resolve());
    const chosen = () => page.locator('.gc-saved:has(input:checked)').textContent();
    await expect.poll(chosen).toContain('CMH Road');
    await tapAt(page, page.locator('.gc-saved', { hasText: 'Old Airport Road' }));
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560017');
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    expect(await chosen()).toContain('Old Airport Road');
    expect(problemsBesidesLeaving(problems)).toEqual([]);
    await page.context().close();
  });

  it('asks for a new sign-in when the server no longer knows the kept session', async () => {
    const email = 'resume.expired@example.com';
    await savedAddresses(w, email, [HOME]);
    const { page, problems } = await openTouchPage(browser);
    await page.goto(`${w.shop.origin}/`);
    await signIn(page, w.smtp, email, () => Promise.resolve());
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    // As the server sees a token past its 24 hours: unknown.
    await page.evaluate((key) => {
      const saved = JSON.parse(sessionStorage.getItem(key)!) as Record<string, string>;
      sessionStorage.setItem(key, JSON.stringify({ ...saved, session_token: 'cst_expired' }));
    }, `geopin-checkout:${w.merchantId}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in with your email' }).waitFor();
    expect(await page.locator('.gc-message').textContent()).toBe('Your sign-in has ended; sign in again.');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await stored(page)).toEqual({});
    await reviewShot(page, 'phone-resume-refused');
    // The refused token, as the browser logs it.
    expect(problemsBesidesLeaving(problems).filter((p) => !p.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('says why a sign-in left idle for half an hour is asked for again', async () => {
    // The buyer back at their phone found an empty sign-in with no word of why.
    const email = 'resume.idle@example.com';
    await savedAddresses(w, email, [HOME]);
    const { page, problems } = await openTouchPage(browser);
    await page.goto(`${w.shop.origin}/`);
    await signIn(page, w.smtp, email, () => Promise.resolve());
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    // The last step taken 31 minutes ago.
    await page.evaluate((key) => {
      const saved = JSON.parse(sessionStorage.getItem(key)!) as Record<string, number>;
      sessionStorage.setItem(key, JSON.stringify({ ...saved, at: saved.at! - 31 * 60_000 }));
    }, `geopin-checkout:${w.merchantId}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in with your email' }).waitFor();
    expect(await page.locator('.gc-message').textContent()).toBe(
      'Your sign-in ended after 30 minutes without a step; sign in again.',
    );
    expect(problemsBesidesLeaving(problems)).toEqual([]);
    await page.context().close();
  });
});
