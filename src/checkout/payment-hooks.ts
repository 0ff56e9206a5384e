// What checkout answers for payments (the port payments declares): COD rules, the amount to charge, allowed steps.
import type { AddressService, SessionContext } from './address-service.ts';
import type { SecretBox } from './secrets.ts';
import { amountToCharge } from './session-cart.ts';
import { assertAllowed, type SessionStatus, type SessionStep } from './session-states.ts';

export function paymentHooks(book: AddressService, secrets: SecretBox) {
  return {
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
  };
}
