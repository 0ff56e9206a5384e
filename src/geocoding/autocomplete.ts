// Autocomplete over the place index: token prefixes (typo-tolerant), aliases, importance, smooth distance decay, and "near me".
import { editDistance, fuzzyFind, maxEdits, type Work } from './fuzzy.ts';
import { haversineKm } from './geo-math.ts';
import { tokenize } from './normalise.ts';
import { transliterate } from './transliterate.ts';
import { otherSpelling } from './other-spelling.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import { ADDRESS_WORDS } from './address-words.ts';
import { narrowsNearMe, withoutNearMe } from './near-me-words.ts';
import { sideTyped } from './autocomplete-side.ts';
import { SpatialGrid } from './spatial-grid.ts';
import { insertTop, type ScoredHit } from './top-hits.ts';
import { CandidatePool, type Word } from './autocomplete-candidates.ts';
import { inRegion, Regions, type Region } from './regions.ts';
import { numberAt, numbersIn, numberSpellings } from './numbered-names.ts';

/** Distance scale of the location bias: a place this far away gets half the bias of one next door. */
export const BIAS_KM = 50;
/** Weight of the location bias (a name match is worth 1.5-3.3). */
const BIAS_WEIGHT = 3;
/** Weight of an entry's importance (0.25 for a branch office .. ~1.2 for a metro) against the name match. */
const IMPORTANCE_WEIGHT = 2;
/** Query words kept (after de-duplication): with MAX_CANDIDATES, the work bound. */
export const MAX_QUERY_WORDS = 6;
const MAX_WORD = 32;
/** Letters one word needs before names written as two words are looked up by it (short prefixes start too many). */
const JOINED_WORD = 6;

export interface AutocompleteQuery {
  q: string;
  limit: number;
  lat?: number;
  lon?: number;
}

/** Entry ids in rank order, with the distance to the caller's point when one was given. */
export interface Hit {
  id: number;
  distanceKm: number | null;
}

/** Score of a name holding the word the buyer finished typing, over names it only starts a longer word of. */
const WHOLE_WORD_BONUS = 0.5;
/** Address words a finished word may be joined to and still be that word ("indira" + "nagar"). */
const ADDRESS_WORD_LIST = [...ADDRESS_WORDS];
/** Letters a city's name typed after a place needs before it is read as that city. */
const MIN_CITY_KEY = 4;
/** Sides of a place, which Delhi's districts are also named. */
const SIDES = new Set([
  'east',
  'west',
  'north',
  'south',
  'central',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
]);
/** Letters a word needs to bring candidates in the typo pass. */
const MIN_ANCHOR = 3;
/** Entries examined by one "near me" query at most (a dense city's nearest few hundred places are found well within it). */
export const NEAR_BUDGET = 3000;

/** A query as ranked: its numbers, read once from all its words. */
type Ranked = AutocompleteQuery & { numbers?: number[]; typingNumber?: string };

/** The query in the Latin letters names are indexed in ("करोल बाग" is "karol bag"), as geocode reads it. */
function inLatin<Q extends AutocompleteQuery>(query: Q): Q & Ranked {
  return { ...query, q: transliterate(query.q.slice(0, 200)) };
}

export class Autocomplete {
  private readonly pool: CandidatePool;
  /** Built by the first "near me" query (~20 ms), then shared by every later one. */
  private grid: SpatialGrid | null = null;
  /** Entries and vocabulary items examined by the last call. */
  lastWork = 0;

  private readonly regions: Regions;

  /** `regions`: the geocoder's, shared (a new one reads every key of the index). */
  constructor(
    private readonly idx: PlaceIndex,
    regions?: Regions,
  ) {
    this.pool = new CandidatePool(idx);
    this.regions = regions ?? new Regions(idx);
  }

  /**
   * Name search ranked by match quality, importance and (given lat/lon) a smooth distance decay. A side typed after a
   * place ("Thane W") suggests that place, its named side first ("Kalyan E": Kalyan East, then Kalyan).
   */
  search(typed: AutocompleteQuery): Hit[] {
    const side = sideTyped(typed.q);
    if (side === null) return this.searchNames(typed);
    const hits = this.searchNames({ ...typed, q: side.place, limit: typed.limit * 2 });
    const [lo, hi] = this.idx.tokenRange(side.side);
    const named = (h: Hit) => this.idx.holdsToken(h.id, lo, hi, false);
    return [...hits.filter(named), ...hits.filter((h) => !named(h))].slice(0, typed.limit);
  }

