// What checkout answers for payments (the port payments declares): COD rules, the amount, steps, the address kept.
import type { Sql } from '../db/sql.ts';
import type { AddressService, SessionContext } from './address-service.ts';
import type { DeliveryAddresses } from './delivery-addresses.ts';
import type { MerchantRepository } from './merchant-repository.ts';
import { discountOn, matchOffer } from './offer-match.ts';
import type { OfferRepository } from './offer-repository.ts';
import type { SecretBox } from './secrets.ts';
import type { SessionRepository } from './session-repository.ts';
import { amountToCharge } from './session-cart.ts';
import { assertAllowed, type SessionStatus, type SessionStep } from './session-states.ts';

export function paymentHooks(
  book: AddressService,
  secrets: SecretBox,
  store: {
    sessions: SessionRepository;
    merchants: MerchantRepository;
    deliveries: DeliveryAddresses;
    offers: OfferRepository;
  },
) {
  return {
    /** A session with its merchant as the session token would load it, whatever its state or expiry. */
    async payingSession(merchantId: string, sessionId: string): Promise<SessionContext | null> {
      const [session, merchant] = await Promise.all([
        store.sessions.byId(merchantId, sessionId),
        store.merchants.byId(merchantId),
      ]);
      return session && merchant ? { session, merchant } : null;
    },
    /** COD for the session's chosen address and `amountPaise`; the reason when not allowed. */
    async codDecision(payer: SessionContext, amountPaise: number | null) {
      const verdict = await book.codFor(payer, amountPaise);
      return verdict.reason
        ? { allowed: false as const, reason: verdict.reason, message: verdict.message }
        : { allowed: true as const };
    },
    amountToCharge,
    assertAllowed: (step: SessionStep, session: { status: SessionStatus }) => assertAllowed(step, session.status),
    decrypt: (sealed: string) => secrets.decrypt(sealed),
    keepDeliveryAddress: (tx: Sql, merchantId: string, sessionId: string) =>
      store.deliveries.keep(tx, merchantId, sessionId),
    /**
     * The offer `amountPaise` took off the session's cart: the banner offer the session matches at `now`, when the cart
     * less its discount is that amount; null otherwise (no offer, or an amount it does not explain).
     */
    async offerPaid(tx: Sql, merchantId: string, sessionId: string, amountPaise: number, now: string) {
      const session = await store.sessions.in(tx).byId(merchantId, sessionId);
      const cart = session?.cart_value_paise ?? null;
      if (!session || cart === null || amountPaise >= cart) return null;
      const offer = matchOffer(await store.offers.in(tx).live(merchantId, cart, now), session, now);
      if (!offer || cart - discountOn(offer, cart) !== amountPaise) return null;
      return { id: offer.id, title: offer.title, discount_paise: cart - amountPaise };
    },
  };
}
