// Candidate entries for an autocomplete query: the postings of its rarest word, and the names its words run together
// start, capped and de-duplicated.
import type { Work } from './fuzzy.ts';
import type { PlaceIndex } from './place-index.ts';

/** Entries examined per query: the work bound. */
export const MAX_CANDIDATES = 2500;
/** Names a multi-word query run together may start, and entries taken per name (namesStarting). */
const JOINED_KEYS = 64;
const JOINED_PER_KEY = 8;

/** Token ranges [lo, hi) a query word accepts; `fuzzy` when they came from the typo search. */
export interface Word {
  text: string;
  ranges: Array<[number, number]>;
  fuzzy: boolean;
}

export class CandidatePool {
  /** The generation that last took each entry: de-duplication without clearing a set per query. */
  private readonly stamp: Uint32Array;
  private generation = 0;

  constructor(private readonly idx: PlaceIndex) {
    this.stamp = new Uint32Array(idx.size);
  }

  /**
   * Entries holding the rarest word (none given: only the names `compact` starts) or the whole query run together
   * ("indira nagar"), capped: postings are ordered by importance, so the cap drops only the least important entries of
   * very common prefixes.
   */
  candidates(words: Word[], compact: string | null, work: Work, union = false): number[] {
    const idx = this.idx;
    const size = (w: Word) => w.ranges.reduce((n, [lo, hi]) => n + idx.vocabAt[hi]! - idx.vocabAt[lo]!, 0);
    // With typos any word may be the misspelt one: every word's entries are candidates.
    const rarest = words.length > 0 ? words.reduce((a, b) => (size(b) < size(a) ? b : a)).ranges : [];
    const ranges = union ? words.flatMap((w) => w.ranges) : [...rarest];
    if (compact !== null) {
      const joined = idx.tokenRange(compact);
      if (joined[1] > joined[0]) ranges.push(joined);
    }
    const gen = this.nextGeneration();
    const out: number[] = [];
    const tokenCount = ranges.reduce((n, [lo, hi]) => n + hi - lo, 0);
    // Each token's postings are importance-ordered: a quota per token keeps the best of every token of a short prefix.
    const quota = Math.max(32, Math.floor(MAX_CANDIDATES / Math.max(1, tokenCount)));
    // Names the query run together starts ("T Nag" -> "T Nagar"): with a word of one letter, no token range is rare
    // enough for the cap to reach them.
    if (compact !== null) this.namesStarting(compact, gen, out);
    for (const [lo, hi] of ranges) {
      for (let t = lo; t < hi && out.length < MAX_CANDIDATES; t++) {
        const end = Math.min(
          idx.vocabAt[t + 1]!,
          idx.vocabAt[t]! + quota,
          idx.vocabAt[t]! + MAX_CANDIDATES - out.length,
        );
        for (let k = idx.vocabAt[t]!; k < end; k++) {
          const id = idx.postings[k]!;
          if (this.stamp[id] === gen) continue;
          this.stamp[id] = gen;
          out.push(id);
        }
      }
    }
    work.count += out.length;
    return out;
  }

  /** Adds the entries of names (keys) starting with `compact`, a few per key, the best known first. */
  private namesStarting(compact: string, gen: number, out: number[]): void {
    const idx = this.idx;
    const [lo, hi] = idx.keyRange(compact);
    for (let k = lo; k < Math.min(hi, lo + JOINED_KEYS); k++) {
      for (let j = idx.keyAt[k]!; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + JOINED_PER_KEY); j++) {
        const id = idx.keyEnt[j]!;
        if (this.stamp[id] === gen) continue;
        this.stamp[id] = gen;
        out.push(id);
      }
    }
  }

  private nextGeneration(): number {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}
