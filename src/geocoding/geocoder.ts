// Address -> point: parse, resolve the named city/district/state, find the named place, weigh it against the typed pincode.
import { parseAddress, type AddressComponents, type Part } from './address-parser.ts';
import { LANDMARK_NOUNS } from './address-words.ts';
import { editDistance, maxEdits, spent, type Work } from './fuzzy.ts';
import type { AddressInput } from './location-api.ts';
import { extractPincode } from './normalise.ts';
import { KIND, NO_AREA, OFFICE_TYPE, type PlaceIndex } from './place-index.ts';
import { ADDRESS_WORDS, PlaceSearch, type Candidate } from './place-search.ts';
import { Regions, type Region } from './regions.ts';
import { CONFIDENCE, calibrate, placeConfidence } from './confidence.ts';
import { haversineKm } from './geo-math.ts';
import { entryAnswer, pincodeAnswer, regionAnswer, round2, type GeocodeMatch } from './geocode-answer.ts';
import { farFromPincode, flagMismatches, isKnown, isSpecific, type Given } from './consistency.ts';

export type { GeocodeMatch, MatchLevel, MatchPrecision, Warning } from './geocode-answer.ts';

/**
 * Entries, keys and comparisons one geocode may examine: ~1 ms. The addresses of the evaluation sets use up to ~8k
 * (p99); past the budget searches stop and the best place found so far is answered, so a hostile address of many
 * long misspelt words costs a small multiple of an ordinary one.
 */
export const GEOCODE_WORK_BUDGET = 12_000;

/** How much better known an exact name elsewhere must be than a typo's match inside the typed city to replace it. */
const FAME_MARGIN = 0.3;

/** A candidate with the others found and the region it was searched in. */
interface Found {
  c: Candidate;
  all: Candidate[];
  region: Region | null;
}

export class Geocoder {
  private readonly regions: Regions;
  private readonly places: PlaceSearch;
  /** Entries and keys examined by the last call: the work bound the abuse tests check. */
  lastWork = 0;

  constructor(private readonly idx: PlaceIndex) {
    this.regions = new Regions(idx);
    this.places = new PlaceSearch(idx);
  }

  geocode(input: AddressInput): GeocodeMatch | null {
    const work: Work = { count: 0, limit: GEOCODE_WORK_BUDGET };
    try {
      return this.run(input, work);
    } finally {
      this.lastWork = work.count;
    }
  }

  private run(input: AddressInput, work: Work): GeocodeMatch | null {
    const { parts, pincode: textPin, components } = parseAddress(input.address, input.city, input.state);
    const pincode = extractPincode(input.pincode ?? '') ?? textPin;
    const given = this.givenOf(parts, pincode, work);
    const region = given.city ?? given.state;
    if (given.pin >= 0) {
      const named = this.namedInPincode(given.pin, parts, work);
      // A specific place named elsewhere outweighs a pincode that names nothing of it (a mistyped digit); so does any
      // place found in the typed city when the pincode lies outside it (city and place against the pincode).
      const outside = region !== null && region.level !== 'state' && !this.pinInRegion(given.pin, region);
      const place =
        named >= 0
          ? null
          : (this.specificPlace(parts, region, work) ?? (outside ? this.anyPlace(parts, region, work) : null));
      if (place && farFromPincode(this.idx, place.c.id, given.pin)) return this.answerFound(place, components, given);
      const m =
        named >= 0 ? entryAnswer(this.idx, named, components) : pincodeAnswer(this.idx, given.pin, 0, components);
      const contradicts = region !== null && !this.pinInRegion(given.pin, region);
      const base = named >= 0 ? CONFIDENCE.pincodeNamed : CONFIDENCE.pincode;
      m.confidence = round2(base - (contradicts ? CONFIDENCE.regionContradiction : 0));
      return this.checked(m, given, named);
    }
    const found = this.places.search(parts, region, work);
    const best = found[0];
    // Nothing (or only a guess) inside the named city: a specific place elsewhere means the city was mistyped. A
    // typo's match inside the city is kept unless the exact name elsewhere is far better known ("Koramangala,
    // Chennai" is not the village Koramangalam): a misspelt name may spell some small place elsewhere exactly.
    if (region && (!best || best.quality === 'sound' || best.quality === 'fuzzy')) {
      const elsewhere = this.specificPlace(parts, null, work);
      const outweighs =
        !best ||
        best.quality === 'sound' ||
        (elsewhere !== null && this.fame(elsewhere.c.id) > this.fame(best.id) + FAME_MARGIN);
      if (elsewhere && elsewhere.region === null && outweighs) return this.answerFound(elsewhere, components, given);
    }
    if (best) return this.checked(this.fromCandidate(best, region, found, components), given, best.id);
    if (region) {
      const m = regionAnswer(this.idx, region, components);
      m.confidence = calibrate(m.confidence);
      return m;
    }
    return null;
  }

