// HTTP client for a Razorpay-style orders API (POST /v1/orders with HTTP Basic key_id:key_secret); no retries, bounded by a timeout.
import { z } from 'zod';

/** A merchant's gateway credentials, decrypted just for this call. */
export interface GatewayKeys {
  keyId: string;
  keySecret: string;
}

/** The order fields we send (Razorpay names them amount, currency, receipt, notes). */
export interface CreateOrderInput {
  amountPaise: number;
  /** @default 'INR' */
  currency?: string;
  /** Merchant-side reference, at most 40 characters at the gateway. */
  receipt?: string;
  notes?: Record<string, string>;
}

const OrderSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('order'),
  amount: z.number().int(),
  amount_paid: z.number().int().default(0),
  currency: z.string(),
  receipt: z.string().nullable().optional(),
  status: z.string(),
  created_at: z.number().int(),
});
/** The order fields we rely on from the gateway's answer. */
export type GatewayOrder = z.infer<typeof OrderSchema>;

const PaymentsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string().min(1),
      entity: z.literal('payment'),
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      order_id: z.string().nullable(),
    }),
  ),
});
/** A payment of an order as the gateway lists it (status created, authorized, captured, refunded or failed). */
export type GatewayPayment = z.infer<typeof PaymentsSchema>['items'][number];

/** True for a payment that holds the buyer's money (the gateway signs one for verify when authorized or captured). */
export function holdsMoney(payment: GatewayPayment): boolean {
  return payment.status === 'authorized' || payment.status === 'captured';
}

const ErrorBodySchema = z.object({ error: z.object({ code: z.string(), description: z.string() }) });

/**
 * Stable codes: gateway_timeout, gateway_unreachable, gateway_unavailable (429 or 5xx: ask again later),
 * gateway_auth_failed, gateway_rejected (another 4xx), gateway_bad_response.
 */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/** Where the gateway is and how long to wait for it. */
export interface GatewayClientOptions {
  /** e.g. https://api.razorpay.com or the emulator's http://127.0.0.1:PORT */
  baseUrl: string;
  /** Whole-request timeout. @default 10000 */
  timeoutMs: number;
}

/** One instance per server; holds no per-merchant state (keys are passed per call). */
export class GatewayClient {
  private readonly baseUrl: string;

  constructor(private readonly options: GatewayClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** Creates an order; the returned id is what the buyer's checkout and the signature refer to. */
  async createOrder(keys: GatewayKeys, input: CreateOrderInput): Promise<GatewayOrder> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0)
      throw new RangeError(`amountPaise ${input.amountPaise} must be a positive integer`);
    const body = {
      amount: input.amountPaise,
      currency: input.currency ?? 'INR',
      receipt: input.receipt,
      notes: input.notes ?? {},
    };
    const order = toOrder(await this.request(keys, 'POST', '/v1/orders', body));
    // An order for another amount or currency would be recorded and signed for as if it were the one asked for.
    if (order.amount !== body.amount || order.currency !== body.currency)
      throw new GatewayError(
        'gateway_bad_response',
        `gateway made order ${order.id} for ${order.amount} ${order.currency}, ` +
          `not the ${body.amount} ${body.currency} asked for`,
      );
    return order;
  }

  /** Reads an order back (status, amount_paid). */
  async fetchOrder(keys: GatewayKeys, orderId: string): Promise<GatewayOrder> {
    return toOrder(await this.request(keys, 'GET', `/v1/orders/${encodeURIComponent(orderId)}`));
  }

  /** The payments made for an order, whatever their status (Razorpay's GET /v1/orders/:id/payments). */
  async orderPayments(keys: GatewayKeys, orderId: string): Promise<GatewayPayment[]> {
    const json = await this.request(keys, 'GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`);
    const list = PaymentsSchema.safeParse(json);
    if (!list.success)
      throw new GatewayError(
        'gateway_bad_response',
        `gateway payments have an unexpected shape: ${list.error.issues[0]?.message ?? ''}`,
      );
    // A payment of another order would be recorded against this one.
    const stray = list.data.items.find((p) => p.order_id !== orderId);
    if (stray) throw new GatewayError('gateway_bad_response', `gateway listed payment ${stray.id} of another order`);
    return list.data.items;
  }

  private async request(keys: GatewayKeys, method: string, path: string, body?: unknown): Promise<unknown> {
    const auth = Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64');
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.baseUrl + path, {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      if (err instanceof DOMException && err.name === 'TimeoutError')
        throw new GatewayError('gateway_timeout', `gateway did not answer within ${this.options.timeoutMs} ms`);
      throw new GatewayError('gateway_unreachable', `gateway request failed: ${(err as Error).message}`);
    }
    return this.parse(res.status, text);
  }

  private parse(status: number, text: string): unknown {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy's HTML 502 or a bare 429 is still a gateway failing or throttling: its status says so, not its body.
      if (status < 400)
        throw new GatewayError('gateway_bad_response', `gateway answered ${status} with a non-JSON body`, status);
      json = null;
    }
    if (status >= 200 && status < 300) return json;
    const error = ErrorBodySchema.safeParse(json);
    const description = error.success ? error.data.error.description : `HTTP ${status}`;
    // Throttled or failing, the gateway may answer later; a refusal of the request itself will not change.
    const code =
      status === 401
        ? 'gateway_auth_failed'
        : status === 429 || status >= 500
          ? 'gateway_unavailable'
          : 'gateway_rejected';
    throw new GatewayError(code, `gateway: ${description}`, status);
  }
}

function toOrder(json: unknown): GatewayOrder {
  const order = OrderSchema.safeParse(json);
  if (!order.success)
    throw new GatewayError(
      'gateway_bad_response',
      `gateway order has an unexpected shape: ${order.error.issues[0]?.message ?? ''}`,
    );
  return order.data;
}
