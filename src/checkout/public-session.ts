// The session as the admin API shows it: UTM grouped, token hash never included.
import { UTM_KEYS, type CheckoutSession, type Utm } from './session-repository.ts';

export function publicSession(s: CheckoutSession) {
  const utm: Utm = {};
  for (const key of UTM_KEYS) if (s[key] !== null) utm[key] = s[key];
  return {
    id: s.id, buyer_id: s.buyer_id, email: s.email, auth_channel: s.auth_channel, status: s.status, cart_value_paise: s.cart_value_paise,
    utm, selected_address_id: s.selected_address_id, created_at: s.created_at, expires_at: s.expires_at,
    address_completed_at: s.address_completed_at, abandoned_at: s.abandoned_at,
  };
}
