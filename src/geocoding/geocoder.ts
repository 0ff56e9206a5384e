// Address -> point: parse, resolve the named city/district/state, find the named place, weigh it against the typed pincode.
import { componentsOf, parseAddress, type AddressComponents, type Part } from './address-parser.ts';
import { ADDRESS_WORDS, LANDMARK_NOUNS } from './address-words.ts';
import { editDistance, maxEdits, spent, type Work } from './fuzzy.ts';
import type { AddressInput } from './location-api.ts';
import { extractPincode } from './normalise.ts';
import { KIND, NO_AREA, type PlaceIndex } from './place-index.ts';
import { PlaceSearch, type Candidate } from './place-search.ts';
import { Regions, type Region } from './regions.ts';
import { CONFIDENCE, calibrate, placeConfidence } from './confidence.ts';
import { haversineKm } from './geo-math.ts';
import { copyCandidate } from './key-score.ts';
import { entryAnswer, pincodeAnswer, regionAnswer, round2, type GeocodeMatch } from './geocode-answer.ts';
import {
  fame,
  farFromPincode,
  flagMismatches,
  isKnown,
  isSpecific,
  LEAD_RATIO,
  pincodeHoldsNameStart,
  spellsLike,
  urbanNamesake,
  type Given,
} from './consistency.ts';
import { GivenReader } from './given-reader.ts';
import { placeJustBeyond } from './place-beyond.ts';
import { districtOverHamlet } from './hamlet-or-district.ts';
import { digitsOf } from './place-grams.ts';
import type { PincodeReach } from './pincode-reach.ts';

export type { GeocodeMatch, MatchLevel, MatchPrecision, Warning } from './geocode-answer.ts';

/**
 * Entries, keys and comparisons one geocode may examine: ~1 ms. The addresses of the evaluation sets use up to ~8k
 * (p99); past the budget searches stop and the best place found so far is answered, so a hostile address of many
 * long misspelt words costs a small multiple of an ordinary one.
 */
export const GEOCODE_WORK_BUDGET = 12_000;

/** A typed pincode this far from the city written is a mistyped one, not a neighbouring city's. */
const PINCODE_FAR_KM = 100;
/** How much better known an exact name elsewhere must be than a typo's match inside the typed city to replace it. */
const FAME_MARGIN = 0.3;
/** How a name matched when it was written as the place's own: exactly, as an alias, or in a known variant. */
const EXACT = new Set(['exact', 'alias', 'variant']);
/** Longest name read as initials, never standing for one place across India ("CDA", "NFC"). */
const MAX_INITIALS = 3;

/** A candidate with the others found and the region it was searched in. */
interface Found {
  c: Candidate;
  all: Candidate[];
  region: Region | null;
}

export class Geocoder {
  /** The cities, districts and states the data knows by name (autocomplete reads them too). */
  readonly regions: Regions;
  private readonly given: GivenReader;
  private readonly places: PlaceSearch;
  /** Entries and keys examined by the last call: the work bound the abuse tests check. */
  lastWork = 0;

