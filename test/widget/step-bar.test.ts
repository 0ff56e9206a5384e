// The step bar over the checkout, from the TypeScript sources: what a screen reader hears of it, and how it fits a
// screen 195 CSS px wide (a small phone zoomed to 200%).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../dashboard/support/page.ts';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { mapReady, pageProblems, signIn } from './support/buyer.ts';
import { savedAddresses } from './support/keyboard.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';

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

const HOME = { name: 'Asha Rao', phone: '9845012345', flat_number: '12', street_name: 'CMH Road', pincode: '560038' };

describe('the step bar', () => {
  it('tells a screen reader which steps are completed, not by colour alone', async () => {
    const email = 'step.bar@example.com';
    await savedAddresses(w, email, [HOME]);
    const { page, problems } = await openPage(browser, { width: 360, height: 740 });
    await page.goto(`${w.shop.origin}/`);
    const steps = page.getByRole('list', { name: 'Checkout steps' });
    expect(await steps.ariaSnapshot()).toBe(
      [
        '- list "Checkout steps":',
        '  - listitem: Email',
        '  - listitem: Address',
        '  - listitem: Location',
        '  - listitem: Payment',
      ].join('\n'),
    );
    await signIn(page, w.smtp, email, () => Promise.resolve());
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await mapReady(page, '560038');
    expect(await steps.ariaSnapshot()).toBe(
      [
        '- list "Checkout steps":',
        '  - listitem: Email (completed)',
        '  - listitem: Address (completed)',
        '  - listitem: Location',
        '  - listitem: Payment',
      ].join('\n'),
    );
    expect(await steps.locator('[aria-current=step]').textContent()).toBe('Location');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('the step bar at 200% zoom on a small phone', () => {
  it('wraps its steps inside the card, each name whole on one line', async () => {
    const { page, problems } = await openPage(browser, { width: 195, height: 422 });
    await page.goto(`${w.shop.origin}/`);
    await page.getByRole('heading', { name: 'Sign in with your email' }).waitFor();
    const fit = await page.locator('geopin-checkout').evaluate((host) => {
      const card = host.shadowRoot!.querySelector('.gc')!.getBoundingClientRect();
      return [...host.shadowRoot!.querySelectorAll('.gc-steps li')].map((li) => {
        const box = li.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(li.firstChild!);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        return { step: li.firstChild!.textContent, inCard: box.left >= card.left && box.right <= card.right, lines };
      });
    });
    expect(fit).toEqual(['Email', 'Address', 'Location', 'Payment'].map((step) => ({ step, inCard: true, lines: 1 })));
    await reviewShot(page, 'widget-step-bar-195');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
