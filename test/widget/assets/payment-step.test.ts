// The buyer's words for a payment refusal: money to come back said first, a refunded payment never asked to wait.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

interface Refusal {
  code: string;
  message: string;
  body: Record<string, unknown>;
}
const { buyerMessage } = await loadAsset<{ buyerMessage: (err: Refusal, total?: number) => string }>('payment-step.js');

describe('buyerMessage', () => {
  it('a payment the shop refunded asks for a new payment, without its id or the time it was recorded', () => {
    const message =
      'Gateway payment pay_R1 was refunded by the shop (recorded at 2026-11-30T05:00:00.000Z), so it cannot pay ' +
      'for this order: pay again';
    const said = buyerMessage({
      code: 'payment_refunded',
      message,
      body: { code: 'payment_refunded', message, gateway_payment_id: 'pay_R1' },
    });
    expect(said).toBe(
      'The shop has refunded this payment, so it cannot pay for the order. Place the order again to pay.',
    );
  });

  it('a payment that completed nothing says the shop will refund it, then why', () => {
    const said = buyerMessage(
      {
        code: 'amount_mismatch',
        message: 'differs',
        body: { refund_required: true, amount_paise: 10_000, cart_value_paise: 20_000 },
      },
      20_000,
    );
    expect(said).toMatch(/^Your payment of ₹100(\.00)? was not used for this order; the shop will refund it\. /);
    expect(said).toMatch(/changed the total to ₹200/);
  });
});