  constructor(
    private readonly idx: PlaceIndex,
    private readonly reach: PincodeReach,
  ) {
    this.regions = new Regions(idx);
    this.given = new GivenReader(idx, this.regions);
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
    const { parts, pincode: textPin } = parseAddress(input.address, input.city, input.state);
    const pincode = extractPincode(input.pincode ?? '') ?? textPin;
    const given = this.given.read(parts, pincode, work);
    // After the reading: a part naming the city or state ("..., Noida, Uttar Pradesh") is that, not a locality.
    const components = componentsOf(parts, pincode);
    const region = given.city ?? given.state;
    if (given.pin >= 0) {
      const named = this.namedInPincode(given.pin, parts, work, given.city?.key);
      // A specific place named elsewhere outweighs a pincode that names nothing of it (a mistyped digit); so does any
      // place found in the typed city when the pincode lies outside it (city and place against the pincode), and a
      // locality named exactly in the city when the pincode lies inside it.
      const local = region !== null && region.level !== 'state';
      const outside = local && !this.pinInRegion(given.pin, region);
      const all = named >= 0 ? null : this.places.search(parts, region, work);
      const place =
        all &&
        (this.specificPlace(parts, all, region, work) ??
          (outside ? firstFound(all, region) : local ? namedInCity(this.idx, all, region) : null));
      if (place && this.pincodeDisagrees(place.c, given.pin)) return this.answerFound(place, components, given);
      if (named < 0 && !place && outside && this.farFromCity(given.pin, region)) {
        return this.cityOverPincode(region, components, given);
      }
      const m =
        named >= 0 ? entryAnswer(this.idx, named, components) : pincodeAnswer(this.idx, given.pin, 0, components);
      const contradicts = region !== null && !this.pinInRegion(given.pin, region);
      const base = named >= 0 ? CONFIDENCE.pincodeNamed : CONFIDENCE.pincode;
      m.confidence = round2(base - (contradicts ? CONFIDENCE.regionContradiction : 0));
      return this.checked(m, given, named);
    }
    const prefixed =
      region === null && given.unknownPin ? this.inPincodePrefix(parts, pincode!, components, work) : null;
    if (prefixed) return this.checked(prefixed, given, -1);
    const searched = this.places.search(parts, region, work);
    // With nothing to narrow it, a name that villages share with one city's locality is the city's ("Vasai").
    const urban = region === null ? this.urban(searched) : undefined;
    const found = urban && urban.id !== searched[0]!.id ? [urban, ...searched.slice(1)] : searched;
    const best = found[0];
    // "Mirzapore", "Imphal West, Manipur" alone: the district so named, not the one unknown place of that name.
    const alone = region === null || region.level === 'state';
    const district = alone ? districtOverHamlet(this.idx, this.regions, parts, region, best, work) : null;
    if (district) return this.checked(regionAnswer(this.idx, district, components), given, -1);
    // Nothing (or only a guess) inside the named city: a specific place elsewhere means the city was mistyped. A
    // typo's match inside the city is kept unless the exact name elsewhere is far better known ("Koramangala,
    // Chennai" is not the village Koramangalam): a misspelt name may spell some small place elsewhere exactly. A
    // sound-alike that is no spelling of the name gives way to the best known of its namesakes ("Anna Nagar, Delhi").
    let national: Candidate[] | null = null;
    if (region && (!best || best.quality === 'sound' || best.quality === 'fuzzy')) {
      const loose = best?.quality === 'sound' && !spellsLike(this.idx, parts[best.part]!.tokens, best.id);
      national = this.places.search(parts, null, work);
      const elsewhere = this.specificPlace(parts, national, null, work, loose ? LEAD_RATIO : undefined);
      const outweighs =
        !best ||
        best.quality === 'sound' ||
        (elsewhere !== null && fame(this.idx, elsewhere.c.id) > fame(this.idx, best.id) + FAME_MARGIN);
      if (elsewhere && elsewhere.region === null && outweighs) return this.answerFound(elsewhere, components, given);
    }
    // Only a guess inside the city ("Mira Road, Mumbai": Mori Road by its sound): the place named exactly just
    // beyond it is meant, a town of the metro's wider area written with the metro's name.
    const guess = best?.quality === 'sound' || best?.quality === 'fuzzy' || best?.quality === 'prefix';
    const beyond = region && (!best || guess) && placeJustBeyond(this.places, this.idx, parts, region, national, work);
    if (beyond) return this.answerFound({ c: beyond, all: [beyond], region: null }, components, given);
    if (best) return this.checked(this.fromCandidate(best, region, found, components), given, best.id);
    // The city's centre, still checked against a state typed with it ("Boring Road, Patna, Punjab").
    if (region) return this.checked(regionAnswer(this.idx, region, components), given, -1);
    const lone = this.given.loneRegion(parts, work);
    return lone && this.checked(regionAnswer(this.idx, lone, components), given, -1);
  }

