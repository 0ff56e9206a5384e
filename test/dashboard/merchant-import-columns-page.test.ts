// Chromium drives the import with a storefront's customer export: its own column names ("First Name", "Default Address
// Zip", "Phone") and 10-digit mobiles are read into the import's rows, and a file with no address column it understands
// is refused before anything is sent.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { eventually, openPage } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@kurta.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Kurta House', USER);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

const SHOPIFY = [
  'First Name,Last Name,Email,Default Address Company,Default Address Address1,Default Address Address2,' +
    'Default Address City,Default Address Province Code,Default Address Zip,Phone,Accepts Email Marketing',
  'Asha,Rao,asha@example.in,,12 CMH Road,Indiranagar,Bengaluru,KA,560038,098450 12345,yes',
  'Ravi,Kumar,ravi@example.in,,4 Janpath,,New Delhi,DL,110001,+91 98111 22334,no',
  // As a spreadsheet leaves them: a pincode marked as text or spaced out, a landline with its area code.
  "Meera,Iyer,meera@example.in,,7 Linking Road,,Mumbai,MH,'400050,+91 22 2351 0000,no",
  "Kiran,Das,kiran@example.in,,2 Park Street,,Kolkata,WB,700 016,'+919830012345,no",
].join('\r\n');

async function upload(text: string, name: string) {
  const { page, problems } = await openPage(browser);
  await signInByMail(page, `${server.baseUrl}/merchant#import`, USER, smtp);
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload' }).click();
  return { page, problems };
}

describe("a storefront's customer export", () => {
  it('is read into the import: names joined, addresses and pincodes found, mobiles as +91', async () => {
    // Only the emails were saved: every other column was ignored, and "098450 12345" was refused as no E.164 number.
    const { page, problems } = await upload(SHOPIFY, 'customers_export.csv');
    await eventually(() => page.locator('#import-status').textContent()).toMatch(/^Done: 4 rows sent; read /);
    const said = (await page.locator('#import-status').textContent())!;
    expect(said).toContain('default address zip as pincode');
    expect(said).toContain('phone as phone_e164');
    expect(said).toContain('ignored columns: default address company, default address province code');
    const rows = await server.parts.sql.all(
      `SELECT b.email, b.phone AS phone_e164, a.name, a.street_name, a.locality, a.city, a.pincode
         FROM buyers b JOIN addresses a ON a.buyer_id = b.id WHERE b.merchant_id = ? ORDER BY b.email`,
      [shop.id],
    );
    expect(rows).toEqual([
      {
        email: 'asha@example.in',
        phone_e164: '+919845012345',
        name: 'Asha Rao',
        street_name: '12 CMH Road',
        locality: 'Indiranagar',
        city: 'Bengaluru',
        pincode: '560038',
      },
      {
        email: 'kiran@example.in',
        phone_e164: '+919830012345',
        name: 'Kiran Das',
        street_name: '2 Park Street',
        locality: null,
        city: 'Kolkata',
        pincode: '700016',
      },
      {
        email: 'meera@example.in',
        phone_e164: '+912223510000',
        name: 'Meera Iyer',
        street_name: '7 Linking Road',
        locality: null,
        city: 'Mumbai',
        pincode: '400050',
      },
      {
        email: 'ravi@example.in',
        phone_e164: '+919811122334',
        name: 'Ravi Kumar',
        street_name: '4 Janpath',
        locality: null,
        city: 'New Delhi',
        pincode: '110001',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('is refused before anything is sent when no column it understands is an address', async () => {
    const { page } = await upload('E-mail,Adresse,Postleitzahl\r\nx@example.in,1 Main Road,560001\r\n', 'other.csv');
    await eventually(() => page.locator('#import-status').textContent()).toBe(
      'Import stopped: no column of the file is an address, and these were not understood: adresse, postleitzahl. ' +
        'Name the columns as listed above; nothing was imported',
    );
    expect(await server.parts.sql.all('SELECT id FROM import_batches WHERE merchant_id = ?', [shop.id])).toHaveLength(
      1,
    );
  });
});
