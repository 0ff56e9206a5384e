// The buyer endpoints for server-side use: email OTP, funnel events, addresses, COD, offers and payments of one merchant.
import { Transport, type CallOptions, type ClientOptions, type RequestSpec } from './transport.js';
import type {
  Abandoned,
  Address,
  AddressCompleted,
  AddressFields,
  AddressSaved,
  AddressUpdate,
  BannerOffer,
  CodEligibility,
  CodEligibilityInput,
  CodRecorded,
  CreateOrderInput,
  FunnelEvent,
  OrderCreated,
  OtpSent,
  OtpVerified,
  OtpVerifyInput,
  PaymentVerified,
  PaymentVerifyInput,
  RecordCodInput,
  Serviceability,
  ServiceabilityInput,
  SessionStatus,
  SessionUpdate,
  SessionUpdated,
} from './types.js';

export interface BuyerClientOptions extends ClientOptions {
  /** The merchant whose checkout this is. */
  merchantId: string;
  /** The buyer's `session_token` from `verifyOtp`, for the signed-in calls; `withSession` sets it later. */
  sessionToken?: string;
}

type Body = Record<string, unknown>;

/**
 * One buyer's checkout as the merchant's server drives it. Calls made before sign-in need only `merchantId`; the
 * others need the `session_token` that `verifyOtp` returns (`withSession(token)` gives a client that sends it).
 */
export class BuyerClient {
  private readonly transport: Transport;

  constructor(private readonly options: BuyerClientOptions) {
    if (typeof options?.merchantId !== 'string' || options.merchantId === '')
      throw new TypeError('merchantId is required');
    this.transport = new Transport(options, options.sessionToken ? { 'x-session-token': options.sessionToken } : {});
  }

  /** A client for the same merchant that sends `sessionToken`. */
  withSession(sessionToken: string): BuyerClient {
    return new BuyerClient({ ...this.options, sessionToken });
  }

  // Before sign-in

  /** Mails a 6-digit code (a live code is reused: `reused: true`, nothing mailed, so repeating is safe). */
  sendOtp(email: string, options?: CallOptions): Promise<OtpSent> {
    return this.fields(
      '/checkout-email-otp',
      { action: 'send', email, merchant_id: this.options.merchantId },
      true,
      options,
    );
  }
  /** Checks the code and opens a session; the answer's `session_token` signs the next calls. Codes are single use. */
  verifyOtp(input: Omit<OtpVerifyInput, 'merchant_id'>, options?: CallOptions): Promise<OtpVerified> {
    const body = { ...input, action: 'verify', merchant_id: this.options.merchantId };
    return this.fields('/checkout-email-otp', body, false, options);
  }
  /** Records one funnel event (each call is one more event, so it is not repeated on a lost answer). */
  async trackEvent(event: Omit<FunnelEvent, 'merchant_id'>, options?: CallOptions): Promise<void> {
    await this.fields('/checkout-funnel-events', { ...event, merchant_id: this.options.merchantId }, false, options);
  }

  // Addresses and the session (x-session-token)

  async listAddresses(options?: CallOptions): Promise<Address[]> {
    return (await this.address<{ addresses: Address[] }>({ action: 'list' }, true, options)).addresses;
  }
  /**
   * Saves the address as typed; `warnings` name fields that disagree with the place its lines name ("did you mean
   * `suggestions.pincode`?"), for the buyer to confirm or correct.
   */
  createAddress(address: AddressFields, isDefault?: boolean, options?: CallOptions): Promise<AddressSaved> {
    const body = { action: 'create', address, ...(isDefault === undefined ? {} : { is_default: isDefault }) };
    return this.address(body, false, options);
  }
  /** Changes the fields given; answers like `createAddress`. */
  updateAddress(addressId: string, changes: AddressUpdate, options?: CallOptions): Promise<AddressSaved> {
    return this.address({ action: 'update', address_id: addressId, address: changes }, true, options);
  }
  /** Deletes an address (a repeat answers 404, so it is not retried on a lost answer). */
  async deleteAddress(addressId: string, options?: CallOptions): Promise<{ deleted: string }> {
    return this.address({ action: 'delete', address_id: addressId }, false, options);
  }
  async setDefaultAddress(addressId: string, options?: CallOptions): Promise<Address> {
    return (await this.address<{ address: Address }>({ action: 'set_default', address_id: addressId }, true, options))
      .address;
  }
  /** Verifies and selects the address (default: the buyer's default) and queues `session.address_completed` once. */
  addressCompleted(addressId?: string, options?: CallOptions): Promise<AddressCompleted> {
    return this.address(
      { action: 'address_completed', ...(addressId ? { address_id: addressId } : {}) },
      true,
      options,
    );
  }
  codEligibility(input: CodEligibilityInput = {}, options?: CallOptions): Promise<CodEligibility> {
    return this.address({ ...input, action: 'cod_eligibility' }, true, options);
  }
  serviceabilityCheck(input: ServiceabilityInput, options?: CallOptions): Promise<Serviceability> {
    return this.address({ ...input, action: 'serviceability_check' }, true, options);
  }
  updateSession(changes: SessionUpdate, options?: CallOptions): Promise<SessionUpdated> {
    return this.address({ ...changes, action: 'update_session' }, true, options);
  }
  abandon(options?: CallOptions): Promise<Abandoned> {
    return this.address({ action: 'abandon' }, false, options);
  }
  /** The session's state; once its order is placed, how (payment_method, payment) and where it ships. */
  sessionStatus(options?: CallOptions): Promise<SessionStatus> {
    return this.address({ action: 'session_status' }, true, options);
  }
  /** The offer banner for this session, or null. */
  async offer(options?: CallOptions): Promise<BannerOffer> {
    const spec: RequestSpec = { method: 'GET', path: '/checkout-offers', idempotent: true, ...options };
    return (await this.transport.request<{ data: BannerOffer }>(spec)).data;
  }

  // Payments (x-session-token)

  /** A gateway order for the merchant-set cart, else for `amount_paise`; each call creates a new order. */
  createOrder(input: CreateOrderInput = {}, options?: CallOptions): Promise<OrderCreated> {
    return this.fields('/checkout-payment', { ...input, action: 'create_order' }, false, options);
  }
  /** Checks the gateway's signature and records the payment; repeating it answers the same and queues nothing. */
  verifyPayment(input: PaymentVerifyInput, options?: CallOptions): Promise<PaymentVerified> {
    return this.fields('/checkout-payment', { ...input, action: 'verify' }, true, options);
  }
  /**
   * Records cash on delivery for the merchant-set cart, else for `amount_paise` (needed when the shop caps COD and no
   * cart is known); repeating it for the same amount answers the same.
   */
  recordCod(input: RecordCodInput = {}, options?: CallOptions): Promise<CodRecorded> {
    return this.fields('/checkout-payment', { ...input, action: 'record_cod' }, true, options);
  }

  private async address<T>(body: Body, idempotent: boolean, options?: CallOptions): Promise<T> {
    return (await this.post<{ data: T }>('/checkout-addresses', body, idempotent, options)).data;
  }

  /** Routes that answer at the top level (`{success, …fields}`): the fields. */
  private async fields<T>(path: string, body: Body, idempotent: boolean, options?: CallOptions): Promise<T> {
    const { success: _, ...fields } = await this.post<T & { success: true }>(path, body, idempotent, options);
    return fields as T;
  }

  private post<T>(path: string, body: Body, idempotent: boolean, options?: CallOptions): Promise<T> {
    const spec: RequestSpec = { method: 'POST', path, body, idempotent, ...options };
    return this.transport.request<T>(spec);
  }
}
