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
  const scan = scanJson(text);
  if (scan.depth > MAX_JSON_DEPTH) {
    throw refusal('invalid', 'invalid_json', `Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refusal('invalid', 'invalid_json', 'Request body is not valid JSON');
  }
  // I-JSON (RFC 7493): a lone surrogate is no text; stored, it would come back as three U+FFFD.
  if (scan.surrogateEscape && !wellFormed(value))
    throw refusal(
      'invalid',
      'invalid_json',
      'Request body has a string with an unpaired UTF-16 surrogate escape (\\uD800-\\uDFFF): not Unicode text',
    );
  return value;
}

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether every string (keys too) in a parsed value is well-formed Unicode. */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(wellFormed);
  return Object.entries(value).every(([key, item]) => wellFormed(key) && wellFormed(item));
}

/**
 * Deepest [ / { nesting outside strings (counting stops once past the limit), and whether a string escapes a surrogate
 * (`\uD800`-`\uDFFF`, which may be unpaired): the one way a parsed body holds text that is not Unicode.
 */
function scanJson(text: string): { depth: number; surrogateEscape: boolean } {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let surrogateEscape = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) {
        // backslash: skip the escaped character, noting \uD8.. to \uDF..
        if (text.charCodeAt(i + 1) === 117 && (text.charCodeAt(i + 2) | 32) === 100) {
          const third = text.charCodeAt(i + 3) | 32;
          if ((third >= 56 && third <= 57) || (third >= 97 && third <= 102)) surrogateEscape = true;
        }
        i++;
      } else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest && (deepest = depth) > MAX_JSON_DEPTH) return { depth: deepest, surrogateEscape };
    } else if (c === 93 || c === 125) depth--;
  }
  return { depth: deepest, surrogateEscape };
}