  /** Warnings for what the answer contradicts; each costs confidence, since one of the two is wrong. */
  private checked(m: GeocodeMatch, given: Given, id: number): GeocodeMatch {
    flagMismatches(this.idx, m, given, id);
    const flagged = m.confidence - CONFIDENCE.mismatch * m.warnings.length;
    if (m.warnings.length > 0) m.confidence = round2(Math.min(CONFIDENCE.mismatchCap, flagged));
    m.confidence = calibrate(m.confidence);
    return m;
  }

  /** The answer for a found place, checked against what was typed. */
  private answerFound(found: Found, components: AddressComponents, given: Given): GeocodeMatch {
    return this.checked(this.fromCandidate(found.c, found.region, found.all, components), given, found.c.id);
  }

  /** The best candidate when it is specific enough to outweigh a typed pincode or city (see isSpecific). */
  private specificPlace(parts: Part[], region: Region | null, work: Work): Found | null {
    const all = this.places.search(parts, region, work);
    const c = all[0];
    if (c && isSpecific(this.idx, c) && (region !== null || this.standsAlone(c))) return { c, all, region };
    if (region === null) return null;
    const national = this.places.search(parts, null, work);
    const c0 = national[0];
    return c0 && isSpecific(this.idx, c0) && this.standsAlone(c0) ? { c: c0, all: national, region: null } : null;
  }

  /** Rank and prominence together: how well known a place is. */
  private fame(id: number): number {
    return this.idx.importance[id]! + this.idx.prominence[id]!;
  }

  /**
   * A place found with no region that may overrule the typed city or pincode: well known, and no landmark (names of
   * monuments and temples repeat from city to city: a "Victoria Memorial" elsewhere says nothing of the city).
   */
  private standsAlone(c: Candidate): boolean {
    const idx = this.idx;
    if (!isKnown(idx, c.id) || idx.kind[c.id] === KIND.landmark || c.role === 'landmark') return false;
    const start = idx.tokAt[c.id]!;
    for (let k = start; k < start + idx.nameTokens[c.id]!; k++)
      if (LANDMARK_NOUNS.has(idx.vocab[idx.toks[k]!]!)) return false;
    return true;
  }

  /** The best candidate inside the region, however it matched. */
  private anyPlace(parts: Part[], region: Region, work: Work): Found | null {
    const all = this.places.search(parts, region, work);
    return all[0] ? { c: all[0], all, region } : null;
  }

  /**
   * The typed pincode, and the narrowest city/district and the state the address names (state field or part, then
   * district, then city field, else a trailing place part naming a city). Parts used as the region are re-roled. A
   * city in another state than the one written is still the city (it is the more specific of the two).
   */
  private givenOf(parts: Part[], pincode: string | null, work: Work): Given {
    const typed = pincode === null ? -1 : this.idx.pinOf(pincode);
    const pin = typed >= 0 && Number.isFinite(this.idx.pinLat[typed]!) ? typed : -1;
    let state: Region | null = null;
    for (const p of parts) if (p.role === 'state') state ??= this.regions.state(p.tokens.join(' '), work);
    // A trailing part naming a state ("..., Karnataka") is the state.
    const places = parts.filter((p) => p.role === 'place');
    const last = places[places.length - 1];
    // "Delhi", "Chandigarh", "Goa" name a state and a city: the city is the narrower reading.
    if (!state && last && places.length > 1 && !this.regions.isCityName(last.tokens.join(''))) {
      const s = this.regions.state(last.tokens.join(' '), work);
      if (s && !s.fuzzy) {
        state = s;
        last.role = 'state';
      }
    }
    let city: Region | null = null;
    for (const role of ['district', 'city'] as const) {
      for (const p of parts) {
        if (p.role !== role) continue;
        const key = p.tokens.join('');
        const r =
          this.regions.city(key, state, work, role === 'district') ?? (state ? this.exactCity(key, work) : null);
        if (r) city = r;
        // A city field that names no city is usually a locality ("Andheri"): search it as a place.
        else if (role === 'city') p.role = 'place';
      }
    }
    city ??= this.cityInText(parts, state, work);
    // "Madhapur, Hyderabad" with the city field Hyderabad: the part naming the city is the city, not a place in it.
    for (const p of parts) {
      if (p.role === 'place' && city && p.tokens.join('') === city.key) p.role = 'city';
    }
    return { pin, city, state };
  }

  /** A city named exactly, in any state. */
  private exactCity(key: string, work: Work): Region | null {
    const r = this.regions.city(key, null, work);
    return r && !r.fuzzy ? r : null;
  }

