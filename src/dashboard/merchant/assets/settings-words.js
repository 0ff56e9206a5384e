// What the settings forms say in the shop owner's words: the blocked-pincode list as typed, and why a URL was refused.

const SIX_DIGITS = /^\d{6}$/;

/**
 * The pincodes of a box typed or pasted in any form: commas, semicolons, spaces and line breaks separate, but a pincode
 * written in two groups of three ("560 001") is one. Each once, in the order typed, the bad entries apart.
 */
export function pincodeList(text) {
  const joined = text.replace(/(?<!\d)(\d{3})[ \u00a0](\d{3})(?!\d)/g, '$1$2');
  const entries = [...new Set(joined.split(/[\s,;]+/).filter(Boolean))];
  return { pincodes: entries.filter((p) => SIX_DIGITS.test(p)), bad: entries.filter((p) => !SIX_DIGITS.test(p)) };
}

/** "These are not 6-digit pincodes: 56001, abc", every bad entry named. */
export function badPincodes(bad) {
  if (bad.length === 0) return null;
  return bad.length === 1
    ? `This is not a 6-digit pincode: ${bad[0]}`
    : `These are not 6-digit pincodes: ${bad.join(', ')}`;
}

/** "India Post has no pincode 999999": six digits the directory does not know (a typo; no buyer can have it). */
export function unknownPincodes(unknown) {
  return unknown.length === 1
    ? `India Post has no pincode ${unknown[0]}: check it, or leave it out.`
    : `India Post has none of these pincodes: ${unknown.join(', ')}. Check them, or leave them out.`;
}

/** Where the webhooks doc tells how to reach a receiver on one's own computer. */
export const TUNNEL_ADVICE =
  'docs/webhooks.md, “Testing against a local or staging receiver”: use a tunnel that gives it an https address';

/** A URL the server refused (webhook, courier coverage), its category in brackets, in words. */
export function urlWords(message, example) {
  const category = /\((\w+)\)$/.exec(message)?.[1];
  if (category === 'blocked_scheme') return `The address must start with https:// (for example ${example}).`;
  if (category === 'blocked_port')
    return 'This port is not allowed: leave the port out, so the address uses https’s usual port (443).';
  if (category === 'blocked_address')
    return (
      'This address is on this computer or a private network, which the server cannot call. Use an https address ' +
      'on the internet; for a receiver on your own computer, use a tunnel (docs/webhooks.md).'
    );
  if (category === 'bad_url') return `Enter a whole web address, for example ${example}.`;
  if (/control characters/.test(message))
    return 'The address holds a hidden character (a tab or a line break): type it again.';
  return `This address was refused: ${message}.`;
}
