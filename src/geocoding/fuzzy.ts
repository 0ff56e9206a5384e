// Bounded typo tolerance: optimal-string-alignment distance with early exit, over the sorted key or token lists of the place index.
import { firstAtLeast, type SortedStrings } from './sorted-strings.ts';

/** Most list items one fuzzy search compares; keeps a search under ~0.3 ms whatever the query. */
export const FUZZY_BUDGET = 3000;

/** Work done by one call (entries, keys and comparisons examined); past `limit`, searches stop and keep what they found. */
export interface Work {
  count: number;
  limit?: number;
  /** fuzzyFind's answers of this call by list and query: a word searched again (city, then all India) costs nothing. */
  found?: Map<SortedStrings, Map<string, FuzzyHit[]>>;
}

/** True once `work` has used its budget. */
export function spent(work: Work): boolean {
  return work.limit !== undefined && work.count >= work.limit;
}

/** Edit distance allowed for a word of this length: none below 5 letters, 1 up to 8, then 2. */
export function maxEdits(length: number): number {
  return length < 5 ? 0 : length < 9 ? 1 : 2;
}

const BIG = 1 << 20;
let prev2 = new Int32Array(67);
let prev = new Int32Array(67);
let cur = new Int32Array(67);

/**
 * Optimal-string-alignment distance between `a` and `b` (or between `a` and the closest prefix of `b` when
 * `prefix`), or a value above `max` as soon as it is sure to exceed it. Only the diagonal band |i - j| <= max is
 * computed (any cheaper alignment stays inside it); strings are capped at 64 characters.
 */
export function editDistance(a: string, b: string, max: number, prefix = false): number {
  if (max === 1 && !prefix && a.length < 64 && b.length < 64) return withinOneEdit(a, b);
  if (a.length > 0 && a.length <= MAX_PATTERN && b.length < 64 && patternOf(a))
    return bitParallelDistance(a.length, b, prefix ? a.length + max : -1);
  let n = Math.min(a.length, 64);
  let m = Math.min(b.length, prefix ? n + max : 64);
  if (!prefix && Math.abs(n - m) > max) return max + 1;
  // What both share at their start (and, whole strings compared, at their end) costs nothing: the table covers the rest.
  let skip = 0;
  while (skip < n && skip < m && a.charCodeAt(skip) === b.charCodeAt(skip)) skip++;
  while (!prefix && n > skip && m > skip && a.charCodeAt(n - 1) === b.charCodeAt(m - 1)) {
    n--;
    m--;
  }
  n -= skip;
  m -= skip;
  for (let j = 0; j <= m + 1; j++) prev[j] = j <= max ? j : BIG;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(m, i + max);
    cur[lo - 1] = lo === 1 ? i : BIG;
    let rowMin = lo === 1 ? i : BIG;
    const ac = a.charCodeAt(skip + i - 1);
    for (let j = lo; j <= hi; j++) {
      const bc = b.charCodeAt(skip + j - 1);
      let v = prev[j - 1]! + (ac === bc ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      if (del < v) v = del;
      if (ins < v) v = ins;
      if (
        i > 1 &&
        j > 1 &&
        ac === b.charCodeAt(skip + j - 2) &&
        a.charCodeAt(skip + i - 2) === bc &&
        prev2[j - 2]! + 1 < v
      )
        v = prev2[j - 2]! + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi + 1 <= m) cur[hi + 1] = BIG;
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  if (!prefix) return prev[m]!;
  let best = BIG;
  for (let j = Math.max(0, n - max); j <= m; j++) if (prev[j]! < best) best = prev[j]!;
  return best;
}

/** Longest word the bit-parallel distance takes: one bit a letter, and room for the carries above it. */
const MAX_PATTERN = 30;
/** For each ASCII code unit, the bits of the positions where the current pattern has it. */
const MATCHES = new Int32Array(128);
let pattern: string | null = null;
let patternAscii = false;

/** Makes `a` the pattern of MATCHES (kept while the same word is compared again); false when it is not ASCII. */
function patternOf(a: string): boolean {
  if (a === pattern) return patternAscii;
  if (pattern !== null) for (let i = 0; i < pattern.length; i++) MATCHES[pattern.charCodeAt(i) & 127] = 0;
  pattern = a;
  patternAscii = true;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c >= 128) patternAscii = false;
    MATCHES[c & 127]! |= 1 << i;
  }
  return patternAscii;
}