  private searchNames(typed: AutocompleteQuery): Hit[] {
    const work = { count: 0 };
    const query = inLatin(typed);
    try {
      const tokens = [...new Set(tokenize(query.q.slice(0, 200)).map((t) => t.slice(0, MAX_WORD)))].slice(
        0,
        MAX_QUERY_WORDS,
      );
      if (tokens.length === 0) return [];
      const qCompact = tokens.join('');
      // A last word still being typed is a number only when typed in digits ("Mayur Vi" is Vihar being typed, though
      // the tokenizer reads "vi" as 6).
      const typing = !/[\s,]$/.test(query.q);
      const typedLast = /^\d+$/.test(
        query.q
          .trim()
          .split(/[\s,]+/)
          .at(-1) ?? '',
      );
      const numbers = tokens.map((_t, i) =>
        typing && i === tokens.length - 1 && !typedLast ? null : numberAt(tokens, i),
      );
      const words = tokens.map((t, i) => this.word(t, work, numbers[i]));
      // "Vashi Sec 17": a place numbered otherwise (Vashi Sec 26) is another place, even once "17" is dropped; a number
      // still being typed may be the start of the name's ("Sector 1" of Sector 17).
      query.numbers = numbers.filter((n) => n !== null);
      const last = tokens[tokens.length - 1]!;
      query.typingNumber = typing && typedLast ? last.replace(/^0+/, '') : undefined;
      const matched = words.filter((w) => w.ranges.length > 0);
      // Several words may be one name run together ("indira nagar"); one long word may be a two-word name run
      // together ("Vasantku" of Vasant Kunj), even one no word of a name starts ("Lowerpar" of Lower Parel).
      const compact = tokens.length > 1 || qCompact.length >= JOINED_WORD ? qCompact : null;
      if (matched.length === 0) {
        if (compact === null || tokens.length > 1) return [];
        return this.rank(this.pool.candidates([], compact, work), words, qCompact, query, work, false);
      }
      const hits =
        matched.length === words.length
          ? this.rank(this.pool.candidates(words, compact, work), words, qCompact, query, work, false)
          : [];
      if (hits.length > 0 || tokens.length === 1) return hits;
      const inCity = this.inNamedCity(tokens, words, query, work);
      if (inCity !== null) return inCity;
      // Nothing: any word of a multi-word query may hold a typo ("Chandni Chok"); candidates come from the words that
      // matched, and each entry is checked for a near spelling of the others. A word of one or two letters being typed
      // names too little to stand for the place ("Arera Co" is no "... Council ... Area").
      const anchors = matched.filter((w) => w.text.length >= MIN_ANCHOR);
      const from = anchors.length > 0 ? anchors : matched;
      const typos = this.rank(this.pool.candidates(from, compact, work, true), words, qCompact, query, work, true);
      return typos.length > 0 ? typos : this.leading(tokens, words, query, work);
    } finally {
      this.lastWork = work.count;
    }
  }

  /**
   * "Malviya Nagar Jaipur", "Sector 22 Gurgaon": the last words name a city, district or state (spelt as the data has
   * them) that no place's name holds: the places the words before it name, in that city only (a block or road the data
   * lacks dropped, as `leading` does), or nothing (never another city's Sector 22). Null when the query ends with no
   * such name.
   */
  private inNamedCity(tokens: string[], words: Word[], query: AutocompleteQuery, work: Work): Hit[] | null {
    for (const n of [2, 1]) {
      const key = tokens.slice(-n).join('');
      // A letter or three being typed may start a word, and a side ("Thane W" is Thane West) is no city here, though
      // Delhi has districts named so: neither is read as a city.
      if (tokens.length <= n || key.length < MIN_CITY_KEY || SIDES.has(key)) continue;
      const city: Region | null = this.regions.city(key, null, work, { typos: false });
      if (city === null) continue;
      const within = (id: number) => inRegion(this.idx, id, city) === 1;
      return this.leading(tokens.slice(0, -n), words.slice(0, -n), query, work, within, 0);
    }
    return null;
  }

  /**
   * "Koramangala 5th", "Banjara Hills Ro": words the data lacks after a place it knows (a block, a road being typed);
   * the longest run of leading words that finds something (`within` a city, when one was named) is suggested
   * meanwhile, from all but `fromDropping` of them.
   */
  private leading(
    tokens: string[],
    words: Word[],
    query: AutocompleteQuery,
    work: Work,
    within: (id: number) => boolean = () => true,
    fromDropping = 1,
  ): Hit[] {
    // At most the last three words are dropped: a block, a road or a landmark being typed, not a sentence.
    for (let n = tokens.length - fromDropping; n >= Math.max(1, tokens.length - 3); n--) {
      const lead = words.slice(0, n);
      // "Sector" left of "Sector 22" names any sector: a place needs a word of its own.
      if (lead.some((w) => w.ranges.length === 0) || lead.every((w) => ADDRESS_WORDS.has(w.text))) continue;
      const text = tokens.slice(0, n).join('');
      const ids = this.pool.candidates(lead, n > 1 ? text : null, work).filter(within);
      const hits = this.rank(ids, lead, text, query, work, false);
      if (hits.length > 0) return hits;
    }
    return [];
  }