  /**
   * A pincode no post office has still says where by its first three digits, its sorting district: a place named
   * exactly there is meant ("Indiranagar 560999" is Bengaluru's, not Kanpur's Indira Nagar), flagged as the pincode is.
   */
  private inPincodePrefix(parts: Part[], typed: string, components: AddressComponents, work: Work) {
    const area = this.regions.prefixRegion(typed.slice(0, 3));
    if (!area) return null;
    const found = this.places.search(parts, area, work);
    const c = found[0];
    if (!c || !EXACT.has(c.quality)) return null;
    return this.fromCandidate(c, null, found, components);
  }

  /**
   * True when the pincode lies far from the city written exactly ("Boring Road, Patna" with Mumbai's 400001, "Surat"
   * with Ahmedabad's 380001): a slip of a digit, not a buyer writing a neighbouring city ("Sector 14, Delhi, 122001").
   */
  private farFromCity(pin: number, city: Region): boolean {
    const area = this.idx.pinArea[pin]!;
    if (city.fuzzy || area === NO_AREA) return false;
    return haversineKm(city.lat, city.lon, this.idx.pinLat[pin]!, this.idx.pinLon[pin]!) > PINCODE_FAR_KM;
  }

  /** The typed city's centre over a pincode far from it: the pincode is flagged, the state checked. */
  private cityOverPincode(city: Region, components: AddressComponents, given: Given): GeocodeMatch {
    const m = regionAnswer(this.idx, city, components);
    m.warnings.push('pincode_mismatch');
    if (m.pincode !== null) m.suggestions.pincode = m.pincode;
    return this.checked(m, { ...given, pin: -1, unknownPin: false }, -1);
  }

  /** Warnings for what the answer contradicts; each costs confidence, since one of the two is wrong. */
  private checked(m: GeocodeMatch, given: Given, id: number): GeocodeMatch {
    flagMismatches(this.idx, this.reach, m, given, id);
    const flagged = m.confidence - CONFIDENCE.mismatch * m.warnings.length;
    if (m.warnings.length > 0) m.confidence = round2(Math.min(CONFIDENCE.mismatchCap, flagged));
    m.confidence = calibrate(m.confidence);
    return m;
  }

  /** The answer for a found place, checked against what was typed. */
  private answerFound(found: Found, components: AddressComponents, given: Given): GeocodeMatch {
    return this.checked(this.fromCandidate(found.c, found.region, found.all, components), given, found.c.id);
  }

  /**
   * The best of `all` (the search in `region`) when it is specific enough to outweigh a typed pincode or city (see
   * isSpecific); else, when a region was searched, the best found with none if it stands alone.
   */
  private specificPlace(
    parts: Part[],
    all: Candidate[],
    region: Region | null,
    work: Work,
    ratio?: number,
  ): Found | null {
    const c = region === null ? this.urban(all) : all[0];
    if (c && isSpecific(this.idx, c, ratio) && (region !== null || this.standsAlone(c)))
      return { c, all: [c, ...all.slice(1)], region };
    if (region === null) return null;
    const national = this.places.search(parts, null, work);
    const c0 = this.urban(national);
    return c0 && isSpecific(this.idx, c0) && this.standsAlone(c0)
      ? { c: c0, all: [c0, ...national.slice(1)], region: null }
      : null;
  }

  /**
   * The best of a search with no region; for a name held in several districts, its one holder in a city if it has
   * one (urbanNamesake), standing in the search's first place.
   */
  private urban(all: Candidate[]): Candidate | undefined {
    const c = all[0];
    if (c === undefined || c.districts < 2) return c;
    const id = urbanNamesake(this.idx, c.id);
    if (id < 0) return c;
    const copy = copyCandidate(c);
    copy.id = id;
    return copy;
  }

