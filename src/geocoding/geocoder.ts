// Address -> point: pincode first, then office/locality names, then district, then state (algorithm in the README).
import type { AddressInput } from './location-api.ts';
import type { AreaRow, PincodeRow } from './dataset.ts';
import type { Gazetteer } from './gazetteer.ts';
import { addressSegments, compactKey, compactNgrams, extractPincode, officeNameTokens, officePlaceName } from './normalise.ts';

export type MatchLevel = 'office' | 'locality' | 'pincode' | 'district' | 'state';

/** Confidence per level; an office whose directory point is not inside its own pincode polygon gets the pincode point. */
export const CONFIDENCE = {
  officeVerified: 0.95,
  locality: 0.9,
  officeUnverified: 0.85,
  pincode: 0.75,
  placeInDistrict: 0.8,
  placeInState: 0.7,
  placeUnique: 0.6,
  district: 0.5,
  state: 0.3,
  /** Subtracted when the given state contradicts the pincode's. */
  statePenalty: 0.15,
} as const;

/** Shortest place name matched without a pincode; "Ram" or "Pur" inside an address is noise, not a place. */
const MIN_PLACE_KEY = 4;

export interface GeocodeMatch {
  latitude: number;
  longitude: number;
  level: MatchLevel;
  confidence: number;
  /** What matched, formatted: "Indiranagar, Bengaluru Urban, Karnataka 560038". */
  formatted: string;
  pincode: string | null;
  district: string | null;
  state: string | null;
}

export class Geocoder {
  constructor(private readonly gaz: Gazetteer) {}

  /**
   * 1. Pincode: the `pincode` field, else the first 6-digit pincode in address + city ("560 038" too).
   * 2. With a known pincode: an office or the locality of that pincode named in the address (landmark text
   *    after "near"/"opp." dropped) gives an office point verified inside the pincode polygon, else the
   *    polygon's inside point; nothing named gives the pincode point itself.
   * 3. Without one: a locality/office name unique within the city's district (or the state, or India).
   * 4. Then the district named by the city or the address, then the state. Null when nothing matches.
   */
  geocode(input: AddressInput): GeocodeMatch | null {
    const where = [input.address, input.city ?? ''].join(', ');
    const pincode = extractPincode(input.pincode ?? '') ?? extractPincode(where);
    const grams = compactNgrams(addressSegments(where));
    const state = this.gaz.stateByText(input.state) ?? this.stateIn(grams);
    const pin = pincode === null ? undefined : this.gaz.data.pincodes.get(pincode);
    if (pin && pin.lat !== null && pin.lon !== null) {
      const match = this.withinPincode(pin, new Set(grams));
      if (state && pin.state && state.state !== pin.state) match.confidence = round2(match.confidence - CONFIDENCE.statePenalty);
      return match;
    }
    const district = this.districtIn(input.city ? [compactKey(input.city), ...grams] : grams, state);
    // A city names a district loosely ("Mumbai" for Andheri in Mumbai Suburban), so retry within the state.
    const place = this.byPlaceName(grams, district, state) ?? (district ? this.byPlaceName(grams, null, state) : null);
    return place ?? (district ? areaMatch(district, 'district') : null) ?? (state ? areaMatch(state, 'state') : null);
  }