  /**
   * Closest places to (lat, lon); remaining words in `q` (minus "near me" and words for what the directory cannot
   * know, "pharmacy", "atm") filter by name. Bounded: at most NEAR_BUDGET entries are examined, ring by ring.
   */
  nearest(typed: AutocompleteQuery & { lat: number; lon: number }): Hit[] {
    const idx = this.idx;
    const work = { count: 0 };
    const query = inLatin(typed);
    try {
      const tokens = tokenize(withoutNearMe(query.q)).filter(narrowsNearMe).slice(0, MAX_QUERY_WORDS);
      const words = tokens.map((t) => this.word(t, work));
      // A word no name starts with (or is a typo of) can match nothing nearby either.
      if (words.some((w) => w.ranges.length === 0)) return [];
      this.grid ??= SpatialGrid.of(idx);
      // Without a name to filter by, the nearest addresses (localities, offices, towns), not monuments.
      const accept =
        words.length === 0
          ? (id: number) => idx.kind[id] !== KIND.landmark
          : (id: number) => words.every((w) => w.ranges.some(([lo, hi]) => idx.holdsToken(id, lo, hi, true)));
      const found = this.grid.nearest(query.lat, query.lon, query.limit * 4, accept, NEAR_BUDGET, work);
      return this.distinct(found, query.limit);
    } finally {
      this.lastWork = work.count;
    }
  }

  /**
   * A word's accepted tokens: every vocabulary token it prefixes (and, for a number, its other spellings: "1st" is "I"
   * and "1"), else the nearest spellings it is a prefix of within a typo.
   */
  private word(token: string, work: Work, number: number | null = null): Word {
    const spelt = [token, otherSpelling(token)].filter((t) => t !== null).map((t) => this.idx.tokenRange(t));
    if (number !== null)
      for (const other of numberSpellings(number)) {
        const k = other === token ? -1 : this.idx.tokenIndex(other);
        if (k >= 0) spelt.push([k, k + 1]);
      }
    const exact = spelt.filter(([lo, hi]) => hi > lo);
    if (exact.length > 0) return { text: token, ranges: exact, fuzzy: false };
    const found = fuzzyFind(this.idx.vocabList, token, maxEdits(token.length), true, work);
    // Only the nearest spellings: "koramangla" means Koramangala (1 edit), not Kotamangalam (2).
    const hits = found.filter((h) => h.distance === found[0]?.distance).slice(0, 24);
    return { text: token, ranges: hits.map((h): [number, number] => [h.item, h.item + 1]), fuzzy: true };
  }

  /**
   * True when the word is a whole name word of five letters or more ("thane"): a place holding it is meant, not a near
   * spelling (a shorter word may be a typo that happens to spell some rare name: "chok").
   */
  private isName(w: Word): boolean {
    return w.text.length >= 5 && this.idx.tokenIndex(w.text) >= 0;
  }

  /** True when entry `id` has a name token within a typo of `word` as a prefix ("chok" of chowk, "hils" of hills). */
  private nearToken(id: number, word: string): boolean {
    const idx = this.idx;
    const max = Math.max(1, maxEdits(word.length));
    if (word.length < 4) return false;
    for (let k = idx.tokAt[id]!; k < idx.tokAt[id + 1]!; k++) {
      if (editDistance(word, idx.vocab[idx.toks[k]!]!, max, true) <= max) return true;
    }
    return false;
  }

