// Finds the place an address names: n-grams of its place parts against the key index (exact, then suffix-stripped, then fuzzy), inside a region.
import type { Part, Role } from './address-parser.ts';
import { fuzzyFind, maxEdits, spent, type Work } from './fuzzy.ts';
import { numbersIn } from './numbered-names.ts';
import { ADDRESS_WORDS, FILLER_WORDS, LANDMARK } from './address-words.ts';
import { cityFacility, cityStation, landmarkWithNoun } from './facility-search.ts';
import { InitialsSearch } from './initials-search.ts';
import {
  afterStreetWords,
  coversPart,
  digitsOf,
  directorySpelling,
  isPlaceGram,
  numberLast,
  railwayStation,
  sideLast,
  SIDES,
  STRIPPABLE,
} from './place-grams.ts';
import { copyCandidate, namesTown, oneEntry, QUALITY, scoreKey } from './key-score.ts';
import { landmarkBeyondTown, landmarkStands } from './landmark-stands.ts';
import { respelt, withoutFeature } from './part-readings.ts';
import { famousInstead, soundAlike } from './sound-search.ts';
import type { PlaceIndex } from './place-index.ts';
import type { Region } from './regions.ts';
import { numberedInCity, runTogether, townCarried } from './run-together.ts';
import { haversineKm } from './geo-math.ts';

/** One scored candidate entry. */
export interface Candidate {
  id: number;
  score: number;
  /** 'exact' name, 'alias' key, 'variant' (suffix dropped), 'fuzzy' (typo). */
  quality: 'exact' | 'alias' | 'variant' | 'prefix' | 'fuzzy' | 'sound';
  role: Role;
  /** Distinct districts holding this name (1 = unambiguous). */
  districts: number;
  /** True when another part of the address named a place within a few km. */
  agreed: boolean;
  /** Index in the parts searched of the part it came from (addresses run from the most specific part to the least). */
  part: number;
  /** True when the name matched the part's whole text (not a run of some of its words). */
  whole: boolean;
  /** True when the region holds another place of this name a few km away (the one answered may not be the one meant). */
  namesakes: boolean;
  /** For a 'prefix' match, the text the name starts with (the part's, "Janakpuri" for "Janakpuri B1"). */
  prefix: string | undefined;
}

/** Roles searched for a place; the city/district/state parts are the region, never the answer. */
const ROLE_WEIGHT: Partial<Record<Role, number>> = {
  place: 1,
  village: 1,
  post: 1,
  subdistrict: 0.8,
  street: 0.75,
  building: 0.5,
  landmark: 0.45,
};
/** Parts whose near spellings are searched only when no part names a place: they rarely name the answer. */
const LOOSE_ROLES: ReadonlySet<Role> = new Set(['street', 'building']);
const MAX_PREFIX_KEYS = 200;
/**
 * A part's search: the first pass, the fallback (a street's or building's near spellings too, asked only when no part
 * found a place), or names found exactly only.
 */
const PASS = { first: 0, fallback: 1, exactOnly: 2 } as const;
const MAX_GRAM_WORDS = 4;
/** Rank a town or district needs to be found by its sound outside a city: a town of about 100,000 people. */
const CITY_IMPORTANCE = 0.85;

export class PlaceSearch {
  private readonly initials: InitialsSearch;

  constructor(private readonly idx: PlaceIndex) {
    this.initials = new InitialsSearch(idx);
  }

