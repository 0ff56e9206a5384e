// The buyer's address book and session steps behind /checkout-addresses; every call is scoped to the session's buyer.
import { extend } from '../kernel/extend.ts';
import type { Clock } from '../kernel/clock.ts';
import { sessionEvent } from '../kernel/events.ts';
import { DomainError } from '../kernel/errors.ts';
import type { PostalDirectory } from './ports.ts';
import {
  ADDRESS_FIELDS,
  type Address,
  type AddressFields,
  type AddressRepository,
  type Pin,
} from './address-repository.ts';
import { editAddress, LINE_FIELDS, pickFields, withPincodePlace } from './address-edit.ts';
import { COD_MESSAGES, codVerdict } from './cod.ts';
import { amountToCharge } from './session-cart.ts';
import { assertAllowed } from './session-states.ts';
import type { Merchant } from './merchant-repository.ts';
import type { AddressInput } from './schema.ts';
import type { CheckoutSession, SessionRepository, Utm } from './session-repository.ts';

/** An address as buyers and merchants see it. */
export type PublicAddress = Omit<Address, 'merchant_id' | 'is_default'> & { is_default: boolean };

export function publicAddress(a: Address): PublicAddress {
  const { merchant_id: _m, ...rest } = a;
  return { ...rest, is_default: a.is_default === 1 };
}

/** Fields of the typed address that disagree with its locality, and what the rest of it suggests instead. */
export interface Mismatches {
  warnings: string[];
  suggestions: { pincode?: string; city?: string; state?: string };
}

/** What a session-scoped call knows: the session and its merchant (loaded once, by the session authenticator). */
export interface SessionContext {
  session: CheckoutSession;
  merchant: Merchant;
}

export interface AddressServiceDeps {
  addresses: AddressRepository;
  sessions: SessionRepository;
  location: PostalDirectory;
  clock: Clock;
  /** Called after a session.address_completed row committed (wakes the webhook dispatcher). */
  queued: () => void;
}

export class AddressService {
  constructor(private readonly d: AddressServiceDeps) {}

  async list({ session: s }: SessionContext): Promise<{ addresses: PublicAddress[] }> {
    return { addresses: (await this.d.addresses.list(s.merchant_id, s.buyer_id)).map(publicAddress) };
  }

  /** A create sent again (its answer lost, or a second tap) answers the address it saved and adds nothing. */
  async create(
    { session: s }: SessionContext,
    input: AddressInput,
    makeDefault = false,
  ): Promise<{ address: PublicAddress } & Mismatches> {
    const typed = toFields(input);
    const pin = this.pinOf(input);
    const { id } = await this.d.addresses.saveNew(s.merchant_id, s.buyer_id, this.checked(typed), makeDefault, pin);
    return { address: publicAddress(await this.get(s, id)), ...this.mismatches(typed) };
  }

  /**
   * The same checks as create, on the merged address. A confirmed pin in the patch replaces the stored one; without one,
   * the pin is cleared when a field that places the address changed (it belonged to the old text) and kept otherwise.
   * An open checkout that had confirmed this address goes back to `verified` (address_completed again queues the new
   * one); while an online payment for it may still complete, 409 `address_in_payment`, as for delete.
   */
  async update(
    { session: s }: SessionContext,
    id: string,
    patch: Partial<AddressInput>,
  ): Promise<{ address: PublicAddress } & Mismatches> {
    const current = await this.get(s, id);
    const edit = editAddress(pickFields(current), toFields(patch, true));
    const { merged } = edit;
    const confirmed = this.pinOf(patch);
    const pin = confirmed ?? (edit.moved ? null : 'keep');
    const movesDelivery =
      edit.movesDelivery ||
      (confirmed !== null && (confirmed.latitude !== current.latitude || confirmed.longitude !== current.longitude));
    await this.d.addresses.update(s.merchant_id, s.buyer_id, id, this.checked(merged), pin, movesDelivery);
    return { address: publicAddress(await this.get(s, id)), ...this.mismatches(merged) };
  }