/**
 * Optimal-string-alignment distance between the pattern (of length n) and `b`, a column of the distance table a step:
 * Myers' bit-vector algorithm with Hyyrö's transposition term (H. Hyyrö, "A bit-vector algorithm for computing
 * Levenshtein and Damerau edit distances", 2003). A few word operations a letter of `b` instead of a table band.
 * With `prefixUpTo` >= 0, the distance to the closest prefix of `b` at most that long (editDistance's `max` more
 * than the pattern; a shorter one than `max` less is farther than `max` anyway, as the table band has it).
 */
function bitParallelDistance(n: number, b: string, prefixUpTo: number): number {
  const prefix = prefixUpTo >= 0;
  const end = prefix ? Math.min(b.length, prefixUpTo) : b.length;
  const from = prefix ? n - (prefixUpTo - n) : 0;
  const last = 1 << (n - 1);
  let positive = -1;
  let negative = 0;
  let score = n;
  let diagonalBefore = 0;
  let matchBefore = 0;
  let best = from <= 0 ? n : BIG;
  for (let j = 0; j < end; j++) {
    const c = b.charCodeAt(j);
    const match = c < 128 ? MATCHES[c]! : 0;
    const swapped = ((~diagonalBefore & match) << 1) & matchBefore;
    const diagonal = (((match & positive) + positive) ^ positive) | match | negative | swapped;
    let up = negative | ~(diagonal | positive);
    let down = positive & diagonal;
    if (up & last) score++;
    else if (down & last) score--;
    up = (up << 1) | 1;
    down <<= 1;
    positive = down | ~(diagonal | up);
    negative = up & diagonal;
    diagonalBefore = diagonal;
    matchBefore = match;
    if (j + 1 >= from && score < best) best = score;
  }
  return prefix ? best : score;
}

/**
 * 0 when equal, 1 when one substitution, insertion, deletion or swap of neighbours apart, else 2: the distance with a
 * bound of one, read off the first difference instead of a table (most typo checks allow one edit).
 */
function withinOneEdit(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n - m > 1 || m - n > 1) return 2;
  let i = 0;
  while (i < n && i < m && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n && i === m) return 0;
  if (n > m) return sameFrom(a, i + 1, b, i) ? 1 : 2;
  if (m > n) return sameFrom(a, i, b, i + 1) ? 1 : 2;
  if (sameFrom(a, i + 1, b, i + 1)) return 1;
  const swapped = i + 1 < n && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i);
  return swapped && sameFrom(a, i + 2, b, i + 2) ? 1 : 2;
}

/** True when `a` from `i` and `b` from `j` are the same text to their ends. */
function sameFrom(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}

/** Bit per letter a-z present in `s`: a letter of the word missing from a candidate costs at least one edit. */
export function letterMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) - 97;
    if (c >= 0 && c < 26) mask |= 1 << c;
  }
  return mask;
}

/** Set bits of a 26-bit mask (the usual SWAR count). */
function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Lengths from this one on share a group of `Shapes.byLength`. */
const LONG = 64;

/** A list's items' lengths and letter masks: most candidates are ruled out without reading them. */
interface Shapes {
  lengths: Uint16Array;
  /** Item indexes by length (LONG and over together), ascending in each: group g is [lengthAt[g], lengthAt[g + 1]). */
  byLength: Int32Array;
  /** Letter masks (letterMask) in byLength order: a length group's scan reads them in a row, not scattered. */
  masksByLength: Int32Array;
  lengthAt: Int32Array;
}

/** Made on a list's first fuzzy search (10 bytes an item: about 3.4 MiB for the place index's keys and vocabulary). */
const SHAPES = new WeakMap<string[], Shapes>();

function shapesOf(items: string[]): Shapes {
  let shapes = SHAPES.get(items);
  if (!shapes) {
    const lengths = new Uint16Array(items.length);
    const masks = new Int32Array(items.length);
    const lengthAt = new Int32Array(LONG + 2);
    for (let i = 0; i < items.length; i++) {
      lengths[i] = Math.min(0xffff, items[i]!.length);
      masks[i] = letterMask(items[i]!);
      lengthAt[Math.min(LONG, lengths[i]!) + 1]!++;
    }
    for (let g = 0; g <= LONG; g++) lengthAt[g + 1]! += lengthAt[g]!;
    const byLength = new Int32Array(items.length);
    const filled = lengthAt.slice(0, LONG + 1);
    for (let i = 0; i < items.length; i++) byLength[filled[Math.min(LONG, lengths[i]!)]!++] = i;
    const masksByLength = Int32Array.from(byLength, (i) => masks[i]!);
    shapes = { lengths, byLength, masksByLength, lengthAt };
    SHAPES.set(items, shapes);
  }
  return shapes;
}