  /**
   * The best candidate per matching part, best first; `work.count` adds entries and keys examined. `exactOnly` for a
   * caller that takes only names found exactly: no typo, prefix or sound search, a geocode's dearest steps.
   */
  search(parts: Part[], region: Region | null, work: Work, exactOnly = false): Candidate[] {
    const best: Candidate[] = [];
    const local = region !== null && region.level !== 'state';
    // A landmark ("near Charminar") is looked up only by its exact name; outside a city or district only a name one
    // place has (names of monuments and temples repeat from city to city).
    const searchable: Part[] = [];
    const filler: Part[] = [];
    for (const p of parts) if (ROLE_WEIGHT[p.role] !== undefined) (isFiller(p) ? filler : searchable).push(p);
    const inPart = (part: Part, fallback: boolean) => {
      const pass = exactOnly ? PASS.exactOnly : fallback ? PASS.fallback : PASS.first;
      let c = this.bestInPart(part, ROLE_WEIGHT[part.role]!, region, local, work, pass);
      const other = c === null ? respelt(part) : null;
      if (other) c = this.bestInPart(other, ROLE_WEIGHT[part.role]!, region, local, work, pass);
      // "Diu Island", "Vypin Island": a name found only by a near spelling may be a place named before its feature.
      const named = (c === null || c.quality === 'fuzzy' || c.quality === 'sound') && withoutFeature(part);
      if (named) {
        const found = this.bestInPart(named, ROLE_WEIGHT[part.role]!, region, local, work, PASS.exactOnly);
        if (found) c = found;
      }
      if (c && local) c = famousInstead(this.idx, c, part.tokens, region, work) ?? c;
      // "Nagpur Road No 2, Wardha": a road named after a town names no place of an address that goes on.
      if (c && part.road && parts.length > 1 && namesTown(this.idx, this.idx.compact(c.id))) return;
      if (c && landmarkBeyondTown(this.idx, c, region)) return;
      if (c && (part.role !== 'landmark' || landmarkStands(this.idx, c, region, local))) {
        const found = copyCandidate(c);
        found.part = parts.indexOf(part);
        best.push(found);
      }
    };
    for (const part of searchable) inPart(part, false);
    // A street's or building's name misspelt ("Varthur Road": the directory's Vartur) is looked up only when nothing
    // else was found: the typo search is a geocode's dearest step, and a street beside a found locality adds nothing.
    if (best.length === 0) for (const part of searchable) if (LOOSE_ROLES.has(part.role)) inPart(part, true);
    // Filler ("Home", "Nil", "Same as above") names a place only inside a named city or district when nothing else
    // does ("Nil, Madhubani" is a village there); alone, or beside a place found, it is what it says.
    if (best.length === 0 && local) for (const part of filler) inPart(part, false);
    // Neighbouring parts run together name one place: "Sector 7, Rohini" is the office "Rohini Sector 7", also with a
    // landmark between them ("Sector 4 near Park, RK Puram").
    const named = searchable.filter((p) => p.role !== 'landmark');
    for (let i = 0; i + 1 < named.length; i++) {
      const a = named[i]!.tokens.join('');
      const b = named[i + 1]!.tokens.join('');
      runTogether(this.idx, a, b, named[i]!.role, parts.indexOf(named[i]!), region, work, best);
    }
    // "Sector 62, Noida": a numbered part of a city may carry the city's name ("Noida Sector 62", "Dwarka Sector 10").
    if (local) {
      searchable.forEach((part) => {
        if (part.role === 'landmark') return;
        if (part.tokens.some((t) => /^\d/.test(t)))
          numberedInCity(this.idx, part, parts.indexOf(part), region, work, best);
        else townCarried(this.idx, part, parts.indexOf(part), region, work, best);
      });
    }
    // Two parts naming places a few km apart confirm each other ("Koramangala 5th Block, Koramangala").
    for (const a of best) {
      for (const b of best) {
        if (
          a.id !== b.id &&
          haversineKm(this.idx.lat[a.id]!, this.idx.lon[a.id]!, this.idx.lat[b.id]!, this.idx.lon[b.id]!) < 4
        )
          a.agreed = true;
      }
      if (a.agreed) a.score += 0.1;
    }
    best.sort((a, b) => b.score - a.score);
    // Two confirming parts ("Marol, Andheri East"): the earlier one is the more specific place.
    const [first, second] = best;
    if (
      first &&
      second &&
      first.agreed &&
      second.agreed &&
      second.part < first.part &&
      first.score - second.score < 0.2
    ) {
      best[0] = second;
      best[1] = first;
    }
    return best;
  }

