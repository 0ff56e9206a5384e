// The widget in a buyer's hand: a 390 px touch phone (and the same phone on its side) driven by taps and swipes, from
// the TypeScript sources.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewShot } from '../support/review-shot.ts';
import { mapReady, pageProblems, shownPin, signIn } from './support/buyer.ts';
import { focusedElement, savedAddresses } from './support/keyboard.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';
import { LANDSCAPE, openTouchPage, swipe, tapAt, twoFingerDrag } from './support/touch.ts';
import { launchBrowser } from '../support/browser.ts';
import { encode } from '../../src/native/digipin.ts';

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

/** A new buyer signed in on a fresh touch phone, at the empty address form. */
async function newBuyer(email: string, viewport?: { width: number; height: number }) {
  const opened = await openTouchPage(browser, viewport);
  await opened.page.goto(`${w.shop.origin}/`);
  await signIn(opened.page, w.smtp, email, () => Promise.resolve());
  await opened.page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();
  return opened;
}

const HOME = { name: 'Asha Rao', phone: '9845012345', flat_number: '12', street_name: 'CMH Road', pincode: '560038' };

/** A returning buyer with one saved address, signed in on a fresh touch phone, at the saved addresses. */
async function returningBuyer(email: string, viewport?: { width: number; height: number }) {
  await savedAddresses(w, email, [HOME]);
  const opened = await openTouchPage(browser, viewport);
  await opened.page.goto(`${w.shop.origin}/`);
  await signIn(opened.page, w.smtp, email, () => Promise.resolve());
  await opened.page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
  return opened;
}

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggested localities' }).getByRole('option');

