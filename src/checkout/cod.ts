// Cash-on-delivery rules: enabled, cart value at most the cap, pincode not blocked. Pure; callers pass the facts.
import type { Merchant } from './merchant-repository.ts';

/** Why COD is refused, in the order the rules are checked. */
export const COD_REASONS = [
  'cod_disabled',
  'cart_value_unknown',
  'cart_value_exceeds_limit',
  'pincode_unknown',
  'pincode_blocked',
] as const;
export type CodReason = (typeof COD_REASONS)[number];

/** Human-readable text per reason, shown to buyers. */
export const COD_MESSAGES: Record<CodReason, string> = {
  cod_disabled: 'Cash on delivery is not available for this store',
  cart_value_unknown: 'The cart value is needed to check cash on delivery',
  cart_value_exceeds_limit: 'The cart value is above the cash-on-delivery limit',
  pincode_unknown: 'A delivery pincode is needed to check cash on delivery',
  pincode_blocked: 'Cash on delivery is not available for this pincode',
};

export interface CodVerdict {
  eligible: boolean;
  /** Null when eligible; otherwise the first rule that failed, in the order listed in CodReason. */
  reason: CodReason | null;
}

/** Decides COD for a cart value and delivery pincode under the merchant's config. */
export function codVerdict(
  merchant: Pick<Merchant, 'enable_cod' | 'cod_max_cart_value_paise' | 'cod_blocked_pincodes'>,
  cartValuePaise: number | null,
  pincode: string | null,
): CodVerdict {
  if (!merchant.enable_cod) return { eligible: false, reason: 'cod_disabled' };
  if (merchant.cod_max_cart_value_paise !== null) {
    if (cartValuePaise === null) return { eligible: false, reason: 'cart_value_unknown' };
    if (cartValuePaise > merchant.cod_max_cart_value_paise)
      return { eligible: false, reason: 'cart_value_exceeds_limit' };
  }
  if (merchant.cod_blocked_pincodes.length > 0) {
    if (pincode === null) return { eligible: false, reason: 'pincode_unknown' };
    if (merchant.cod_blocked_pincodes.includes(pincode)) return { eligible: false, reason: 'pincode_blocked' };
  }
  return { eligible: true, reason: null };
}