  /** The last one or two place parts, when they name a city or district and something else is left to search. */
  private cityInText(parts: Part[], state: Region | null, work: Work): Region | null {
    const places = parts.filter((p) => p.role === 'place' || p.role === 'street');
    // A lone place part is the city only when something else (a landmark, a building) is left to search.
    const others = parts.some((p) => p.role === 'landmark' || p.role === 'building');
    // "Bambai, Andheri", "Dilli, Karol Bagh": the city may come first when a place follows it; a metro or a district
    // is the city before a town that is one of its suburbs (Andheri, Powai).
    let pick: { p: Part; r: Region } | null = null;
    for (let i = places.length - 1; i >= (places.length === 1 && !others ? 1 : Math.max(0, places.length - 2)); i--) {
      const p = places[i]!;
      if (p.role !== 'place' || p.tokens.length > 3) continue;
      const key = p.tokens.join('');
      const r = this.regions.city(key, state, work) ?? (state ? this.exactCity(key, work) : null);
      if (!r || (r.fuzzy && key.length < 6)) continue;
      if (this.regions.isCityName(r.key) || r.level === 'district') {
        pick = { p, r };
        break;
      }
      pick ??= { p, r };
    }
    if (pick) {
      pick.p.role = 'city';
      return pick.r;
    }
    for (let i = places.length - 1; i >= 0; i--) {
      const tail = this.cityAtEnd(places[i], parts, state, work);
      if (tail) return tail;
    }
    // "near AIIMS Patna": a landmark phrase with no noun to end it may end in the city, as a place part does.
    const last = parts[parts.length - 1];
    return last?.role === 'landmark' && last.tokens.length >= 3 ? this.cityAtEnd(last, parts, state, work) : null;
  }

  /**
   * "Kankarbagh Patna", "Malad West Mumbai": an address written without commas ends in its city. The last one or two
   * words of the last place (or landmark) part, when they name a city exactly, become a city part; the rest stays.
   */
  private cityAtEnd(part: Part | undefined, parts: Part[], state: Region | null, work: Work): Region | null {
    if (!part || (part.role !== 'place' && part.role !== 'landmark') || part.tokens.length < 2) return null;
    // "Navi Mumbai", "Karol Bagh", "Bodh Gaya": a name of its own does not end in a city.
    const whole = part.tokens.join('');
    if (this.idx.keyIndex(whole) >= 0 || this.regions.city(whole, state, work)) return null;
    for (let n = Math.min(2, part.tokens.length - 1); n >= 1; n--) {
      // "Nagar", "East", "Colony" end names; a district called East (Delhi, Sikkim) is written "East Delhi".
      if (part.tokens.slice(-n).every((t) => ADDRESS_WORDS.has(t))) continue;
      const r = this.regions.city(part.tokens.slice(-n).join(''), state, work);
      if (!r || r.fuzzy) continue;
      const city: Part = { role: 'city', tokens: part.tokens.slice(-n) };
      part.tokens = part.tokens.slice(0, -n);
      parts.splice(parts.indexOf(part) + 1, 0, city);
      return r;
    }
    return null;
  }

  /** The office or locality of the typed pincode that the address names (exactly or by a typo), or -1. */
  private namedInPincode(pin: number, parts: Part[], work: Work): number {
    const idx = this.idx;
    const grams = new Map<string, number>();
    for (const p of parts) {
      if (p.role === 'landmark' || p.role === 'house' || p.role === 'state') continue;
      for (let len = Math.min(5, p.tokens.length); len >= 1; len--) {
        for (let i = 0; i + len <= p.tokens.length; i++) {
          const key = p.tokens.slice(i, i + len).join('');
          if (key.length >= 4 && !grams.has(key)) grams.set(key, len);
        }
      }
    }
    let best = -1;
    let bestScore = 0;
    for (let k = idx.pinEntAt[pin]!; k < idx.pinEntAt[pin + 1]!; k++) {
      const id = idx.pinEnts[k]!;
      const key = idx.compact(id);
      let score = grams.has(key) ? key.length : 0;
      if (score === 0 && maxEdits(key.length) > 0 && !spent(work)) {
        work.count += grams.size;
        for (const g of grams.keys())
          if (editDistance(g, key, maxEdits(key.length)) <= maxEdits(key.length)) score = key.length * 0.8;
      }
      score += idx.importance[id]! * 0.1;
      // "Pune H.O" matched by the city "Pune" says nothing finer than the pincode itself (asked last: a key search).
      if (score > bestScore + 1e-9 && score >= 1 && !this.regions.isAreaName(key)) {
        best = id;
        bestScore = score;
      }
    }
    return best;
  }

  private pinInRegion(pin: number, region: Region): boolean {
    const area = this.idx.pinArea[pin]!;
    if (area === NO_AREA) return true;
    return region.areas ? region.areas.has(area) : this.idx.areas[area]!.state === region.state;
  }

  private fromCandidate(
    c: Candidate,
    region: Region | null,
    all: Candidate[],
    components: AddressComponents,
  ): GeocodeMatch {
    const m = entryAnswer(this.idx, c.id, components);
    if (c.role === 'street') m.match_level = 'street';
    // Another part pointing somewhere else (> 4 km) is a disagreement the confidence must show.
    const conflict = all.some((o) => o !== c && !o.agreed && o.score > c.score - 0.15);
    const fromCentre = region ? haversineKm(region.lat, region.lon, m.latitude, m.longitude) : 0;
    m.confidence = placeConfidence(c, region, conflict, fromCentre, this.idx.officeType[c.id] === OFFICE_TYPE.POINT);
    return m;
  }
}
