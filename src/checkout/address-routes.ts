// POST /checkout-addresses: the buyer's address book, session steps and the serviceability check, with the session token.
import { z } from 'zod';
import type { Clock } from '../kernel/clock.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import type { PostalDirectory } from './ports.ts';
import type { EgressPolicy } from '../net/egress-policy.ts';
import type { AddressService, SessionContext } from './address-service.ts';
import { AddressSchema, CodEligibilitySchema, ServiceabilitySchema, SessionStatusSchema } from './responses.ts';
import { AddressActionSchemas, CartValueSchema } from './schema.ts';
import type { SecretBox } from './secrets.ts';
import { checkServiceability } from './serviceability.ts';

export interface AddressRouteDeps {
  book: AddressService;
  location: PostalDirectory;
  secrets: SecretBox;
  courierTimeoutMs: number;
  egress: EgressPolicy;
  clock: Clock;
}

const BUYER_MAX_BODY_BYTES = 16 * 1024;
const SessionIdSchema = z.object({ session_id: z.uuid() });

export function addressRoutes(d: AddressRouteDeps): RouteDef[] {
  const route = routesWith<SessionContext>();
  const action = <K extends keyof typeof AddressActionSchemas>(name: K) => ({
    method: 'post' as const,
    path: '/checkout-addresses',
    action: { name, in: 'body' as const },
    auth: 'session' as const,
    tag: 'checkout-buyer',
    browser: true,
    maxBodyBytes: BUYER_MAX_BODY_BYTES,
    body: AddressActionSchemas[name],
  });
  const one = z.object({ address: AddressSchema });
  // Saved as typed; where the pincode, city or state disagree with the locality, the widget asks "did you mean …?".
  const saved = one.extend({
    warnings: z
      .array(z.enum(['pincode_mismatch', 'city_mismatch', 'state_mismatch']))
      .meta({ description: 'Typed fields that disagree with the place the address lines name; empty when none' }),
    suggestions: z
      .object({ pincode: z.string().optional(), city: z.string().optional(), state: z.string().optional() })
      .meta({ description: 'For each warning, the value the rest of the address points to' }),
  });
  return [
    route({
      ...action('serviceability_check'),
      response: ServiceabilitySchema,
      waits: true,
      summary: "Is the pincode deliverable? The postal directory, then the merchant's courier endpoint (fail-open).",
      handle: async ({ auth, body }) => {
        const { merchant } = auth;
        // Decrypted only when a courier call will be signed with it.
        const secret =
          merchant.courier_coverage_url && merchant.webhook_secret_enc
            ? d.secrets.decrypt(merchant.webhook_secret_enc)
            : null;
        return checkServiceability(d.location, merchant, secret, body, {
          timeoutMs: d.courierTimeoutMs,
          egress: d.egress,
          clock: d.clock,
        });
      },
    }),
    route({
      ...action('list'),
      response: z.object({ addresses: z.array(AddressSchema) }),
      summary: "The buyer's saved addresses, default first.",
      handle: ({ auth }) => d.book.list(auth),
    }),
    route({
      ...action('create'),
      response: saved,
      errors: { 409: 'address_book_full: the buyer keeps 50 addresses already; delete one first' },
      summary:
        'Saves an address (pincode from the India Post directory, one address line; district and state filled from the pincode).',
      handle: ({ auth, body }) => d.book.create(auth, body.address, body.is_default ?? false),
    }),
    route({
      ...action('update'),
      response: saved,
      errors: { 404: 'No such address' },
      summary: 'Changes the fields sent; the result is checked as on create.',
      handle: ({ auth, body }) => d.book.update(auth, body.address_id, body.address),
    }),
    route({
      ...action('delete'),
      response: z.object({ deleted: z.uuid() }),
      errors: {
        404: 'No such address',
        409: 'address_in_payment: an open checkout chose it and made a gateway order, which may still be paid',
      },
      summary: 'Deletes an address; when it was the default, the oldest remaining one becomes the default.',
      handle: ({ auth, body }) => d.book.delete(auth, body.address_id),
    }),
    route({
      ...action('set_default'),
      response: one,
      errors: { 404: 'No such address' },
      summary: 'Makes the address the default.',
      handle: ({ auth, body }) => d.book.setDefault(auth, body.address_id),
    }),
    route({
      ...action('address_completed'),
      response: SessionIdSchema.extend({ address: AddressSchema }),
      errors: { 404: 'No such address', 409: 'The session is paid or abandoned' },
      summary:
        'Verifies and selects the address for the session and sends session.address_completed (once per address).',
      handle: ({ auth, body }) => d.book.addressCompleted(auth, body.address_id),
    }),
    route({
      ...action('cod_eligibility'),
      response: CodEligibilitySchema,
      errors: { 404: 'No such address', 409: 'amount_paise differs from the cart value the merchant set' },
      summary: "Is cash on delivery available for the session's cart and the chosen (or given) address?",
      handle: ({ auth, body }) => d.book.codEligibility(auth, body),
    }),
    route({
      ...action('abandon'),
      response: SessionIdSchema.extend({ status: z.literal('abandoned') }),
      errors: { 409: 'The session is paid' },
      summary: 'Marks the session abandoned (a paid session cannot be).',
      handle: ({ auth }) => d.book.abandon(auth),
    }),
    route({
      ...action('session_status'),
      response: SessionStatusSchema,
      summary:
        "The session's state; once its order is placed (completed), how and where it ships, for another tab to show.",
      handle: ({ auth }) => d.book.sessionStatus(auth),
    }),
    route({
      ...action('update_session'),
      response: SessionIdSchema.extend({
        cart_value_paise: CartValueSchema.nullable(),
        utm: z.record(z.string(), z.string()),
      }),
      errors: { 409: 'The session is paid or abandoned, or its cart value was set by the merchant' },
      summary: "The widget's cart value and UTM parameters.",
      handle: ({ auth, body }) => d.book.updateSession(auth, body),
    }),
  ];
}