  private rank(ids: number[], words: Word[], qCompact: string, query: Ranked, work: Work, typos: boolean): Hit[] {
    const idx = this.idx;
    const hasPoint = query.lat !== undefined && query.lon !== undefined;
    const fuzzy = words.some((w) => w.fuzzy);
    const top: ScoredHit[] = [];
    const keep = query.limit * 3;
    // One word and no typos: every candidate came from that word's postings, so it holds the word.
    const single = words.length === 1 && !typos;
    const whole = this.wholeLastWord(query.q, words);
    const asTyped = words.map((w) => typos && this.isName(w));
    for (const id of ids) {
      work.count++;
      const compact = this.nameStart(id, qCompact);
      const joined = compact.startsWith(qCompact);
      const holds = (w: Word) => w.ranges.some(([lo, hi]) => idx.holdsToken(id, lo, hi, true));
      if (
        !joined &&
        !single &&
        !words.every((w, i) => holds(w) || (typos && !asTyped[i] && this.nearToken(id, w.text)))
      )
        continue;
      if (this.numberedOtherwise(id, query)) continue;
      // Importance counts double: a famous place a prefix starts beats an obscure one it spells out ("Powa" -> Powai).
      let score = IMPORTANCE_WEIGHT * (idx.importance[id]! + idx.prominence[id]!);
      if (compact === qCompact) score += 3.3;
      else if (joined) score += 3;
      else if (words[0]!.ranges.some(([lo, hi]) => this.firstTokenIn(id, lo, hi))) score += 1.5;
      // A former or other name the query starts ("Gurg" -> Gurgaon, now Gurugram) counts almost as the name itself.
      else if (words.length === 1 && words[0]!.ranges.some(([lo, hi]) => this.aliasTokenIn(id, lo, hi))) score += 2.5;
      if (fuzzy || typos) score -= 1;
      if (whole.some((t) => idx.holdsToken(id, t, t + 1, false))) score += WHOLE_WORD_BONUS;
      let distanceKm: number | null = null;
      if (hasPoint) {
        distanceKm = haversineKm(query.lat!, query.lon!, idx.lat[id]!, idx.lon[id]!);
        // Smooth decay, no cliff: 3 next door, 1.5 at 50 km, 0.3 at 150 km.
        score += BIAS_WEIGHT / (1 + (distanceKm / BIAS_KM) ** 2);
      }
      // Most candidates of a short prefix rank below the kept ones: they are dropped before their name is built.
      if (top.length === keep && score < top[keep - 1]!.score) continue;
      insertTop(top, { id, distanceKm, score, name: idx.compact(id) }, keep);
    }
    return this.distinct(top, query.limit);
  }

  /** True when the entry's name has numbers and none is one the buyer typed ("Vashi Sec 26" for "vashi sec 17"). */
  private numberedOtherwise(id: number, { numbers: typed, typingNumber }: Ranked): boolean {
    if (typed === undefined || typed.length === 0) return false;
    const own = numbersIn(this.idx.nameWords(id));
    const agrees = (n: number) =>
      typed.includes(n) || (typingNumber !== undefined && String(n).startsWith(typingNumber));
    return own.length > 0 && !own.some(agrees);
  }

  /**
   * The vocabulary tokens that are the last word when the buyer has finished it (a space or comma after it): the word
   * itself and the word joined to an address word ("Indira " is Indira Nagar and Indiranagar); "Viman " is a word of
   * Viman Nagar, only the start of Vimanapura's.
   */
  private wholeLastWord(q: string, words: Word[]): number[] {
    const last = words[words.length - 1];
    if (!/[\s,]$/.test(q) || last === undefined || last.fuzzy) return [];
    const found: number[] = [];
    for (const spelling of [last.text, ...ADDRESS_WORD_LIST.map((w) => last.text + w)]) {
      const token = this.idx.tokenIndex(spelling);
      if (token >= 0) found.push(token);
    }
    return found;
  }

  /**
   * The entry's name run together, as far as comparing with `q` needs: its first word alone when that is already as
   * long as q (the common case, no string built), else the whole name.
   */
  private nameStart(id: number, q: string): string {
    const idx = this.idx;
    const first = idx.vocab[idx.toks[idx.tokAt[id]!]!]!;
    // A longer name than its first word never equals q when the first word already covers q; a marker keeps it unequal.
    if (first.length >= q.length) return idx.nameTokens[id]! > 1 && first === q ? `${first} ` : first;
    return idx.compact(id);
  }

  /** True when one of the entry's other names (tokens after its own name's) lies in [lo, hi). */
  private aliasTokenIn(id: number, lo: number, hi: number): boolean {
    const idx = this.idx;
    for (let k = idx.tokAt[id]! + idx.nameTokens[id]!; k < idx.tokAt[id + 1]!; k++)
      if (idx.toks[k]! >= lo && idx.toks[k]! < hi) return true;
    return false;
  }

  private firstTokenIn(id: number, lo: number, hi: number): boolean {
    const t = this.idx.toks[this.idx.tokAt[id]!]!;
    return t >= lo && t < hi;
  }

  /** Drops repeats of the same shown name in the same pincode (an office and its locality, a town and its office). */
  private distinct(hits: Hit[], limit: number): Hit[] {
    const idx = this.idx;
    const seen = new Set<string>();
    const out: Hit[] = [];
    for (const h of hits) {
      // Offices show their own name tokens; other entries may carry extra name tokens ("Indiranagar" + "Bengaluru") they do not show.
      const shown = idx.kind[h.id] === KIND.office ? idx.compact(h.id) : tokenize(idx.name(h.id)).join('');
      const key = `${idx.kind[h.id] === KIND.state ? 's' : ''}${shown}|${idx.pin[h.id]! >= 0 ? idx.pin[h.id] : `a${idx.area[h.id]}`}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ id: h.id, distanceKm: h.distanceKm });
      if (out.length === limit) break;
    }
    return out;
  }
}
