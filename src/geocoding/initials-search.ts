// Names written by their initials inside a city: "GK 2" is Greater Kailash, "NFC" New Friends Colony, "FC Road"
// Fergusson College Road.
import { ADDRESS_WORDS } from './address-words.ts';
import { spent, type Work } from './fuzzy.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import { STRIPPABLE } from './place-grams.ts';
import type { Region } from './regions.ts';

/** Letters initials may have: two to four ("GK", "NFC", "KPHB"). */
const MIN_INITIALS = 2;
const MAX_INITIALS = 4;

export class InitialsSearch {
  /** Pincode indices of each area (district), built at the first search. */
  private pinsByArea: Map<number, number[]> | null = null;

  constructor(private readonly idx: PlaceIndex) {}

  /**
   * The best known locality or office of the city whose name's words start with the part's first word's letters,
   * the rest of the part naming the rest of it (address words and qualifiers aside: "GK 2", "FC Road"), or -1.
   */
  find(tokens: string[], region: Region, work: Work): number {
    const initials = tokens[0]!;
    // Letters with no vowel among them: a word ("sai", "shop") is no initials, and is not worth the city's walk.
    if (region.areas === null || !/^[b-df-hj-np-tv-z]+$/.test(initials)) return -1;
    if (initials.length < MIN_INITIALS || initials.length > MAX_INITIALS) return -1;
    // Two letters alone name too much ("AB" is some Audit Bhavan): with no word after them ("FC Road") they stand only
    // for names of two words that are no address words ("GK" is Greater Kailash).
    const loose = initials.length === MIN_INITIALS && tokens.length === 1;
    const named = (words: string[]) => words.filter((t) => !ADDRESS_WORDS.has(t) && !STRIPPABLE.test(t));
    const rest = named(tokens.slice(1)).join('');
    const idx = this.idx;
    let best = -1;
    for (const area of region.areas) {
      for (const pin of this.pinsOf(area)) {
        if (spent(work)) return best;
        work.count += idx.pinEntAt[pin + 1]! - idx.pinEntAt[pin]!;
        for (let k = idx.pinEntAt[pin]!; k < idx.pinEntAt[pin + 1]!; k++) {
          const id = idx.pinEnts[k]!;
          if (idx.kind[id]! < KIND.locality || idx.kind[id] === KIND.landmark) continue;
          if (idx.nameTokens[id]! < initials.length) continue;
          if (best >= 0 && idx.importance[id]! <= idx.importance[best]!) continue;
          // The initials first, read off the vocabulary: most of a city's names fail them, and need no array built.
          if (!startsWithInitials(idx, id, initials, loose)) continue;
          const words: string[] = [];
          for (let t = idx.tokAt[id]! + initials.length; t < idx.tokAt[id]! + idx.nameTokens[id]!; t++)
            words.push(idx.vocab[idx.toks[t]!]!);
          if (named(words).join('') === rest) best = id;
        }
      }
    }
    return best;
  }

  private pinsOf(area: number): number[] {
    if (this.pinsByArea === null) {
      this.pinsByArea = new Map();
      for (let pin = 0; pin < this.idx.pinArea.length; pin++) {
        const a = this.idx.pinArea[pin]!;
        let list = this.pinsByArea.get(a);
        if (list === undefined) this.pinsByArea.set(a, (list = []));
        list.push(pin);
      }
    }
    return this.pinsByArea.get(area) ?? [];
  }
}

/** True when the entry's first name words start with the initials' letters (with `loose`, none an address word). */
function startsWithInitials(idx: PlaceIndex, id: number, initials: string, loose: boolean): boolean {
  const start = idx.tokAt[id]!;
  for (let i = 0; i < initials.length; i++) {
    const word = idx.vocab[idx.toks[start + i]!]!;
    if (word.charCodeAt(0) !== initials.charCodeAt(i) || (loose && ADDRESS_WORDS.has(word))) return false;
  }
  return true;
}
