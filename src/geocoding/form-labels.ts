// "City: Pune, Area: Baner": an address pasted from a form keeps the form's labels; they name no place.

/**
 * A label that says only which field follows ("City:", "Area :", "Pin code:"), at the start of a piece or after a
 * space; the markers that also say what the place is (Dist:, Vill:, PO:) are left to the parser, which reads them.
 */
const LABEL = /(^|[\s,;|])(?:city|area|address|addr|locality|state|country|town|pin\s?code|pin|zip(?:\s?code)?)\s*:/gi;

/** `text` with each form label replaced by a comma: the label's value is a part of its own. */
export function withoutFormLabels(text: string): string {
  return text.includes(':') ? text.replace(LABEL, '$1,') : text;
}