  /** `pass`: see PASS (a number, not a string or a flag more: V8 compiles this hot function less well with either). */
  private bestInPart(
    part: Part,
    weight: number,
    region: Region | null,
    local: boolean,
    work: Work,
    pass: number,
  ): Candidate | null {
    const tokens = part.tokens;
    let best: Candidate | null = null;
    // A name numbered otherwise is a neighbour at best ("DLF Phase 3" for "DLF Phase 5"), however it was found.
    const typedNumbers = numbersIn(tokens);
    const keep = (c: Candidate | null) => {
      if (c && (!best || c.score > best.score)) best = c;
    };
    const consider = (c: Candidate | null) => {
      if (c) asNeighbour(this.idx, c, typedNumbers);
      keep(c);
    };
    for (let len = Math.min(MAX_GRAM_WORDS, tokens.length); len >= 1; len--) {
      for (let i = 0; i + len <= tokens.length; i++) {
        const gram = tokens.slice(i, i + len);
        if (!isPlaceGram(gram, local, tokens.length === 1)) continue;
        const coverage = len / tokens.length;
        const joined = gram.join('');
        // The region's own name inside a part ("IIT Madras, Chennai") names nothing finer than the region, unless it
        // is the post office marked so ("Vill Rampur, Post Bhadohi, Dist Bhadohi": the town's office serves the village).
        if (region && joined === region.key && part.role !== 'post') continue;
        const gramWeight = weight * (0.6 + 0.4 * coverage);
        // The run's keys as written, number last, as a railway station, side last (the last three mostly null): no
        // array of them.
        for (let form = 0; form < 4; form++) {
          const key =
            form === 0 ? joined : form === 1 ? numberLast(gram) : form === 2 ? railwayStation(gram) : sideLast(gram);
          if (key === null) continue;
          const c = scoreKey(this.idx, key, 'exact', gramWeight, part.role, region, work);
          if (c) c.whole = coversPart(tokens, i, len, part.role);
          consider(c);
        }
      }
      if (best)
        return len < tokens.length ? (this.sidedSpelling(tokens, weight, part.role, region, work) ?? best) : best;
    }
    if (pass === PASS.exactOnly) return null;
    // "Mumbai Airport": inside a city, its facility named by its kind ("Airport (Mumbai)", "IGI Airport").
    if (local && part.role !== 'street') {
      const found = cityFacility(this.idx, part, region!, weight * QUALITY.variant, work);
      if (found) return found;
    }
    const typo = (gram: string[]) => {
      const key = gram.join('');
      // Address words spelt right name a place only exactly ("Park Street"): "Main Bazar" is no typo of Mainasar.
      if (!isPlaceGram(gram, local) || maxEdits(key.length) === 0 || gram.every((t) => ADDRESS_WORDS.has(t))) return;
      for (const hit of fuzzyFind(this.idx.keyList, key, maxEdits(key.length), false, work).slice(0, 8)) {
        // Numbers name different places ("Sector 17" is not a typo of "Sector 18").
        if (digitsOf(this.idx.keys[hit.item]!) !== digitsOf(key)) continue;
        consider(
          scoreKey(
            this.idx,
            this.idx.keys[hit.item]!,
            'fuzzy',
            weight * (0.6 + 0.4 * (gram.length / tokens.length)) * (1 - 0.05 * hit.distance),
            part.role,
            region,
            work,
          ),
        );
      }
    };
    // Second pass: trailing qualifiers dropped, then the part as the start of a longer name, then typos.
    const stripped = [...tokens];
    while (stripped.length > 1 && STRIPPABLE.test(stripped[stripped.length - 1]!)) stripped.pop();
    // Typos in the runs of the words, longest first, all of them or all but one (at least `fewest` words).
    const typoRuns = (words: string[], fewest: number) => {
      for (let len = Math.min(MAX_GRAM_WORDS, words.length); len >= Math.max(fewest, words.length - 1); len--) {
        for (let i = 0; i + len <= words.length; i++) typo(words.slice(i, i + len));
      }
    };
    // Its qualifiers dropped, one word left is the part's whole name, as a lone word is ("BTM 2nd Stage" -> BTM), also
    // after street words written without a comma ("1st Cross 2nd Main BTM 2nd Stage").
    const named = afterStreetWords(stripped);
    if (stripped.length < tokens.length && isPlaceGram(named, local, named.length === 1)) {
      const c = scoreKey(this.idx, named.join(''), 'variant', weight * 0.9, part.role, region, work);
      if (c) c.whole = named === stripped;
      consider(c);
      if (best) return best;
    }
    // "near Salar Jung": inside a city, a landmark written without its noun (Salar Jung Museum), or misspelt whole
    // ("near Qutub Minar": Qutab Minar); nothing looser, a landmark's words are often no name at all.
    if (part.role === 'landmark') {
      if (best || !local) return best;
      const withNoun =
        cityStation(this.idx, part, region!, weight * 0.9, work) ??
        landmarkWithNoun(this.idx, part, region!, weight * 0.9, work);
      if (withNoun) return withNoun;
      // Its "near" or "opposite" is no part of a name ("near Qutub Minar": only "Qutub Minar" is misspelt).
      const unmarked = stripped.filter((t) => !LANDMARK.has(t));
      typoRuns(unmarked, 2);
      return best;
    }
    const whole = stripped.join('');
    // "Jaipoor", "Cawnpore": the directory's spelling.
    const single = directorySpelling(stripped);
    if (single !== whole && isPlaceGram(stripped, local)) {
      const c = scoreKey(this.idx, single, 'variant', weight * 0.9, part.role, region, work);
      if (c) {
        c.whole = true;
        return c;
      }
    }
    // "GK 2", "NFC", "FC Road": inside a city, a name written by its initials.
    if (local && this.idx.keyIndex(tokens[0]!) < 0) {
      const id = this.initials.find(tokens, region!, work);
      if (id >= 0) {
        // A guess from letters: scored and trusted as a typo's match is.
        const score = weight * 0.9 * QUALITY.fuzzy + this.idx.importance[id]! * 0.15;
        return oneEntry(id, score, 'fuzzy', part.role, false);
      }
    }
    if (region && whole.length >= 5 && isPlaceGram(stripped, local)) {
      // Judged among its namesakes already: scored down once, not twice.
      keep(this.byPrefix(whole, weight * 0.9, part.role, region, work, typedNumbers));
      if (best) return best;
    }
    // With its qualifier first: "Kandivli West" is Kandivali West, not the better-known Kandivali (East).
    if (stripped.length < tokens.length && tokens.length <= MAX_GRAM_WORDS) {
      typo(tokens);
      if (best) return best;
    }
    if (LOOSE_ROLES.has(part.role) && pass !== PASS.fallback) return best;
    typoRuns(stripped, 1);
    // Sound-alikes inside a city or district; across a state or India they find some village for any junk, so there
    // only a city ("फ़िरोज़ाबाद" is read "phirojabad": Firozabad). With its qualifier first again: "Bendra West" is
    // Bandra West, not the better known Bandra Kurla Complex.
    if (!best && whole.length >= 5 && isPlaceGram(stripped, local)) {
      if (stripped.length < tokens.length)
        consider(this.bySound(tokens.join(''), weight * 0.85, part.role, region, local, work));
      if (!best) consider(this.bySound(whole, weight * 0.85, part.role, region, local, work));
    }
    return best;
  }

