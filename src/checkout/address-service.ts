// The buyer's address book and session steps behind /checkout-addresses; every call is scoped to the session's buyer.
import type { LocationApi } from '../geocoding/location-api.ts';
import { HttpError } from '../server/http-error.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import type { Address, AddressFields, AddressRepository } from './address-repository.ts';
import { COD_MESSAGES, codVerdict } from './cod.ts';
import type { MerchantRepository } from './merchant-repository.ts';
import type { AddressInput } from './schema.ts';
import type { CheckoutSession, SessionRepository, Utm } from './session-repository.ts';

/** An address as buyers see it. */
export type PublicAddress = Omit<Address, 'merchant_id' | 'is_default'> & { is_default: boolean };

export function publicAddress(a: Address): PublicAddress {
  const { merchant_id: _m, ...rest } = a;
  return { ...rest, is_default: a.is_default === 1 };
}

export class AddressService {
  constructor(
    private readonly addresses: AddressRepository,
    private readonly sessions: SessionRepository,
    private readonly merchants: MerchantRepository,
    private readonly location: LocationApi,
  ) {}

  list(s: CheckoutSession): { success: true; addresses: PublicAddress[] } {
    return { success: true, addresses: this.addresses.list(s.merchant_id, s.buyer_id).map(publicAddress) };
  }

  create(s: CheckoutSession, input: AddressInput, makeDefault = false): { success: true; address: PublicAddress } {
    this.assertPincode(input.pincode);
    const id = this.addresses.insert(s.merchant_id, s.buyer_id, toFields(input), makeDefault, now());
    return { success: true, address: publicAddress(this.get(s, id)) };
  }

  update(s: CheckoutSession, id: string, patch: Partial<AddressInput>): { success: true; address: PublicAddress } {
    const current = this.get(s, id);
    const merged = { ...current, ...patch };
    if (patch.pincode) this.assertPincode(patch.pincode);
    this.addresses.update(s.merchant_id, s.buyer_id, id, toFields(merged), now());
    return { success: true, address: publicAddress(this.get(s, id)) };
  }

  /** Deletes; when the default goes, the oldest remaining address becomes the default. */
  delete(s: CheckoutSession, id: string): { success: true; deleted: string } {
    const db = this.addresses.db;
    db.transaction(() => {
      const wasDefault = this.get(s, id).is_default === 1;
      this.addresses.delete(s.merchant_id, s.buyer_id, id);
      const next = this.addresses.list(s.merchant_id, s.buyer_id)[0];
      if (wasDefault && next) this.addresses.setDefault(s.merchant_id, s.buyer_id, next.id);
    })();
    return { success: true, deleted: id };
  }

  setDefault(s: CheckoutSession, id: string): { success: true; address: PublicAddress } {
    this.get(s, id);
    this.addresses.db.transaction(() => this.addresses.setDefault(s.merchant_id, s.buyer_id, id))();
    return { success: true, address: publicAddress(this.get(s, id)) };
  }

  /** Selects the address for the session, geocodes it if needed, and queues session.address_completed once per address. */
  addressCompleted(s: CheckoutSession, id: string): { success: true; session_id: string; address: PublicAddress } {
    this.assertActive(s);
    let address = this.get(s, id);
    if (address.geopin === null) address = this.geocode(address);
    const repeat = s.status === 'address_completed' && s.selected_address_id === id;
    if (!repeat) {
      const at = now();
      this.addresses.db.transaction(() => {
        this.sessions.markAddressCompleted(s.merchant_id, s.id, id, at);
        enqueueWebhook(this.addresses.db, {
          event: 'session.address_completed', merchant_id: s.merchant_id, buyer_id: s.buyer_id, session_id: s.id,
          auth_channel: s.auth_channel, timestamp: at, data: { address: publicAddress(address) },
        }, new Date(at));
      }).immediate();
    }
    return { success: true, session_id: s.id, address: publicAddress(address) };
  }

  codEligibility(s: CheckoutSession, input: { address_id?: string; pincode?: string; cart_value_paise?: number }) {
    const merchant = this.merchants.byId(s.merchant_id)!;
    const addressId = input.address_id ?? s.selected_address_id;
    const pincode = input.pincode ?? (addressId ? this.get(s, addressId).pincode : null);
    const cartValue = input.cart_value_paise ?? s.cart_value_paise;
    const verdict = codVerdict(merchant, cartValue, pincode);
    return {
      success: true as const, ...verdict, message: verdict.reason ? COD_MESSAGES[verdict.reason] : 'Cash on delivery is available', enabled: merchant.enable_cod, cart_value_paise: cartValue, pincode,
      cod_max_cart_value_paise: merchant.cod_max_cart_value_paise,
    };
  }

  abandon(s: CheckoutSession): { success: true; session_id: string; status: 'abandoned' } {
    this.sessions.markAbandoned(s.merchant_id, s.id, now());
    return { success: true, session_id: s.id, status: 'abandoned' };
  }

  /** Replaces the cart value and/or the UTM parameters (a key left out keeps its value). */
  updateSession(s: CheckoutSession, input: { cart_value_paise?: number | null; utm?: Utm }) {
    this.assertActive(s);
    const utm: Utm = {
      utm_source: s.utm_source ?? undefined, utm_medium: s.utm_medium ?? undefined, utm_campaign: s.utm_campaign ?? undefined,
      utm_term: s.utm_term ?? undefined, utm_content: s.utm_content ?? undefined, ...input.utm,
    };
    const cart = input.cart_value_paise === undefined ? s.cart_value_paise : input.cart_value_paise;
    this.sessions.saveCart(s.merchant_id, s.id, cart, utm);
    return { success: true as const, session_id: s.id, cart_value_paise: cart, utm };
  }

  private get(s: CheckoutSession, id: string): Address {
    const address = this.addresses.byId(s.merchant_id, s.buyer_id, id);
    if (!address) throw new HttpError(404, 'address_not_found', `No address ${id} for this buyer`);
    return address;
  }

  private assertPincode(pincode: string): void {
    if (!this.location.pincodeInfo(pincode)) throw new HttpError(400, 'invalid_pincode', `Pincode ${pincode} is not in the India Post directory`);
  }

  private assertActive(s: CheckoutSession): void {
    if (s.status === 'abandoned') throw new HttpError(409, 'session_abandoned', 'This checkout session was abandoned; start a new one');
  }

  private geocode(a: Address): Address {
    const hit = this.location.geocode({ address: [a.line1, a.line2, a.landmark].filter(Boolean).join(', '), city: a.city, state: a.state ?? undefined, pincode: a.pincode });
    if (!hit) return a;
    this.addresses.saveGeocode(a.merchant_id, a.id, hit.geopin, hit.latitude, hit.longitude);
    return { ...a, geopin: hit.geopin, latitude: hit.latitude, longitude: hit.longitude };
  }
}

function toFields(a: Omit<Partial<AddressInput>, 'country'> & Pick<AddressInput, 'line1' | 'city' | 'pincode'> & { country?: string }): AddressFields {
  return {
    name: a.name ?? null, phone: a.phone ?? null, line1: a.line1, line2: a.line2 ?? null, landmark: a.landmark ?? null,
    city: a.city, state: a.state ?? null, pincode: a.pincode, country: a.country ?? 'IN',
  };
}

function now(): string {
  return new Date().toISOString();
}
