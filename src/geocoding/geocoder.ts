// Address -> point: parse, resolve the named city/district/state to a region, find the named place inside it, else fall back to the region's centre.
import { parseAddress, type AddressComponents, type Part } from './address-parser.ts';
import { editDistance, maxEdits } from './fuzzy.ts';
import type { AddressInput } from './location-api.ts';
import { extractPincode, officePlaceName } from './normalise.ts';
import { KIND, NO_AREA, type PlaceIndex } from './place-index.ts';
import { PlaceSearch, type Candidate } from './place-search.ts';
import { Regions, type Region } from './regions.ts';
import { CONFIDENCE, placeConfidence } from './confidence.ts';
import { haversineKm } from './geo-math.ts';

/** The coarse level of the API's `level` field (kept to its five documented values). */
export type MatchLevel = 'office' | 'locality' | 'pincode' | 'district' | 'state';
/** What exactly matched: a post office, a locality, a town, a street-named office, the pincode, or only a city/district/state. */
export type MatchPrecision = 'office' | 'locality' | 'town' | 'street' | 'pincode' | 'city' | 'district' | 'state';

export interface GeocodeMatch {
  latitude: number;
  longitude: number;
  level: MatchLevel;
  /** Finer than `level`: "city" when only the city was found, "town", "street". */
  match_level: MatchPrecision;
  confidence: number;
  /** What matched, formatted: "Indiranagar, Bengaluru Urban, Karnataka 560038". */
  formatted: string;
  /** The pincode whose polygon holds the point (null only for a state-level answer). */
  pincode: string | null;
  district: string | null;
  state: string | null;
  /** The address as parsed. */
  components: AddressComponents;
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
    const work = { count: 0 };
    try {
      return this.run(input, work);
    } finally {
      this.lastWork = work.count;
    }
  }

  private run(input: AddressInput, work: { count: number }): GeocodeMatch | null {
    const { parts, pincode: textPin, components } = parseAddress(input.address, input.city, input.state);
    const pincode = extractPincode(input.pincode ?? '') ?? textPin;
    const region = this.regionOf(parts, work);
    const pin = pincode === null ? -1 : this.idx.pinOf(pincode);
    if (pin >= 0 && Number.isFinite(this.idx.pinLat[pin]!)) return this.inPincode(pin, parts, region, components);
    const found = this.places.search(parts, region, work);
    const best = found[0];
    if (best) return this.fromCandidate(best, region, found, components);
    if (region) return this.fallback(region, components);
    return null;
  }

  /**
   * The narrowest region the address names: state field or part, then district, then city (the city field,
   * else a trailing place part that names a city or district). Parts used as the region are re-roled.
   */
  private regionOf(parts: Part[], work: { count: number }): Region | null {
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
    let narrow: Region | null = null;
    for (const role of ['district', 'city'] as const) {
      for (const p of parts) {
        if (p.role !== role) continue;
        const r = this.regions.city(p.tokens.join(''), state, work, role === 'district');
        if (r) narrow = r;
        // A city field that names no city is usually a locality ("Andheri"): search it as a place.
        else if (role === 'city') p.role = 'place';
      }
    }
    if (!narrow) narrow = this.cityInText(parts, state, work);
    return narrow ?? state;
  }

  /** The last one or two place parts, when they name a city or district and something else is left to search. */
  private cityInText(parts: Part[], state: Region | null, work: { count: number }): Region | null {
    const places = parts.filter((p) => p.role === 'place' || p.role === 'street');
    const tail = this.cityAtEnd(places[places.length - 1], parts, state, work);
    if (tail) return tail;
    // A lone place part is the city only when something else (a landmark, a building) is left to search.
    const others = parts.some((p) => p.role === 'landmark' || p.role === 'building');
    for (let i = places.length - 1; i >= Math.max(others ? 0 : 1, places.length - 2); i--) {
      const p = places[i]!;
      if (p.role !== 'place' || p.tokens.length > 3) continue;
      const r = this.regions.city(p.tokens.join(''), state, work);
      if (r && (!r.fuzzy || p.tokens.join('').length >= 6)) {
        p.role = 'city';
        return r;
      }
    }
    return null;
  }

  /**
   * "Kankarbagh Patna", "Malad West Mumbai": an address written without commas ends in its city. The last one or two
   * words of the last place part, when they name a city exactly, become a city part; the rest stays the place.
   */
  private cityAtEnd(part: Part | undefined, parts: Part[], state: Region | null, work: { count: number }): Region | null {
    if (!part || part.role !== 'place' || part.tokens.length < 2) return null;
    for (let n = Math.min(2, part.tokens.length - 1); n >= 1; n--) {
      const r = this.regions.city(part.tokens.slice(-n).join(''), state, work);
      if (!r || r.fuzzy) continue;
      const city: Part = { role: 'city', tokens: part.tokens.slice(-n) };
      part.tokens = part.tokens.slice(0, -n);
      parts.splice(parts.indexOf(part) + 1, 0, city);
      return r;
    }
    return null;
  }

  /** A known pincode: a named office/locality of it, else its own point (inside its polygon). */
  private inPincode(pin: number, parts: Part[], region: Region | null, components: AddressComponents): GeocodeMatch {
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
      // "Pune H.O" matched by the city "Pune" says nothing finer than the pincode itself.
      if (this.regions.isAreaName(key)) continue;
      let score = grams.has(key) ? key.length : 0;
      if (score === 0 && maxEdits(key.length) > 0) {
        for (const g of grams.keys()) if (editDistance(g, key, maxEdits(key.length)) <= maxEdits(key.length)) score = key.length * 0.8;
      }
      score += idx.importance[id]! * 0.1;
      if (score > bestScore + 1e-9 && score >= 1) {
        best = id;
        bestScore = score;
      }
    }
    const contradicts = region !== null && !this.pinInRegion(pin, region);
    const penalty = contradicts ? CONFIDENCE.regionContradiction : 0;
    if (best >= 0) {
      const m = this.answer(best, components);
      m.confidence = round2(CONFIDENCE.pincodeNamed - penalty);
      return m;
    }
    const bnd = idx.pinBoundary[pin]!;
    const lat = bnd >= 0 ? idx.bndLat[bnd]! : idx.pinLat[pin]!;
    const lon = bnd >= 0 ? idx.bndLon[bnd]! : idx.pinLon[pin]!;
    const area = idx.areas[idx.pinArea[pin]!];
    return {
      latitude: lat, longitude: lon, level: 'pincode', match_level: 'pincode', confidence: round2(CONFIDENCE.pincode - penalty),
      formatted: format(null, area?.district ?? null, area?.state ?? null, idx.pinCode[pin]!), pincode: idx.pinCode[pin]!,
      district: area?.district ?? null, state: area?.state ?? null, components,
    };
  }

  private pinInRegion(pin: number, region: Region): boolean {
    const area = this.idx.pinArea[pin]!;
    if (area === NO_AREA) return true;
    return region.areas ? region.areas.has(area) : this.idx.areas[area]!.state === region.state;
  }

  private fromCandidate(c: Candidate, region: Region | null, all: Candidate[], components: AddressComponents): GeocodeMatch {
    const m = this.answer(c.id, components);
    if (c.role === 'street') m.match_level = 'street';
    // Another part pointing somewhere else (> 4 km) is a disagreement the confidence must show.
    const conflict = all.some((o) => o !== c && !o.agreed && o.score > c.score - 0.15);
    const fromCentre = region ? haversineKm(region.lat, region.lon, m.latitude, m.longitude) : 0;
    m.confidence = placeConfidence(c, region, conflict, fromCentre);
    return m;
  }

  private answer(id: number, components: AddressComponents): GeocodeMatch {
    const idx = this.idx;
    const kind = idx.kind[id]!;
    const area = idx.areas[idx.area[id]!];
    const pincode = idx.pin[id]! >= 0 ? idx.pinCode[idx.pin[id]!]! : null;
    const name = kind === KIND.office ? officePlaceName(idx.name(id)) : idx.name(id);
    return {
      latitude: idx.lat[id]!, longitude: idx.lon[id]!, level: kind === KIND.office ? 'office' : 'locality',
      match_level: kind === KIND.office ? 'office' : kind === KIND.town ? 'town' : 'locality', confidence: 0,
      formatted: format(name, area?.district ?? null, area?.state ?? null, pincode), pincode,
      district: area?.district ?? null, state: area?.state ?? null, components,
    };
  }

  /** Nothing named matched inside the region: its centre, at low confidence, with the pincode of that point. */
  private fallback(region: Region, components: AddressComponents): GeocodeMatch {
    const idx = this.idx;
    const pincode = region.level === 'state' || region.pin < 0 ? null : idx.pinCode[region.pin]!;
    const district = region.level === 'state' ? null : region.pin >= 0 ? (idx.areas[idx.pinArea[region.pin]!]?.district ?? null) : null;
    const confidence = CONFIDENCE.fallback[region.level] - (region.fuzzy ? CONFIDENCE.fuzzyRegion : 0);
    return {
      latitude: region.lat, longitude: region.lon, level: region.level === 'state' ? 'state' : 'district', match_level: region.level,
      confidence: round2(confidence), formatted: format(region.level === 'state' ? null : region.label, district, region.state, pincode),
      pincode, district, state: region.state, components,
    };
  }
}

function format(place: string | null, district: string | null, state: string | null, pincode: string | null): string {
  const tail = `${state ?? ''} ${pincode ?? ''}`.trim();
  return [place, district !== place ? district : null, tail].filter(Boolean).join(', ');
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