  /**
   * Where the buyer's pincode, city or state disagree with the locality they wrote ("did you mean 110024?"): the
   * geocoder's warnings and suggestions, shown by the widget; what the buyer typed is stored unchanged.
   */
  private mismatches(typed: AddressFields): Mismatches {
    const lines = [typed.flat_number, typed.building_name, typed.street_name, typed.locality, typed.landmark]
      .filter(Boolean)
      .join(', ');
    const hit =
      lines && typed.pincode
        ? this.d.location.geocode({
            address: lines,
            city: typed.city ?? undefined,
            state: typed.state ?? undefined,
            pincode: typed.pincode,
          })
        : null;
    return { warnings: hit?.warnings ?? [], suggestions: hit?.suggestions ?? {} };
  }

  async delete({ session: s }: SessionContext, id: string): Promise<{ deleted: string }> {
    await this.get(s, id);
    await this.d.addresses.delete(s.merchant_id, s.buyer_id, id);
    return { deleted: id };
  }

  async setDefault({ session: s }: SessionContext, id: string): Promise<{ address: PublicAddress }> {
    await this.get(s, id);
    await this.d.addresses.setDefault(s.merchant_id, s.buyer_id, id);
    return { address: publicAddress(await this.get(s, id)) };
  }

  /**
   * Verifies and selects the address (imported ones are verified here, lazily), queueing session.address_completed once
   * per address. Without an id, the buyer's default address.
   */
  async addressCompleted(
    { session: s }: SessionContext,
    addressId?: string,
  ): Promise<{ session_id: string; address: PublicAddress }> {
    assertAllowed('select_address', s.status);
    const id = addressId ?? (await this.d.addresses.list(s.merchant_id, s.buyer_id))[0]?.id;
    if (id === undefined) throw new DomainError('not_found', 'address_not_found', 'The buyer has no saved address');
    let address = await this.get(s, id);
    this.checked(pickFields(address));
    if (address.geopin === null) address = await this.geocode(address);
    if (!(s.status === 'address_completed' && s.selected_address_id === id)) {
      const at = this.d.clock().toISOString();
      const event = sessionEvent(s, 'session.address_completed', { address: publicAddress(address) }, at);
      await this.d.sessions.completeAddress(s.merchant_id, s.id, id, at, event);
      this.d.queued();
    }
    return { session_id: s.id, address: publicAddress(address) };
  }

  /**
   * COD for the session and the chosen (or given) address under the merchant's rules. The amount is the merchant's fixed
   * cart when set (a different amount_paise is 409), else amount_paise, else the widget's cart value.
   */
  async codEligibility(
    ctx: SessionContext,
    input: { address_id?: string; pincode?: string; amount_paise?: number; cart_value_paise?: number },
  ) {
    const { session: s } = ctx;
    const amount = amountToCharge(s, input.amount_paise ?? input.cart_value_paise) ?? s.cart_value_paise;
    return this.codFor(ctx, amount, input);
  }

  /** The COD verdict for a resolved amount: the pincode is the given one, else the given or selected address's. */
  async codFor(
    { session: s, merchant }: SessionContext,
    amount: number | null,
    input: { address_id?: string; pincode?: string } = {},
  ) {
    const addressId = input.address_id ?? s.selected_address_id;
    const pincode = input.pincode ?? (addressId ? (await this.get(s, addressId)).pincode : null);
    const verdict = codVerdict(merchant, amount, pincode);
    return extend(verdict, {
      message: verdict.reason ? COD_MESSAGES[verdict.reason] : 'Cash on delivery is available',
      enabled: merchant.enable_cod,
      cart_value_paise: amount,
      cart_value_source: s.cart_value_source,
      pincode,
      cod_max_cart_value_paise: merchant.cod_max_cart_value_paise,
    });
  }

  /**
   * The session's state and, once its order is placed, how (the payment's fields as session_already_paid carries them)
   * and where it ships: what a second tab of the checkout, or one reloaded, shows instead of steps refused.
   */
  async sessionStatus({ session: s }: SessionContext) {
    const placed = await this.d.sessions.placedOrder(s.merchant_id, s.id);
    return {
      session_id: s.id,
      status: s.status,
      payment_method: placed?.payment_method ?? null,
      payment: placed
        ? {
            gateway_order_id: placed.gateway_order_id,
            gateway_payment_id: placed.gateway_payment_id,
            amount_paise: placed.amount_paise,
          }
        : null,
      address_id: placed?.address_id ?? null,
      geopin: placed?.geopin ?? null,
      selected_address_id: s.selected_address_id,
    };
  }

