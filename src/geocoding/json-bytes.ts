// Plain JSON read straight from request bytes, for hot routes' fast checks: fixed texts, whitespace and numbers. Anything
// else makes the reader give up, and the caller falls back to JSON.parse and the schema.

/** Byte-for-character, so offsets in the bytes are offsets in the text. */
const LATIN1 = new TextDecoder('latin1');
/** 10^k for k = 0..22: every one is exact in binary64. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_v, k) => 10 ** k);
/** Integers below this are exact in binary64 (and so is every step of accumulating one digit by digit). */
const MAX_EXACT = 2 ** 53;

/**
 * A JSON text's bytes: `text` reads a fixed piece (a key, a brace), `number` a value, `end` what is left. Reads never
 * go past the end (an out-of-bounds read would send V8's optimised code back to the interpreter).
 */
export class JsonBytes {
  private at = 0;
  /** The bytes as text, made the first time a number needs it. */
  private decoded: string | null = null;

  constructor(private readonly bytes: Uint8Array) {}

  /** Bytes `start..end` as text (ASCII: a number's characters). */
  private latin1(start: number, end: number): string {
    this.decoded ??= LATIN1.decode(this.bytes);
    return this.decoded.slice(start, end);
  }

  /** Skips whitespace, then matches `piece` (ASCII, no whitespace inside); false when the bytes differ. */
  text(piece: Uint8Array): boolean {
    const bytes = this.bytes;
    const at = skipSpace(bytes, this.at);
    if (at + piece.length > bytes.length) return false;
    for (let i = 0; i < piece.length; i++) if (bytes[at + i] !== piece[i]) return false;
    this.at = at + piece.length;
    return true;
  }

  /**
   * Skips whitespace, then reads a JSON number: the value JSON.parse gives, or NaN (and nothing read) for a malformed one.
   * Digits that fit an exact integer (below 2^53) scaled by at most 10^22 are one division of two exact values, so
   * correctly rounded; longer numbers and exponents go to Number(), whose algorithm JSON.parse shares.
   */
  number(): number {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = skipSpace(bytes, this.at);
    let i = start;
    const negative = i < length && bytes[i] === 0x2d;
    if (negative) i++;
    const first = i;
    let digits = 0;
    let c: number;
    while (i < length && (c = bytes[i]!) >= 0x30 && c <= 0x39) {
      digits = digits * 10 + (c - 0x30);
      i++;
    }
    // JSON allows no leading zero ("01") and needs a digit before any point.
    if (i === first || (bytes[first] === 0x30 && i - first > 1)) return NaN;
    let fraction = 0;
    if (i < length && bytes[i] === 0x2e) {
      const point = ++i;
      while (i < length && (c = bytes[i]!) >= 0x30 && c <= 0x39) {
        digits = digits * 10 + (c - 0x30);
        i++;
      }
      fraction = i - point;
      if (fraction === 0) return NaN;
    }
    let exact = digits < MAX_EXACT && fraction < POWERS_OF_TEN.length;
    if (i < length && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
      exact = false;
      if (++i < length && (bytes[i] === 0x2b || bytes[i] === 0x2d)) i++;
      const exponent = i;
      while (i < length && (c = bytes[i]!) >= 0x30 && c <= 0x39) i++;
      if (i === exponent) return NaN;
    }
    this.at = i;
    if (!exact) return Number(this.latin1(start, i));
    const value = digits / POWERS_OF_TEN[fraction]!;
    return negative ? -value : value;
  }

  /** Only whitespace is left. */
  end(): boolean {
    return skipSpace(this.bytes, this.at) === this.bytes.length;
  }
}

/** The index of the first byte at or after `at` that is not JSON whitespace (or the length). */
function skipSpace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length) {
    const c = bytes[at]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    at++;
  }
  return at;
}

/** A fixed piece of JSON as bytes, for `JsonBytes.text`. */
export function jsonPiece(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