describe('locality suggestions', () => {
  it('close when the buyer taps the next field or outside, keeping what was typed', async () => {
    const { page, problems } = await newBuyer('locality.tap@example.com');
    await page.getByLabel('Pincode').fill('560 034');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
    // None of 560034's offices names its town: the city comes from the place the service reads.
    expect(await page.getByLabel('City, town').inputValue()).toBe('Bengaluru');
    const locality = page.getByRole('combobox', { name: 'Area, locality' });
    const landmark = page.getByLabel('Landmark (optional)');
    await tapAt(page, locality);
    await locality.pressSequentially('Koramangala 5th Block', { delay: 30 });
    await expect.poll(() => suggestions(page).count()).toBeGreaterThan(0);
    await reviewShot(page, 'phone-locality-list');
    // The list does not cover the field that follows: the buyer sees it and can tap it.
    await landmark.scrollIntoViewIfNeeded();
    const list = (await page.getByRole('listbox').boundingBox())!;
    const next = (await landmark.boundingBox())!;
    expect(next.y).toBeGreaterThanOrEqual(list.y + list.height);

    await tapAt(page, landmark);
    await expect.poll(() => focusedElement(page)).toBe('INPUT Landmark (optional)');
    expect(await locality.inputValue()).toBe('Koramangala 5th Block');
    expect(await locality.getAttribute('aria-expanded')).toBe('false');
    expect(await suggestions(page).count()).toBe(0);
    await reviewShot(page, 'phone-locality-landmark');

    // A tap outside the widget (the store's own heading) closes it too.
    await tapAt(page, locality);
    await locality.press('End');
    await locality.pressSequentially(' ', { delay: 30 });
    await expect.poll(() => suggestions(page).count()).toBeGreaterThan(0);
    await tapAt(page, page.getByRole('heading', { name: 'Checkout', exact: true }));
    await expect.poll(() => suggestions(page).count()).toBe(0);
    expect(await locality.inputValue()).toBe('Koramangala 5th Block ');

    // A deliberate tap on a suggestion takes it.
    await locality.fill('');
    await tapAt(page, locality);
    await locality.pressSequentially('Koraman', { delay: 30 });
    const first = suggestions(page).first();
    await first.waitFor();
    const name = (await first.locator('.gc-suggestion-name').textContent())!;
    await tapAt(page, first);
    expect(await locality.inputValue()).toBe(name);
    expect(await suggestions(page).count()).toBe(0);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('payment methods', () => {
  it('are chosen by a tap anywhere on their card, its second line too', async () => {
    const { page, problems } = await returningBuyer('cards.tap@example.com');
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    const online = page.getByRole('radio', { name: /Pay online/ });
    const cod = page.getByRole('radio', { name: 'Cash on delivery' });
    expect(await online.isChecked()).toBe(true);

    const card = page.locator('.gc-methods li', { has: cod });
    await tapAt(page, card.getByText('Pay when the order arrives'));
    expect(await cod.isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Place order' }).isVisible()).toBe(true);
    await reviewShot(page, 'phone-payment-cod-card');
    // The card's far corner, away from any text.
    const box = (await page.locator('.gc-methods li', { has: online }).boundingBox())!;
    await tapAt(page, page.locator('.gc-methods li', { has: online }), { x: box.width - 6, y: box.height - 6 });
    expect(await online.isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Pay ₹1,499.00' }).isVisible()).toBe(true);
    // The hint stays the radio's description, not part of its name.
    expect(await cod.evaluate((el) => (el as HTMLInputElement).labels?.length)).toBeGreaterThan(0);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('the map step on a slow network', () => {
  it('says the map is loading and keeps Confirm unavailable, yet focusable, until the pin shows', async () => {
    const { page, problems } = await returningBuyer('slow.map@example.com');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/maplibre-gl.mjs', async (route) => {
      await held;
      await route.continue();
    });
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/checkout-addresses') && r.postData()?.includes('"update"')) updates.push(r.url());
    });
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await page.getByRole('heading', { name: 'Confirm the delivery location' }).waitFor();
    const loading = page.getByRole('status').filter({ hasText: 'Loading the map…' });
    await loading.waitFor();
    expect(await loading.isVisible()).toBe(true);
    const confirm = page.getByRole('button', { name: 'Confirm this location' });
    expect(await confirm.getAttribute('aria-disabled')).toBe('true');
    // Not `disabled`, which would drop keyboard focus to the page.
    expect(await confirm.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(false);
    await confirm.focus();
    expect(await focusedElement(page)).toBe('BUTTON Confirm this location');
    // Where the pin will be, as a geopin the buyer can check or replace meanwhile.
    expect(await page.getByRole('textbox', { name: 'Geopin' }).inputValue()).toMatch(/^[2-9CFJKLMPT]{3}-/);
    await page.locator('.gc-map').scrollIntoViewIfNeeded();
    await reviewShot(page, 'phone-map-loading');

    await tapAt(page, confirm);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(updates).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Confirm the delivery location' }).isVisible()).toBe(true);
    expect(await page.locator('.gc-form .gc-message').textContent()).toContain('still loading');

    release();
    await mapReady(page, '560038');
    await expect.poll(() => confirm.getAttribute('aria-disabled')).toBeNull();
    expect(await loading.count()).toBe(0);
    await reviewShot(page, 'phone-map-loaded');
    await tapAt(page, confirm);
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

/** Holds the widget's calls to `path` whose body holds `marker` until `release()`; others go at once. */
async function holdCalls(page: Page, path: string, marker: string) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    if (route.request().postData()?.includes(marker)) await held;
    await route.continue();
  });
  return release;
}

describe('a busy form', () => {
  it('says what it is doing while it waits on a slow network, whichever button started it', async () => {
    const email = 'busy.phone@example.com';
    await savedAddresses(w, email, [HOME, { ...HOME, flat_number: '7', label: 'Office' }]);
    const { page, problems } = await openTouchPage(browser);
    await page.goto(`${w.shop.origin}/`);
    const status = () => page.locator('.gc-body .gc-message').textContent();

    // "Email me a code" greys out and the line above it says why.
    let release = await holdCalls(page, '/checkout-email-otp', '"send"');
    await page.getByLabel('Email').fill(email);
    await tapAt(page, page.getByRole('button', { name: 'Email me a code' }));
    await expect.poll(status).toBe('Sending a code…');
    expect(await page.getByRole('button', { name: 'Email me a code' }).isDisabled()).toBe(true);
    await reviewShot(page, 'phone-busy-email');
    release();
    const code = page.getByLabel('Code from the email');
    await code.fill(await w.smtp.nextCode(email));
    await tapAt(page, page.getByRole('button', { name: 'Verify' }));
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();

    release = await holdCalls(page, '/checkout-addresses', '"delete"');
    const office = page.locator('.gc-saved', { hasText: 'Office' });
    await tapAt(page, office.getByRole('button', { name: /^Delete/ }));
    await tapAt(page, office.getByRole('button', { name: /^Yes, delete/ }));
    await expect.poll(status).toBe('Deleting the address…');
    release();
    await expect.poll(status).toBe('Address deleted');

    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    release = await holdCalls(page, '/checkout-payment', '"create_order"');
    await tapAt(page, page.getByRole('button', { name: 'Pay ₹1,499.00' }));
    await expect.poll(status).toBe('Opening the payment page…');
    await reviewShot(page, 'phone-busy-pay');
    release();
    await expect.poll(status).toBe('Waiting for the payment to finish…');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

/** Where the pin's tip is inside the map box, in pixels from its top-left corner (both read at once: the page may be
 * scrolling). */
function pinInMap(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const root = document.querySelector('geopin-checkout')!.shadowRoot!;
    const map = root.querySelector('.gc-map')!.getBoundingClientRect();
    const pin = root.querySelector('.gc-pin')!.getBoundingClientRect();
    return { x: Math.round(pin.x + pin.width / 2 - map.x), y: Math.round(pin.bottom - map.y) };
  });
}

describe('the map on a phone on its side', () => {
  it('fits the screen, scrolls the page under one finger, moves with two, and re-centres on the pin', async () => {
    const { page, problems } = await returningBuyer('landscape.map@example.com', LANDSCAPE);
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    const map = page.locator('.gc-map');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    // The page around the map stays in reach: the map is well under the screen's height.
    expect(box.height).toBeLessThanOrEqual(LANDSCAPE.height * 0.75);
    await reviewShot(page, 'landscape-map');

    const scrolled = () => page.evaluate(() => window.scrollY);
    const before = { scroll: await scrolled(), pin: await pinInMap(page) };
    // Upwards from the map's middle, away from the pin and the map's buttons.
    await swipe(page, box.x + box.width / 4, box.y + box.height / 2 + 60, -150);
    await expect.poll(scrolled).toBeGreaterThan(before.scroll + 50);
    expect(await pinInMap(page)).toEqual(before.pin);

    // Once the page has stopped scrolling, two fingers move the map.
    let last = -1;
    await expect.poll(async () => last === (last = await scrolled())).toBe(true);
    await map.scrollIntoViewIfNeeded();
    const at = (await map.boundingBox())!;
    await twoFingerDrag(page, at.x + 60, at.y + at.height / 2, -200, 0);
    await expect.poll(async () => (await pinInMap(page)).x).toBeLessThan(before.pin.x - 100);
    await reviewShot(page, 'landscape-map-panned');
    await tapAt(page, page.getByRole('button', { name: 'Re-centre on the pin' }));
    const centre = { x: Math.round(at.width / 2), y: Math.round(at.height / 2) };
    await expect.poll(async () => Math.abs((await pinInMap(page)).x - centre.x)).toBeLessThan(3);
    expect(Math.abs((await pinInMap(page)).y - centre.y)).toBeLessThan(3);

    // One finger on the pin still drags it.
    const coordinates = await page.locator('.gc-coordinates').textContent();
    const pin = (await page.locator('.gc-pin').boundingBox())!;
    await swipe(page, pin.x + pin.width / 2, pin.y + pin.height / 2, 40);
    await expect.poll(() => page.locator('.gc-coordinates').textContent()).not.toBe(coordinates);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

/** Each button on the map, named, with its size: "Zoom in 44x44". */
function mapButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelector('geopin-checkout')!.shadowRoot!.querySelectorAll('.gc-map button, .gc-map summary')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => {
        const { width, height } = b.getBoundingClientRect();
        const name = (b.getAttribute('aria-label') ?? b.getAttribute('title') ?? b.textContent ?? '').split(/[.:]/)[0];
        return `${name!.trim()} ${Math.round(width)}x${Math.round(height)}`;
      }),
  );
}

describe("the map's buttons on a touch screen", () => {
  it('are at least 44 px each way, as the widget promises', async () => {
    const { page, problems } = await returningBuyer('map.targets@example.com');
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    await page.locator('.gc-map').scrollIntoViewIfNeeded();
    const buttons = await mapButtons(page);
    expect(buttons.map((b) => b.replace(/ (at geopin .*)?\d+x\d+$/, '')).sort()).toEqual([
      'Delivery pin',
      'Re-centre on the pin',
      'Toggle attribution',
      'Zoom in',
      'Zoom out',
    ]);
    const small = buttons.filter((b) => {
      const [width, height] = b.split(' ').at(-1)!.split('x').map(Number);
      return width! < 44 || height! < 44;
    });
    expect(small).toEqual([]);
    await reviewShot(page, 'phone-map-targets');
    // The attribution opens from its (i) and still reads whole.
    await tapAt(page, page.locator('.maplibregl-ctrl-attrib-button'));
    await expect.poll(() => page.locator('.maplibregl-ctrl-attrib-inner').isVisible()).toBe(true);
    await reviewShot(page, 'phone-map-attribution');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

interface Outline {
  properties: { pincode: string; label: [number, number] };
  geometry: { type: string; coordinates: unknown };
}

/** Laxmi Nagar with 110042 for its 110092, as a buyer types it on a phone; resolves once the map shows 110092. */
async function mistypedPincode(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Ravi Kumar');
  await page.getByLabel('Mobile number').fill('98450 12345');
  await page.getByLabel('Pincode').fill('110042');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Delhi');
  await page.getByLabel('Flat, house no.').fill('C-45');
  await page.getByLabel('Area, locality').fill('Laxmi Nagar');
  await tapAt(page, page.getByRole('button', { name: 'Continue to map' }));
  await mapReady(page, '110092');
}

/** Every [lon, lat] of a GeoJSON (Multi)Polygon. */
function vertices(geometry: Outline['geometry']): Array<[number, number]> {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
  return polygons.flatMap((rings) => rings[0]!.map(([x, y]) => [x!, y!] as [number, number]));
}

const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

describe('a mistyped pincode on the map', () => {
  it('is shown whole beside the pin and its own pincode, clear of the buttons, labels apart', async () => {
    const { page, problems } = await newBuyer('mistyped.fit@example.com');
    const outlines = new Map<string, Outline>();
    page.on('response', async (r) => {
      if (!r.url().includes('/v1/location/boundaries')) return;
      for (const f of ((await r.json()) as { data: { features: Outline[] } }).data.features)
        outlines.set(f.properties.pincode, f);
    });
    await mistypedPincode(page);
    expect(await page.locator('.gc-pin-status').textContent()).toContain('not 110042 as typed');
    await page.locator('.gc-map').scrollIntoViewIfNeeded();
    // Once the map has settled.
    let last = '';
    await expect.poll(async () => last === (last = JSON.stringify(await pinInMap(page)))).toBe(true);
    await reviewShot(page, 'phone-mistyped-fit');

    const shown = await page.evaluate(() => {
      const root = document.querySelector('geopin-checkout')!.shadowRoot!;
      const rect = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      };
      const labels = [...root.querySelectorAll('.gc-map-label')]
        .filter((l) => getComputedStyle(l).visibility !== 'hidden')
        .map((l) => ({ text: l.textContent, ...rect(l) }));
      const buttons = [...root.querySelectorAll('.gc-map .maplibregl-ctrl')].map(rect);
      return { map: rect(root.querySelector('.gc-map')!), pin: rect(root.querySelector('.gc-pin')!), labels, buttons };
    });
    type Box = { left: number; top: number; right: number; bottom: number };
    const inside = (a: Box, b: Box) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
    const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    expect(inside(shown.pin, shown.map)).toBe(true);
    expect(shown.buttons.filter((b) => meets(b, shown.pin))).toEqual([]);
    // Both pincodes are labelled, and no two labels shown overlap.
    const labelOf = (pincode: string) => shown.labels.find((l) => l.text === pincode)!;
    expect(labelOf('110042')).toBeDefined();
    expect(labelOf('110092')).toBeDefined();
    for (const [i, a] of shown.labels.entries())
      for (const b of shown.labels.slice(i + 1)) expect(meets(a, b), `${a.text} over ${b.text}`).toBe(false);

    // Both outlines lie wholly inside the map: placed on screen through the two labels' points.
    const [a, b] = ['110042', '110092'].map((p) => ({ at: outlines.get(p)!.properties.label, box: labelOf(p) }));
    const centre = (box: Box) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
    const [ca, cb] = [centre(a!.box), centre(b!.box)];
    const scaleX = (cb.x - ca.x) / (b!.at[0] - a!.at[0]);
    const scaleY = (cb.y - ca.y) / (mercator(b!.at[1]) - mercator(a!.at[1]));
    const onScreen = ([lon, lat]: [number, number]) => ({
      x: ca.x + (lon - a!.at[0]) * scaleX,
      y: ca.y + (mercator(lat) - mercator(a!.at[1])) * scaleY,
    });
    for (const pincode of ['110042', '110092']) {
      const points = vertices(outlines.get(pincode)!.geometry).map(onScreen);
      const box = {
        left: Math.min(...points.map((p) => p.x)),
        right: Math.max(...points.map((p) => p.x)),
        top: Math.min(...points.map((p) => p.y)),
        bottom: Math.max(...points.map((p) => p.y)),
      };
      expect(inside(box, shown.map), `${pincode} ${JSON.stringify(box)} in ${JSON.stringify(shown.map)}`).toBe(true);
    }
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it('is asked about on Confirm, with choices a thumb can tap, and delivered to when the buyer says so', async () => {
    const { page, problems } = await newBuyer('mistyped.anyway@example.com');
    await mistypedPincode(page);
    const pin = await shownPin(page);
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    const question = page.getByRole('group', { name: /^The pin is in pincode 110092 .*Deliver to the pin anyway\?$/ });
    await question.waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/^P The pin is in pincode 110092/);
    const sizes = await question.getByRole('button').evaluateAll((buttons) =>
      buttons.map((b) => {
        const box = b.getBoundingClientRect();
        return `${b.textContent} ${Math.round(box.width)}x${Math.round(box.height)}`;
      }),
    );
    expect(sizes).toHaveLength(3);
    for (const size of sizes) {
      const [width, height] = size.split(' ').at(-1)!.split('x').map(Number);
      expect(Math.min(width!, height!), size).toBeGreaterThanOrEqual(44);
    }
    await reviewShot(page, 'phone-pin-question');
    await tapAt(page, question.getByRole('button', { name: 'Deliver to the pin anyway' }));
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    expect(await page.locator('.gc-deliver').textContent()).toContain('Laxmi Nagar, Delhi, Delhi 110042');
    expect(await page.locator('.gc-form').textContent()).toContain(pin.geopin);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('the geopin field', () => {
  it('moves the pin on Enter and stays on the map; a short or wrong geopin is said, not confirmed', async () => {
    // Enter submitted the map's form: the old pin was confirmed, whatever the field held ("4P3-JK8-52C", "XYZ-123").
    const { page, problems } = await returningBuyer('geopin.enter@example.com');
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/checkout-addresses') && r.postData()?.includes('"update"')) updates.push(r.url());
    });
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    const field = page.getByRole('textbox', { name: 'Geopin' });
    const error = page.locator('.gc-field', { has: field }).locator('.gc-error');
    const heading = page.getByRole('heading', { name: 'Confirm the delivery location' });
    const before = await shownPin(page);
    for (const typed of ['4P3-JK8-52C', 'XYZ-123']) {
      await tapAt(page, field);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
      await expect.poll(() => error.textContent()).toMatch(/^A geopin has 10 characters/);
      expect(await heading.isVisible()).toBe(true);
    }
    await reviewShot(page, 'phone-geopin-short');
    // Confirm with a short one in the field: it is said again, and the old pin is not saved in its place.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('4P3-JK8');
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await expect.poll(() => error.textContent()).toMatch(/^A geopin has 10 characters/);
    expect(await heading.isVisible()).toBe(true);
    expect(updates).toEqual([]);

    // A geopin 150 m from the pin, in the same pincode, pasted as the done page words it.
    const near = encode(before.latitude + 0.001, before.longitude + 0.001);
    await tapAt(page, field);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(`Geopin: ${near}`);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await shownPin(page)).geopin).toBe(near);
    expect(await error.isVisible()).toBe(false);
    expect(await heading.isVisible()).toBe(true);
    await page.waitForTimeout(300);
    expect(updates).toEqual([]);
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    expect(updates).toHaveLength(1);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe("cash on delivery over the shop's limit", () => {
  it('says the limit on the unavailable card', async () => {
    // "The cart value is above the cash-on-delivery limit": the buyer was not told which.
    await w.admin('cod_config', { cod_max_cart_value_paise: 100_000 });
    try {
      const { page, problems } = await returningBuyer('cod.limit@example.com');
      await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
      await mapReady(page, '560038');
      await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
      await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
      const cod = page.getByRole('radio', { name: 'Cash on delivery' });
      expect(await cod.isDisabled()).toBe(true);
      const card = page.locator('.gc-methods li', { has: cod });
      expect(await card.textContent()).toContain('Not available: cash on delivery is for orders up to ₹1,000');
      await reviewShot(page, 'phone-cod-over-limit');
      expect(pageProblems(problems)).toEqual([]);
      await page.context().close();
    } finally {
      await w.admin('cod_config', { cod_max_cart_value_paise: null });
    }
  });
});

describe('an address deleted in another tab', () => {
  it('takes the buyer back to the saved addresses, saying so, instead of a refusal naming its id', async () => {
    // Confirm answered "No address 30e52b18-… for this buyer" on the map, again at every tap.
    const email = 'deleted.elsewhere@example.com';
    const { page, problems } = await returningBuyer(email);
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByLabel('Full name').fill('Ravi Rao');
    await page.getByLabel('Mobile number').fill('98450 12399');
    await page.getByLabel('Flat, house no.').fill('7');
    await page.getByLabel('Street, road').fill('CMH Road');
    await page.getByLabel('Pincode').fill('560038');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
    await page.getByRole('button', { name: 'Continue to map' }).click();
    await mapReady(page, '560038');
    // The other tab deletes it.
    await w.server.parts.sql.run("DELETE FROM addresses WHERE name = 'Ravi Rao'");
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'That address was deleted (in another tab or window): choose an address or add one.',
    );
    expect(await page.getByRole('button', { name: 'Deliver here' }).count()).toBe(1);
    await reviewShot(page, 'phone-address-deleted-elsewhere');
    expect(pageProblems(problems).filter((p) => !p.includes('404'))).toEqual([]);
    await page.context().close();
  });
});

describe('a shop whose only way to pay is closed to the order', () => {
  it('says the order cannot be placed, and places nothing', async () => {
    // Cash on delivery its only way, over its limit: "Continue" then said "Your order is placed" for an order the
    // shop had refused, and the session stayed unpaid.
    await w.admin('settings', { payment_enabled: false });
    await w.admin('cod_config', { cod_max_cart_value_paise: 100_000 });
    try {
      const { page, problems } = await returningBuyer('cod.only@example.com');
      await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
      await mapReady(page, '560038');
      await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
      await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Cash on delivery' }).isDisabled()).toBe(true);
      expect(await page.locator('.gc-form [role="note"]').last().textContent()).toBe(
        'This order cannot be placed as it is (see above): change the address or the cart, or contact the shop.',
      );
      for (const name of ['Place order', 'Continue'])
        expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
      await reviewShot(page, 'phone-no-way-to-pay');
      expect(pageProblems(problems)).toEqual([]);
      await page.context().close();
    } finally {
      await w.admin('cod_config', { cod_max_cart_value_paise: null });
      await w.admin('settings', { payment_enabled: true });
    }
  });
});

describe('a saved address edited so that it moves', () => {
  it('says on the map why the pin is not where the buyer left it', async () => {
    // Editing the street cleared the confirmed pin (the server's rule) and the map opened elsewhere without a word.
    const email = 'moved.pin@example.com';
    await savedAddresses(w, email, [{ ...HOME, latitude: 12.9784, longitude: 77.6408 }]);
    const opened = await openTouchPage(browser);
    const { page, problems } = opened;
    await page.goto(`${w.shop.origin}/`);
    await signIn(page, w.smtp, email, () => Promise.resolve());
    await page.getByRole('button', { name: `Edit ${HOME.name}` }).click();
    await page.getByLabel('Street, road').fill('80 Feet Road');
    await page.getByRole('button', { name: 'Continue to map' }).click();
    await mapReady(page, '560038');
    expect(await page.locator('.gc-form .gc-place-note').textContent()).toBe(
      'The address changed, so the pin starts from it again: move it to your door.',
    );
    await reviewShot(page, 'phone-map-address-moved');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
