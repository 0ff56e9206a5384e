// Plain JSON read straight from request bytes, for hot routes' fast checks: fixed texts, whitespace, and numbers on their
// exact fast path. Anything else makes the reader give up, and the caller falls back to JSON.parse and the schema.

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

  constructor(private readonly bytes: Uint8Array) {}

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
   * Skips whitespace, then reads a number without an exponent whose digits fit an exact integer (below 2^53) scaled by
   * at most 10^22: one division of two exact values, so correctly rounded, the value JSON.parse gives. NaN for any other
   * number or text (leading zeros, an exponent, more digits), which JSON.parse must judge.
   */
  number(): number {
    const bytes = this.bytes;
    const length = bytes.length;
    let i = skipSpace(bytes, this.at);
    const negative = i < length && bytes[i] === 0x2d;
    if (negative) i++;
    const first = i;
    let digits = 0;
    let c = 0;
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
    // An exponent, or digits past exactness: JSON.parse's full algorithm decides.
    if ((i < length && (bytes[i] === 0x65 || bytes[i] === 0x45)) || digits >= MAX_EXACT || fraction >= POWERS_OF_TEN.length) return NaN;
    this.at = i;
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
