// "Kothrud Pune mob no 9822012345": a buyer's phone number, with or without its label, is no part of the address.

/** A label before a phone number: "Mob:", "mobile no.", "Ph", "Tel", "Contact No.". */
const LABEL = String.raw`(?:\b(?:mob(?:ile)?|ph(?:one)?|tel|cell|contact|whatsapp)\b\.?(?:\s*no\b\.?)?\s*(?:[:.-]\s*)?)?`;
/**
 * Ten digits from 6-9, maybe a space or dash after the fifth ("98765 43210"), "+91" before them or "91"/"0" written on
 * (never a "91" apart: "Sector 91 98765 43210" keeps its sector).
 */
const MOBILE = String.raw`(?:\+91[\s-]?|\b91|\b0|(?<!\d))[6-9]\d{4}[\s-]?\d{5}(?!\d)`;
/** A landline with its 0-prefixed area code apart ("080-25531234"): never a pincode, which has no leading 0. */
const LANDLINE = String.raw`\b0\d{2,4}[\s-]\d{6,8}(?!\d)`;
const CONTACT = new RegExp(`${LABEL}(?:${MOBILE}|${LANDLINE})`, 'gi');

/** `text` with each phone number and its label replaced by a comma, so the words on either side stay apart. */
export function withoutPhoneNumbers(text: string): string {
  // Every number matched holds five digits in a row; most addresses hold none, and skip the regex.
  return /\d{5}/.test(text) ? text.replace(CONTACT, ',') : text;
}
