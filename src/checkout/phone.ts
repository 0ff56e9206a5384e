// Phone numbers as buyers type them in India (10 digits, 0-prefixed, 91/+91, spaces, dashes) stored as E.164.
import { z } from 'zod';

/** Separators people type inside a number: spaces, dashes, dots and brackets around an area code. */
const SEPARATORS = /[\s\-.()]/g;
/** What the field accepts before normalising, for the OpenAPI document and forms: digits, separators, a leading +. */
const TYPED_PATTERN = '^\\s*\\+?[0-9\\s\\-.()]{8,24}\\s*$';
/**
 * India's national significant numbers are 10 digits: mobiles start with 6-9, landlines with their area code, which
 * starts with 1 in the north (011 Delhi, 0124 Gurugram, 0172 Chandigarh) and 2-8 elsewhere. None starts with 0.
 */
const NATIONAL = /^[1-9]\d{9}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/** Shown under the form's phone field as it is: a sentence a buyer can act on. */
export const PHONE_MESSAGE =
  'Enter an Indian number of 10 digits (98765 43210, 098765 43210, +91 98765 43210), or + country code and number';

/**
 * The E.164 form of a typed number, or null when it is not one: 10 national digits (optionally after 0, 91, +91,
 * +91 0 or 0091) become +91…; a number that starts with + (or 00) is kept when it is E.164 (other countries' too).
 */
export function toE164(typed: string): string | null {
  let compact = typed.trim().replace(SEPARATORS, '');
  // 00 is the international prefix dialled from India; a trunk 0 after +91 is written by many ("+91 (0) 98765…").
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (compact.startsWith('+910') && NATIONAL.test(compact.slice(4))) compact = `+91${compact.slice(4)}`;
  if (compact.startsWith('+')) {
    if (compact.startsWith('+91') && !NATIONAL.test(compact.slice(3))) return null;
    return E164.test(compact) ? compact : null;
  }
  if (!/^\d+$/.test(compact)) return null;
  const national =
    compact.length === 10 ? compact : compact.length === 11 && compact.startsWith('0') ? compact.slice(1) : null;
  if (national !== null) return NATIONAL.test(national) ? `+91${national}` : null;
  if (compact.length === 12 && compact.startsWith('91') && NATIONAL.test(compact.slice(2))) return `+${compact}`;
  return null;
}

/** A buyer's phone as typed; the parsed value is E.164 (+919876543210). */
export const BuyerPhoneSchema = z
  .string()
  .max(32)
  .meta({ pattern: TYPED_PATTERN })
  .transform((typed, ctx) => {
    const e164 = toE164(typed);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  })
  .meta({
    description:
      'Stored as E.164. Accepts 10 digits, 0, +91, +91 (0) or 0091 before them, spaces and dashes, or any E.164 number',
    examples: ['98765 43210', '+919876543210'],
  });