/** A fuzzy hit: item index and its distance. */
export interface FuzzyHit {
  item: number;
  distance: number;
}

/**
 * Items within `max` edits of `word` (or whose prefix is, when `prefix`), best first. Only items sharing the
 * first letter with `word` and the second letter (or the first two swapped, or the second dropped) are compared,
 * centre-out from where `word` would sort, at most FUZZY_BUDGET / 3 per head: typos in the first letters are
 * rare, and near spellings share their first letters. `work.count` adds the comparisons; the same search again in
 * the same work is answered from `work.found` and adds none.
 */
export function fuzzyFind(list: SortedStrings, word: string, max: number, prefix: boolean, work: Work): FuzzyHit[] {
  if (max === 0 || word.length < 2 || spent(work)) return [];
  const query = `${max}${prefix ? '<' : '='}${word}`;
  let ofList = work.found?.get(list);
  const known = ofList?.get(query);
  if (known) return known;
  const hits = scan(list, word, max, prefix, work);
  if (!ofList) (work.found ??= new Map()).set(list, (ofList = new Map()));
  ofList.set(query, hits);
  return hits;
}

function scan(list: SortedStrings, word: string, max: number, prefix: boolean, work: Work): FuzzyHit[] {
  const hits: FuzzyHit[] = [];
  const mask = letterMask(prefix ? word.slice(0, Math.max(2, word.length - max)) : word);
  const { lengths, byLength, masksByLength, lengthAt } = shapesOf(list.items);
  const n = word.length;
  // The word as typed, with its first two letters swapped, and without its second: each scanned from where it sorts
  // ("thambaram" without its h sorts among "tamb...", far from where "thambaram" would sit in the "ta" range).
  const heads: string[] = [];
  for (const probe of [word, word[1]! + word[0]! + word.slice(2), word[0]! + word.slice(2)]) {
    const head = probe.slice(0, 2);
    if (probe.length < 2 || heads.includes(head)) continue;
    heads.push(head);
    const [lo, hi] = list.range(head);
    if (lo >= hi) continue;
    const [from, to] = window(list.lowerBound(probe), lo, hi, work);
    if (prefix) {
      for (let i = from; i < to; i++) {
        if (lengths[i]! < n - max) continue;
        const d = editDistance(word, list.items[i]!, max, true);
        if (d <= max) hits.push({ item: i, distance: d });
      }
      continue;
    }
    // Only items within `max` of the word's length can be: each such length's items in the window, in order.
    for (let g = Math.min(LONG, Math.max(0, n - max)); g <= Math.min(LONG, n + max); g++) {
      const end = lengthAt[g + 1]!;
      // Below LONG a group's items all have its length, within `max` of the word's by the loop's bounds.
      const mixed = g === LONG;
      for (let k = firstAtLeast(byLength, from, lengthAt[g]!, end); k < end && byLength[k]! < to; k++) {
        const other = masksByLength[k]!;
        if (popcount(mask & ~other) > max || popcount(other & ~mask) > max) continue;
        const i = byLength[k]!;
        if (mixed && Math.abs(lengths[i]! - n) > max) continue;
        const d = editDistance(word, list.items[i]!, max, false);
        if (d <= max) hits.push({ item: i, distance: d });
      }
    }
  }
  return hits.sort((a, b) => a.distance - b.distance || a.item - b.item);
}

/**
 * [from, to) of the items around `start` in [lo, hi) a search reads, centre-out (the item at `start`, the one before,
 * the next after...) until FUZZY_BUDGET / 3 of them or the work's limit; `work.count` adds them.
 */
function window(start: number, lo: number, hi: number, work: Work): [number, number] {
  const budget = Math.max(0, Math.min(work.count + FUZZY_BUDGET / 3, work.limit ?? Infinity) - work.count);
  const after = hi - start;
  const before = start - lo;
  const both = Math.min(after, before);
  // Two a step while both sides last (a step begun is finished), then one a step on the side left.
  const [taken, rest] = budget <= 2 * both ? [Math.ceil(budget / 2), 0] : [both, budget - 2 * both];
  const right = Math.min(after, taken + rest);
  const left = Math.min(before, taken + rest);
  work.count += right + left;
  return [start - left, start + right];
}
