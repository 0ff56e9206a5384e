// The gateway asked on a buyer's request: its failures are the buyer's 502, and an order another account's key made
// (test keys replaced by live ones) is one it knows nothing of.
import { DomainError } from '../kernel/errors.ts';
import {
  GatewayError,
  holdsMoney,
  type GatewayClient,
  type GatewayKeys,
  type GatewayPayment,
} from './gateway-client.ts';

/** A gateway failure as the 502 a buyer's request answers (its code kept); anything else as it is. */
export function asUpstream(err: unknown, context = ''): unknown {
  return err instanceof GatewayError ? new DomainError('upstream', err.code, `${err.message}${context}`) : err;
}

/** The payments of order `orderId` that hold the buyer's money; none when the gateway knows no such order. */
export async function heldPayments(
  gateway: GatewayClient,
  keys: GatewayKeys,
  orderId: string,
): Promise<GatewayPayment[]> {
  const payments = await gateway.orderPayments(keys, orderId).catch((err: unknown) => {
    if (err instanceof GatewayError && err.code === 'gateway_rejected') return [];
    throw asUpstream(err, ` (asking about order ${orderId})`);
  });
  return payments.filter(holdsMoney);
}
