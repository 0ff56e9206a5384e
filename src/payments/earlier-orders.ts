// Before a session gets a new gateway order, its earlier ones still being checked are asked of the gateway: a buyer
// whose tab lost a payment's answer (a reload, an app switch to UPI, a dropped network) must not be charged twice.
import type { GatewayClient, GatewayKeys } from './gateway-client.ts';
import { heldPayments } from './gateway-asked.ts';
import type { PaymentOrderRow, PaymentRepository } from './repository.ts';

/** Earlier orders asked about at most (the newest): a buyer pays again after one lost answer, not after ten. */
const ASKED = 3;

/**
 * Settles (with `settle`, as verify would) any payment the gateway holds for the session's unsettled orders; a
 * gateway that cannot be asked refuses the new order (502) rather than risk a second charge.
 */
export async function settleEarlierOrders(
  repo: PaymentRepository,
  gateway: GatewayClient,
  keys: GatewayKeys,
  sessionId: string,
  settle: (order: PaymentOrderRow, paymentId: string) => Promise<unknown>,
): Promise<void> {
  for (const order of await repo.unsettledOrders(sessionId, ASKED))
    for (const payment of await heldPayments(gateway, keys, order.gateway_order_id))
      await settle(order, payment.id).catch(() => undefined);
}
