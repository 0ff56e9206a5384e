// JSON request bodies: parsed only after a cheap nesting-depth scan, so `[[[[…]]]]` costs a linear pass and a 400.
import { refusal } from './errors.ts';

/** Bodies decode as Buffer#toString did: invalid bytes become U+FFFD, a byte order mark stays (and JSON.parse refuses it). */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A request body's bytes as text. */
export function decodeBody(bytes: ArrayBuffer | Uint8Array): string {
  return UTF8.decode(bytes);
}

/** Deeper JSON is refused: no request shape of either service nests beyond a handful of levels. */
const MAX_JSON_DEPTH = 16;

/** The body parsed as JSON (undefined when empty); 400 invalid_json for malformed or too deeply nested input. */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) return undefined;
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw refusal('invalid', 'invalid_json', `Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw refusal('invalid', 'invalid_json', 'Request body is not valid JSON');
  }
}

/** Deepest [ / { nesting outside strings; stops counting once past the limit. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest && (deepest = depth) > MAX_JSON_DEPTH) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}