  /** A paid session cannot be abandoned (409): it would be counted as lost while the order exists. */
  async abandon({ session: s }: SessionContext): Promise<{ session_id: string; status: 'abandoned' }> {
    assertAllowed('abandon', s.status);
    await this.d.sessions.markAbandoned(s.merchant_id, s.id, this.d.clock().toISOString());
    return { session_id: s.id, status: 'abandoned' };
  }

  /** The widget's cart value and UTM parameters (a UTM key left out keeps its value). */
  async updateSession({ session: s }: SessionContext, input: { cart_value_paise?: number | null; utm?: Utm }) {
    assertAllowed('change_cart', s.status);
    const utm: Utm = {
      utm_source: s.utm_source ?? undefined,
      utm_medium: s.utm_medium ?? undefined,
      utm_campaign: s.utm_campaign ?? undefined,
      utm_term: s.utm_term ?? undefined,
      utm_content: s.utm_content ?? undefined,
      ...input.utm,
    };
    // A merchant-set cart value is the one orders use; the widget cannot overwrite it.
    if (input.cart_value_paise !== undefined && s.cart_value_source === 'merchant') {
      throw new DomainError(
        'conflict',
        'cart_value_locked',
        "The merchant set this session's cart value; it cannot be changed from the widget",
      );
    }
    const cart = input.cart_value_paise === undefined ? s.cart_value_paise : input.cart_value_paise;
    const source = input.cart_value_paise === undefined ? s.cart_value_source : cart === null ? null : 'widget';
    await this.d.sessions.saveCart(s.merchant_id, s.id, cart, source, utm);
    return { session_id: s.id, cart_value_paise: cart, utm };
  }

  /** The buyer's confirmed map point, when the input has one: both coordinates, inside the geopin grid. */
  private pinOf(input: Partial<AddressInput>): Pin | null {
    const { latitude, longitude } = input;
    if (latitude === undefined && longitude === undefined) return null;
    const geopin =
      latitude === undefined || longitude === undefined ? null : this.d.location.geopinAt(latitude, longitude);
    if (geopin === null || latitude === undefined || longitude === undefined)
      throw new DomainError('invalid', 'invalid_pin', 'latitude and longitude must both be given, inside India');
    return { geopin, latitude, longitude };
  }

  private async get(s: CheckoutSession, id: string): Promise<Address> {
    const address = await this.d.addresses.byId(s.merchant_id, s.buyer_id, id);
    if (!address) throw new DomainError('not_found', 'address_not_found', `No address ${id} for this buyer`);
    return address;
  }

  /** A usable address: a pincode from the India Post directory and one address line; district and state filled from it. */
  private checked(fields: AddressFields): AddressFields {
    if (!fields.pincode) throw new DomainError('invalid', 'incomplete_address', 'The address needs a pincode');
    const info = this.d.location.pincodeFacts(fields.pincode);
    if (!info)
      throw new DomainError(
        'invalid',
        'invalid_pincode',
        `Pincode ${fields.pincode} is not in the India Post directory`,
      );
    if (LINE_FIELDS.every((f) => !fields[f])) {
      throw new DomainError('invalid', 'incomplete_address', `The address needs one of ${LINE_FIELDS.join(', ')}`);
    }
    return withPincodePlace(fields, info);
  }

  private async geocode(a: Address): Promise<Address> {
    const street = [a.flat_number, a.building_name, a.street_name, a.locality, a.landmark].filter(Boolean).join(', ');
    const hit = this.d.location.geocode({
      address: street,
      city: a.city ?? a.district ?? undefined,
      state: a.state ?? undefined,
      pincode: a.pincode ?? undefined,
    });
    if (!hit) return a;
    await this.d.addresses.saveGeocode(a.merchant_id, a.id, hit.geopin, hit.latitude, hit.longitude);
    return { ...a, geopin: hit.geopin, latitude: hit.latitude, longitude: hit.longitude };
  }
}

/** Input to stored fields; with `partial`, keys the caller left out stay out (so they keep their value). */
function toFields(input: Partial<AddressInput>, partial = false): AddressFields {
  const out: Partial<AddressFields> = {};
  for (const f of ADDRESS_FIELDS) {
    if (input[f] !== undefined) out[f] = input[f] ?? null;
    else if (!partial) out[f] = null;
  }
  return out as AddressFields;
}