  /** A sound-alike of the part inside the region (sound-search.ts), scored below any spelling of it. */
  private bySound(
    whole: string,
    weight: number,
    role: Role,
    region: Region | null,
    local: boolean,
    work: Work,
  ): Candidate | null {
    const id = soundAlike(this.idx, whole, region, work, local ? 0 : CITY_IMPORTANCE);
    if (id < 0) return null;
    const score = weight * QUALITY.sound + this.idx.importance[id]! * 0.15;
    return oneEntry(id, score, 'sound', role, false);
  }

  /**
   * "Borivli West": a name found without its side (the town Borivli) when a spelling a typo away has the side typed
   * (Borivali West); the side word itself is never the typo ("Malad West" is not Malad East).
   */
  private sidedSpelling(tokens: string[], weight: number, role: Role, region: Region | null, work: Work) {
    const side = tokens[tokens.length - 1]!;
    const name = tokens.slice(0, -1).join('');
    if (!SIDES.has(side) || maxEdits(name.length) === 0) return null;
    for (const hit of fuzzyFind(this.idx.keyList, name, maxEdits(name.length), false, work).slice(0, 8)) {
      const key = this.idx.keys[hit.item]! + side;
      const c = scoreKey(this.idx, key, 'fuzzy', weight * (1 - 0.05 * hit.distance), role, region, work);
      if (c) {
        c.whole = true;
        return c;
      }
    }
    return null;
  }

  /**
   * The best name `prefix` starts inside the region ("Dwarka" -> "Dwarka Sector 6"); one numbered otherwise than
   * `typedNumbers`, the part's numbers dropped for the prefix, only as a neighbour ("DLF Phase 5" is not DLF Phase 3).
   */
  private byPrefix(
    prefix: string,
    weight: number,
    role: Role,
    region: Region,
    work: Work,
    typedNumbers: number[],
  ): Candidate | null {
    const [lo, hi] = this.idx.keyRange(prefix);
    let best: Candidate | null = null;
    for (let k = lo; k < Math.min(hi, lo + MAX_PREFIX_KEYS) && !spent(work); k++) {
      const c = scoreKey(this.idx, this.idx.keys[k]!, 'prefix', weight, role, region, work, prefix);
      if (c) asNeighbour(this.idx, c, typedNumbers);
      if (c && (!best || c.score > best.score)) {
        c.prefix = prefix;
        best = c;
      }
    }
    return best;
  }
}

/** What a place numbered otherwise keeps of its score: a name numbered as typed, or not at all, wins over it. */
const NEIGHBOUR = 0.8;

/**
 * A candidate whose name has a number the part does not ("DLF Phase 3" for "DLF Phase 5"; with no number typed,
 * none) is another place, likely next to the one meant: scored down, and not the part's whole place (less sure).
 */
function asNeighbour(idx: PlaceIndex, c: Candidate, typed: number[]): void {
  if (typed.length === 0) return;
  if (numbersIn(idx.nameWords(c.id)).every((n) => typed.includes(n))) return;
  c.score *= NEIGHBOUR;
  c.whole = false;
}

/** True when every word of the part is filler or a number, and one is filler ("Address line 1", "N/A"). */
function isFiller(part: Part): boolean {
  return (
    part.tokens.some((t) => FILLER_WORDS.has(t)) && part.tokens.every((t) => FILLER_WORDS.has(t) || /^\d+$/.test(t))
  );
}