  /**
   * A place found with no region that may overrule the typed city or pincode: well known, and no landmark (names of
   * monuments and temples repeat from city to city: a "Victoria Memorial" elsewhere says nothing of the city).
   */
  private standsAlone(c: Candidate): boolean {
    const idx = this.idx;
    if (!isKnown(idx, c.id) || idx.kind[c.id] === KIND.landmark || c.role === 'landmark') return false;
    // Initials are reused from city to city ("CDA, Cuttack": Patna has an office CDA).
    if (idx.compact(c.id).length <= MAX_INITIALS) return false;
    const start = idx.tokAt[c.id]!;
    for (let k = start; k < start + idx.nameTokens[c.id]!; k++)
      if (LANDMARK_NOUNS.has(idx.vocab[idx.toks[k]!]!)) return false;
    return true;
  }

  /** The office or locality of the typed pincode that the address names (exactly or by a typo), or -1. */
  private namedInPincode(pin: number, parts: Part[], work: Work, cityKey?: string): number {
    const idx = this.idx;
    const grams = new Map<string, number>();
    for (const p of parts) {
      // The city names the pincode's town, nothing finer: "Kharghar, Navi Mumbai 400703" names Kharghar, not the
      // office called Navi Mumbai in 400703.
      if (p.role === 'landmark' || p.role === 'house' || p.role === 'state' || p.role === 'city') continue;
      for (let len = Math.min(5, p.tokens.length); len >= 1; len--) {
        for (let i = 0; i + len <= p.tokens.length; i++) {
          // An address word alone names no office ("Sector" of "Sector 18" is not GeoNames' village Sector).
          if (len === 1 && ADDRESS_WORDS.has(p.tokens[i]!)) continue;
          const key = p.tokens.slice(i, i + len).join('');
          // Nor does its name inside a longer one ("Greater Noida, Noida 201301" is no office called Noida).
          if (key.length >= 4 && key !== cityKey && !grams.has(key)) grams.set(key, len);
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
        // Numbers name different places: "Sector 17" is no typo of the typed pincode's "Sector 47".
        for (const g of grams.keys())
          if (digitsOf(g) === digitsOf(key) && editDistance(g, key, maxEdits(key.length)) <= maxEdits(key.length))
            score = key.length * 0.8;
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

  /**
   * True when the typed pincode lies far from the place found and holds no place its name starts: a big locality's
   * point is one spot of it, its numbered parts name the rest ("Dwarka" and 110075, Dwarka Sector 6's).
   */
  private pincodeDisagrees(c: Candidate, pin: number): boolean {
    if (!farFromPincode(this.idx, this.reach, c.id, pin)) return false;
    return !pincodeHoldsNameStart(this.idx, pin, c.prefix ?? this.idx.compact(c.id));
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
    m.confidence = placeConfidence(c, region, conflict, fromCentre, this.idx.officeType[c.id]!);
    return m;
  }
}

/** The best of `all` (the search in `region`), however it matched. */
function firstFound(all: Candidate[], region: Region): Found | null {
  return all[0] ? { c: all[0], all, region } : null;
}

/**
 * The best of `all` when it is a locality named exactly inside the typed city, the only one of its name there ("T
 * Nagar, Chennai" with a pincode of Avadi), or the start of the city's places' names ("Janakpuri": Janakpuri B1,
 * C4...): against a pincode far from it, one of the two is mistyped.
 */
function namedInCity(idx: PlaceIndex, all: Candidate[], region: Region): Found | null {
  const c = all[0];
  if (c === undefined || c.role === 'street' || c.role === 'building') return null;
  const exact = (c.quality === 'exact' || c.quality === 'alias') && c.whole && !c.namesakes;
  // A name's start only where places are known: a village office of a metro's rural fringe ("Kaikhali, Kolkata
  // 700052": Kaikhali Boinchbati, 31 km south) is a namesake, not the buyer's locality.
  return exact || (c.quality === 'prefix' && isKnown(idx, c.id)) ? { c, all, region } : null;
}