  /** The best office or locality of the pincode named in the address; else the pincode's own point. */
  private withinPincode(pin: PincodeRow, grams: Set<string>): GeocodeMatch {
    const { offices, boundaries } = this.gaz.data;
    let best = -1;
    let bestKey = '';
    for (let i = pin.officeStart; i < pin.officeEnd; i++) {
      const key = officeNameTokens(offices.name[i]!).join('');
      // "Pune H.O" matched by the city "Pune" says nothing finer than the pincode itself.
      if (!grams.has(key) || key.length < bestKey.length || this.gaz.isAreaName(key)) continue;
      // Among equal names prefer a verified point, then a delivery office.
      if (key.length === bestKey.length && best >= 0 && offices.verified[best]! + offices.delivery[best]! >= offices.verified[i]! + offices.delivery[i]!) continue;
      best = i;
      bestKey = key;
    }
    const locality = pin.boundaryId === null ? null : boundaries.locality[pin.boundaryId];
    const base = { pincode: pin.pincode, district: pin.district, state: pin.state };
    if (best >= 0 && offices.verified[best] === 1) {
      const name = officePlaceName(offices.name[best]!);
      return { ...base, latitude: offices.lat[best]!, longitude: offices.lon[best]!, level: 'office', confidence: CONFIDENCE.officeVerified, formatted: format(name, pin) };
    }
    const localityKey = locality ? compactKey(locality) : '';
    if (locality && grams.has(localityKey) && !this.gaz.isAreaName(localityKey) && localityKey.length >= bestKey.length) {
      const id = pin.boundaryId!;
      return { ...base, latitude: boundaries.insideLat[id]!, longitude: boundaries.insideLon[id]!, level: 'locality', confidence: CONFIDENCE.locality, formatted: format(locality, pin) };
    }
    if (best >= 0) {
      const name = officePlaceName(offices.name[best]!);
      return { ...base, latitude: pin.lat!, longitude: pin.lon!, level: 'office', confidence: CONFIDENCE.officeUnverified, formatted: format(name, pin) };
    }
    return { ...base, latitude: pin.lat!, longitude: pin.lon!, level: 'pincode', confidence: CONFIDENCE.pincode, formatted: format(null, pin) };
  }

  /** A locality/office named in the address, narrowed by the district and state when known. */
  private byPlaceName(grams: string[], district: AreaRow | null, state: AreaRow | null): GeocodeMatch | null {
    const idx = this.gaz.index;
    for (const gram of grams) {
      if (gram.length < MIN_PLACE_KEY || /^\d+$/.test(gram) || this.gaz.isAreaName(gram)) continue;
      const ids = (this.gaz.places.get(gram) ?? []).filter(
        (id) => (!state || idx.state[id] === state.state) && (!district || idx.district[id] === district.district),
      );
      if (ids.length === 0) continue;
      const districts = new Set(ids.map((id) => `${idx.state[id]}|${idx.district[id]}`));
      const confidence = district ? CONFIDENCE.placeInDistrict : state ? CONFIDENCE.placeInState : CONFIDENCE.placeUnique;
      // Without a district the name must point into one district; otherwise the name alone is a guess.
      if (!district && districts.size > 1) continue;
      const id = ids.reduce((a, b) => (idx.prior[b]! > idx.prior[a]! ? b : a));
      const level: MatchLevel = idx.kind[id] === 'locality' ? 'locality' : 'office';
      const name = level === 'office' ? officePlaceName(idx.name[id]!) : idx.name[id]!;
      return {
        latitude: idx.lat[id]!, longitude: idx.lon[id]!, level, confidence,
        formatted: [name, idx.district[id], `${idx.state[id] ?? ''} ${idx.pincode[id] ?? ''}`.trim()].filter(Boolean).join(', '),
        pincode: idx.pincode[id]!, district: idx.district[id]!, state: idx.state[id]!,
      };
    }
    return null;
  }

  private districtIn(keys: string[], state: AreaRow | null): AreaRow | null {
    for (const key of keys) {
      const rows = this.gaz.districts.get(key);
      if (!rows) continue;
      const row = state ? rows.find((r) => r.state === state.state) : rows.length === 1 ? rows[0] : undefined;
      if (row) return row;
    }
    return null;
  }

  private stateIn(grams: string[]): AreaRow | null {
    for (const gram of grams) {
      const row = this.gaz.states.get(gram);
      if (row) return row;
    }
    return null;
  }
}

function areaMatch(row: AreaRow, level: 'district' | 'state'): GeocodeMatch {
  return {
    latitude: row.lat, longitude: row.lon, level, confidence: level === 'district' ? CONFIDENCE.district : CONFIDENCE.state,
    formatted: level === 'district' ? `${row.district}, ${row.state}` : row.state,
    pincode: null, district: row.district, state: row.state,
  };
}

function format(place: string | null, pin: PincodeRow): string {
  return [place, pin.district, `${pin.state ?? ''} ${pin.pincode}`.trim()].filter(Boolean).join(', ');
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
