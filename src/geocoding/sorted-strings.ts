// Binary search over a sorted string list by integers: each item's first five characters packed into one number.
import { StringHash } from './string-hash.ts';

/** Characters the packing covers, in code-unit order; the place index's keys, tokens and skeletons use only these. */
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const PACKED = 5;
/** Rank of a code unit (1-36; the end of a string is 0), -1 outside the alphabet; \uffff ends a range and ranks last. */
const RANK = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) RANK[ALPHABET.charCodeAt(i)] = i + 1;
const LAST = 63;
/** A packed code's value per unit of its first two characters (three more characters of six bits each follow). */
const HEAD_UNIT = 64 ** 3;
/** Two-character starts a packed code can have. */
const HEADS = 64 * 64;

/** The first five characters as a number that sorts as the text does, or -1 when one is outside the alphabet. */
function pack(text: string): number {
  let code = 0;
  for (let i = 0; i < PACKED; i++) {
    const c = text.charCodeAt(i);
    const rank = i >= text.length ? 0 : c < 128 ? RANK[c]! : c === 0xffff ? LAST : -1;
    if (rank < 0) return -1;
    code = code * 64 + rank;
  }
  return code;
}

/**
 * A sorted list (JavaScript's code-unit order) searched by its items' packed starts first: integer comparisons narrow
 * the search to the items sharing the value's first five characters, and only those compare as strings. A list with
 * an item outside the alphabet searches by strings alone.
 */
export class SortedStrings {
  private readonly codes: Int32Array | null;
  /** First index of each two-character start (its packed code / 64^3), and the length last: ranges of a head at once. */
  private readonly heads: Int32Array | null;
  private exact: StringHash | undefined;

  constructor(readonly items: string[]) {
    const codes = new Int32Array(items.length);
    for (let i = 0; i < items.length; i++) {
      codes[i] = pack(items[i]!);
      if (codes[i]! < 0) {
        this.codes = null;
        this.heads = null;
        return;
      }
    }
    this.codes = codes;
    this.heads = new Int32Array(HEADS + 1);
    let head = 0;
    for (let i = 0; i < codes.length; i++) while (head <= Math.floor(codes[i]! / HEAD_UNIT)) this.heads[head++] = i;
    while (head <= HEADS) this.heads[head++] = codes.length;
  }

  /** Where `value` sorts: its index when present. */
  lowerBound(value: string): number {
    const codes = this.codes;
    const code = codes === null ? -1 : pack(value);
    if (codes === null || code < 0) return lowerBound(this.items, value, 0, this.items.length);
    const lo = firstAtLeast(codes, code, 0, codes.length);
    // Up to five characters, the packed start is the whole text: an equal one is the same string.
    if (value.length <= PACKED) return lo;
    return lowerBound(this.items, value, lo, firstAtLeast(codes, code + 1, lo, codes.length));
  }

  /** Index of `value`, or -1 (from a hash table made on the first call: 8-16 bytes an item). */
  indexOf(value: string): number {
    return (this.exact ??= new StringHash(this.items)).indexOf(value);
  }

  /** [lo, hi) of the items starting with `prefix`. */
  range(prefix: string): [number, number] {
    // Two characters (the typo search's heads): read off the table.
    const code = prefix.length === 2 && this.heads !== null ? pack(prefix) : -1;
    if (code >= 0) return [this.heads![code / HEAD_UNIT]!, this.heads![code / HEAD_UNIT + 1]!];
    return [this.lowerBound(prefix), this.lowerBound(`${prefix}\uffff`)];
  }
}

/** First index in [lo, hi) of `sorted` (ascending) whose number is not below `value` (hi when none). */
export function firstAtLeast(sorted: Int32Array, value: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) of `sorted` whose item is not below `value` (hi when none). */
export function lowerBound(sorted: string[], value: string, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
