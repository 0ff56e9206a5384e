// Serviceability: the pincode must exist in the postal directory, then the merchant's courier endpoint decides (fail-open).
import { extend } from '../kernel/extend.ts';
import type { PostalDirectory } from './ports.ts';
import type { Clock } from '../kernel/clock.ts';
import { newId } from '../kernel/ids.ts';
import type { EgressPolicy } from '../net/egress-policy.ts';
import { postJson } from '../net/post-json.ts';
import { signBody, standardWebhookHeaders } from '../kernel/crypto.ts';

/** The document's reasons: why no definite answer was had (fail-open), or why the pincode is refused. */
export const SERVICEABILITY_REASONS = [
  'not_configured',
  'invalid_pincode',
  'merchant_error',
  'merchant_unreachable',
  'invalid_response',
] as const;
export type ServiceabilityReason = (typeof SERVICEABILITY_REASONS)[number];

export interface ServiceabilityResult {
  /** True when the merchant has a courier coverage endpoint. */
  enabled: boolean;
  /** True when a definite answer was obtained (directory miss or a valid courier answer). */
  checked: boolean;
  /** Null when unknown (not configured or the courier endpoint failed: checkout continues). */
  serviceable: boolean | null;
  pincode: string;
  message: string;
  block_checkout: boolean;
  /** The pincode exists but none of its post offices delivers: warn, do not block. */
  show_postal_delivery_warning: boolean;
  /** Null when the courier endpoint gave a definite answer. */
  reason: ServiceabilityReason | null;
}

export interface ServiceabilityInput {
  pincode: string;
  lat?: number;
  lng?: number;
}

/**
 * Checks `input` for a merchant. The courier endpoint receives POST {pincode, lat, lng, merchant_id}, signed like a webhook
 * when the merchant has a webhook secret, and must answer 2xx JSON {serviceable: boolean, message?: string}; any failure
 * lets checkout continue (fail-open) with the reason.
 */
export async function checkServiceability(
  location: PostalDirectory,
  merchant: { id: string; courier_coverage_url: string | null },
  /** The merchant's webhook secret: signs the request so the endpoint can tell it came from us. */
  secret: string | null,
  input: ServiceabilityInput,
  call: CourierCall,
): Promise<ServiceabilityResult> {
  const info = location.pincodeFacts(input.pincode);
  const base = { enabled: merchant.courier_coverage_url !== null, pincode: input.pincode };
  if (!info) {
    return extend(base, {
      checked: true,
      serviceable: false,
      block_checkout: true,
      show_postal_delivery_warning: false,
      reason: 'invalid_pincode',
      message: `Pincode ${input.pincode} is not in the India Post directory`,
    });
  }
  const warn = !info.delivery;
  const open = (reason: ServiceabilityReason, message: string): ServiceabilityResult =>
    extend(base, {
      checked: false,
      serviceable: null,
      block_checkout: false,
      show_postal_delivery_warning: warn,
      reason,
      message,
    });
  if (!merchant.courier_coverage_url)
    return open('not_configured', 'Courier coverage is not configured; delivery assumed');
  const request = { pincode: input.pincode, lat: input.lat ?? null, lng: input.lng ?? null, merchant_id: merchant.id };
  const answer = await askCourier(merchant.courier_coverage_url, JSON.stringify(request), secret, call);
  if (answer.kind !== 'ok') return open(answer.kind, answer.message);
  const serviceable = answer.serviceable;
  return extend(base, {
    checked: true,
    serviceable,
    block_checkout: !serviceable,
    show_postal_delivery_warning: warn,
    reason: null,
    message:
      answer.message ??
      (serviceable ? `We deliver to ${input.pincode}` : `Sorry, we do not deliver to ${input.pincode} yet`),
  });
}

type CourierAnswer =
  | { kind: 'ok'; serviceable: boolean; message: string | null }
  | { kind: 'merchant_error' | 'merchant_unreachable' | 'invalid_response'; message: string };

/** How the courier endpoint is called: within the egress policy (re-checked, DNS included, at every call) and a deadline. */
export interface CourierCall {
  egress: EgressPolicy;
  timeoutMs: number;
  clock: Clock;
}

/** Courier answers are a small JSON object; more is an invalid response. */
const MAX_COURIER_ANSWER_BYTES = 4096;

async function askCourier(url: string, body: string, secret: string | null, call: CourierCall): Promise<CourierAnswer> {
  const now = call.clock();
  const headers = {
    'content-type': 'application/json',
    'x-service-timestamp': now.toISOString(),
    ...(secret ? { 'x-service-signature': signBody(body, secret) } : {}),
    ...standardWebhookHeaders(newId(), body, secret, now),
  };
  const result = await postJson(url, body, headers, {
    policy: call.egress,
    timeoutMs: call.timeoutMs,
    maxResponseBytes: MAX_COURIER_ANSWER_BYTES,
  });
  if ('error' in result) {
    const why =
      result.error === 'timeout'
        ? `did not answer within ${call.timeoutMs} ms`
        : `could not be reached (${result.error})`;
    return { kind: 'merchant_unreachable', message: `Courier coverage endpoint ${why}; delivery assumed` };
  }
  // A redirect is not followed: the endpoint did not answer where it was configured.
  if (result.status >= 300 && result.status < 400)
    return {
      kind: 'merchant_unreachable',
      message: `Courier coverage endpoint redirected (HTTP ${result.status}); delivery assumed`,
    };
  if (result.status < 200 || result.status >= 300)
    return {
      kind: 'merchant_error',
      message: `Courier coverage endpoint answered HTTP ${result.status}; delivery assumed`,
    };
  try {
    if (result.truncated) throw new Error('answer too large');
    const parsed = JSON.parse(result.body) as { serviceable?: unknown; message?: unknown };
    if (typeof parsed?.serviceable !== 'boolean') throw new Error('no boolean serviceable');
    return {
      kind: 'ok',
      serviceable: parsed.serviceable,
      message: typeof parsed.message === 'string' ? parsed.message.slice(0, 300) : null,
    };
  } catch {
    return {
      kind: 'invalid_response',
      message: 'Courier coverage endpoint sent an unreadable answer; delivery assumed',
    };
  }
}
