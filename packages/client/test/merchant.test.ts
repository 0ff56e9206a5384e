// The merchant client against a real server: every admin action, offers, and an import of 5,001 rows split and reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Shop } from '../../../test/checkout/support.ts';
import { BuyerClient, ConflictError, MerchantClient, NotFoundError, type ImportProgress } from '../src/index.ts';
import { recordingFetch, rejection } from './support.ts';

let h: Harness;
let shop: Shop;
let merchant: MerchantClient;
beforeAll(async () => {
  h = await startHarness();
  shop = await h.merchant('Client shop');
  merchant = new MerchantClient({ baseUrl: h.server.baseUrl, apiKey: shop.key });
});
afterAll(async () => h.dispose());

describe('importCustomers', () => {
  it('imports 5,001 rows as two batches of 5,000 and 1, reports progress after each, and numbers rows globally', async () => {
    const { fetch, sent } = recordingFetch();
    const client = new MerchantClient({ baseUrl: h.server.baseUrl, apiKey: shop.key, fetch });
    const rows = Array.from({ length: 5001 }, (_, i) => ({
      legacy_customer_id: `C${i}`,
      email: `c${i}@example.com`,
      pincode: '560038',
    }));
    rows[4999] = { legacy_customer_id: 'C4999', email: 'not-an-email', pincode: '560038' };
    rows[5000] = { ...rows[5000]!, favourite_colour: 'blue' } as never;
    const progress: ImportProgress[] = [];
    const answer = await client.importCustomers(rows, { batchLabel: 'export', onProgress: (p) => progress.push(p) });

    expect(sent.map((s) => [s.body.batch_label, s.body.rows.length])).toEqual([
      ['export (1/2)', 5000],
      ['export (2/2)', 1],
    ]);
    expect(progress.map(({ batch: _, ...p }) => p)).toEqual([
      { done: 5000, total: 5001, batches: 1, totalBatches: 2, imported: 4999, errors: 1 },
      { done: 5001, total: 5001, batches: 2, totalBatches: 2, imported: 5000, errors: 1 },
    ]);
    expect(answer).toMatchObject({
      total_rows: 5001,
      imported_count: 5000,
      error_count: 1,
      unknown_columns: ['favourite_colour'],
    });
    expect(answer.results.map((r) => r.row_index)).toEqual(rows.map((_, i) => i));
    expect(answer.results[4999]).toMatchObject({ success: false, error_code: 'invalid_email' });
    expect(answer.results[5000]).toMatchObject({ success: true, buyer_id: expect.any(String) });
    const [first, second] = answer.batches;
    expect(await client.importStatus(first!.batch_id)).toMatchObject({
      batch: { status: 'completed', total_rows: 5000, imported_count: 4999, label: 'export (1/2)' },
      errors: [{ row_index: 4999, error_code: 'invalid_email', legacy_external_id: 'C4999' }],
    });
    expect((await client.importStatus(second!.batch_id)).batch).toMatchObject({ total_rows: 1, label: 'export (2/2)' });
  });

  it('refuses a batch size over the documented 5,000 before sending anything', async () => {
    await expect(merchant.importCustomers([{ email: 'a@example.com' }], { batchRows: 5001 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('admin actions', () => {
  it('reads and changes every setting', async () => {
    expect(
      await merchant.updateCodConfig({ enable_cod: true, cod_blocked_pincodes: ['110001', '110001'] }),
    ).toMatchObject({ enable_cod: true, cod_blocked_pincodes: ['110001'] });
    expect(await merchant.getCodConfig()).toMatchObject({ enable_cod: true });
    expect(await merchant.updateWebhooks({ webhook_secret: 'whsec_0123456789abcdef' })).toMatchObject({
      webhook_secret_set: true,
    });
    expect(await merchant.getWebhooks()).toEqual({ webhook_url: null, webhook_secret_set: true });
    expect(
      await merchant.setPaymentConfig({
        gateway_key_id: 'rzp_test_x',
        gateway_secret_key: 'secret_0123',
        payment_enabled: false,
      }),
    ).toMatchObject({ gateway_key_id: 'rzp_test_x', payment_enabled: false });
    expect(await merchant.getPaymentConfig()).toMatchObject({ gateway_secret_key_set: true });
    expect(await merchant.updateSettings({ allowed_origins: ['https://Shop.example/'] })).toMatchObject({
      allowed_origins: ['https://shop.example'],
    });
    expect(await merchant.getSettings()).toMatchObject({ courier_coverage_url: null });
    expect(await rejection(merchant.testWebhook())).toMatchObject({
      name: 'ConflictError',
      status: 409,
      code: 'webhook_not_configured',
    });
    expect(await rejection(merchant.redeliverFailing())).toMatchObject({
      name: 'ConflictError',
      status: 409,
      code: 'webhook_not_configured',
    });
    const missing = await rejection(merchant.importStatus('00000000-0000-4000-8000-000000000000'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe('batch_not_found');
  });

  it('creates and lists offers, and reports sessions and the funnel of a buyer it drove', async () => {
    const offer = await merchant.createOffer({
      title: '10% off',
      discount_type: 'percent',
      discount_value: 10,
      utm_rules: {},
    });
    expect(await merchant.listOffers()).toEqual([offer]);

    const buyer = new BuyerClient({ baseUrl: h.server.baseUrl, merchantId: shop.id });
    await buyer.trackEvent({ event_type: 'checkout_opened', step: 'email' });
    expect(await buyer.sendOtp('asha@example.com')).toMatchObject({ reused: false });
    const code = await h.smtp.nextCode('asha@example.com');
    const session = await buyer.verifyOtp({ email: 'asha@example.com', code });
    const signedIn = buyer.withSession(session.session_token);
    const { address, warnings } = await signedIn.createAddress({
      flat_number: '12',
      street_name: '100 Feet Road',
      pincode: '560038',
    });
    expect(warnings).toEqual([]);
    expect(await signedIn.listAddresses()).toEqual([address]);
    expect((await signedIn.updateAddress(address.id, { landmark: 'Near the metro' })).address).toMatchObject({
      landmark: 'Near the metro',
    });
    // A pincode that disagrees with the locality is saved as typed, with what to ask the buyer.
    const typo = { flat_number: 'C-45', locality: 'Lajpat Nagar IV', city: 'New Delhi', pincode: '110042' };
    const mismatched = await signedIn.createAddress(typo);
    expect(mismatched).toMatchObject({ warnings: ['pincode_mismatch'], suggestions: { pincode: '110024' } });
    expect(mismatched.address.pincode).toBe('110042');
    const fixed = await signedIn.updateAddress(mismatched.address.id, { pincode: '110024' });
    expect(fixed).toMatchObject({ warnings: [], suggestions: {}, address: { pincode: '110024' } });
    await signedIn.deleteAddress(mismatched.address.id);
    expect(await signedIn.addressCompleted()).toMatchObject({
      session_id: session.session_id,
      address: { id: address.id },
    });
    expect(await signedIn.serviceabilityCheck({ pincode: '560038' })).toMatchObject({
      reason: 'not_configured',
      block_checkout: false,
    });
    expect(await signedIn.offer()).toMatchObject({ id: offer.id });
    expect(await merchant.setSessionCart(session.session_id, 149900)).toMatchObject({ cart_value_source: 'merchant' });
    expect(await signedIn.codEligibility()).toMatchObject({ eligible: true, cart_value_paise: 149900 });
    expect(await rejection(signedIn.createOrder())).toBeInstanceOf(ConflictError);
    expect(await signedIn.recordCod()).toEqual({ payment_method: 'cod' });
    expect(await signedIn.recordCod({ amount_paise: 149900 })).toEqual({ payment_method: 'cod' });
    expect(await signedIn.sessionStatus()).toMatchObject({ status: 'completed', payment_method: 'cod' });
    // Another amount was not recorded: refused, not answered as if it were.
    expect(await rejection(signedIn.recordCod({ amount_paise: 5 }))).toBeInstanceOf(ConflictError);

    const sessions = await merchant.sessions({ from: new Date(Date.now() - 60_000), limit: 5 });
    expect(sessions).toMatchObject({
      total: 1,
      limit: 5,
      sessions: [{ id: session.session_id, payment: { status: 'cod' } }],
    });
    const funnel = await merchant.funnel({ from: new Date(Date.now() - 60_000) });
    expect(funnel.events).toMatchObject({ checkout_opened: 1 });
  });
});
