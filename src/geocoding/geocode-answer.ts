// Builds geocode answers from what matched: a place entry, a pincode's own point, or a region's centre.
import type { AddressComponents } from './address-parser.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import { shownPlaceName } from './shown-names.ts';
import type { Region } from './regions.ts';
import { CONFIDENCE } from './confidence.ts';

/** The coarse level of the API's `level` field (kept to its five documented values). */
export type MatchLevel = 'office' | 'locality' | 'pincode' | 'district' | 'state';
/**
 * What exactly matched: the point the address gave (a DIGIPIN, coordinates), a post office, a locality, a town, a
 * landmark, a street-named office, the pincode, or only a region.
 */
export type MatchPrecision =
  'point' | 'office' | 'locality' | 'town' | 'landmark' | 'street' | 'pincode' | 'city' | 'district' | 'state';
/** What the address says that disagrees with the answer. */
export type Warning = 'pincode_mismatch' | 'city_mismatch' | 'state_mismatch';

export interface GeocodeMatch {
  latitude: number;
  longitude: number;
  level: MatchLevel;
  /** Finer than `level`: "city" when only the city was found, "town", "landmark", "street". */
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
  /** Fields of the address that disagree with the rest of it (empty when all agree). */
  warnings: Warning[];
  /** For each warning, the value the rest of the address points to ("did you mean 110024?"). */
  suggestions: { pincode?: string; city?: string; state?: string };
}

/** The answer for place entry `id` (confidence set by the caller). */
export function entryAnswer(idx: PlaceIndex, id: number, components: AddressComponents): GeocodeMatch {
  const kind = idx.kind[id]!;
  const area = idx.areas[idx.area[id]!];
  const pincode = idx.pin[id]! >= 0 ? idx.pinCode[idx.pin[id]!]! : null;
  const name = shownPlaceName(idx.name(id), kind === KIND.office);
  const precision =
    kind === KIND.office ? 'office' : kind === KIND.town ? 'town' : kind === KIND.landmark ? 'landmark' : 'locality';
  return {
    latitude: idx.lat[id]!,
    longitude: idx.lon[id]!,
    level: kind === KIND.office ? 'office' : 'locality',
    match_level: precision,
    confidence: 0,
    formatted: format(name, area?.district ?? null, area?.state ?? null, pincode),
    pincode,
    district: area?.district ?? null,
    state: area?.state ?? null,
    components,
    warnings: [],
    suggestions: {},
  };
}

/** A pincode's own point (its foremost post office, inside its polygon). */
export function pincodeAnswer(
  idx: PlaceIndex,
  pin: number,
  confidence: number,
  components: AddressComponents,
): GeocodeMatch {
  const area = idx.areas[idx.pinArea[pin]!];
  const [latitude, longitude] = idx.pinPoint(pin);
  return {
    latitude,
    longitude,
    level: 'pincode',
    match_level: 'pincode',
    confidence: round2(confidence),
    formatted: format(null, area?.district ?? null, area?.state ?? null, idx.pinCode[pin]!),
    pincode: idx.pinCode[pin]!,
    district: area?.district ?? null,
    state: area?.state ?? null,
    components,
    warnings: [],
    suggestions: {},
  };
}

/** Nothing named matched inside the region: its centre, at low confidence, with the pincode of that point. */
export function regionAnswer(idx: PlaceIndex, region: Region, components: AddressComponents): GeocodeMatch {
  const pincode = region.level === 'state' || region.pin < 0 ? null : idx.pinCode[region.pin]!;
  const district =
    region.level === 'state' ? null : region.pin >= 0 ? (idx.areas[idx.pinArea[region.pin]!]?.district ?? null) : null;
  const confidence = CONFIDENCE.fallback[region.level] - (region.fuzzy ? CONFIDENCE.fuzzyRegion : 0);
  return {
    latitude: region.lat,
    longitude: region.lon,
    level: region.level === 'state' ? 'state' : 'district',
    match_level: region.level,
    confidence: round2(confidence),
    formatted: format(region.level === 'state' ? null : region.label, district, region.state, pincode),
    pincode,
    district,
    state: region.state,
    components,
    warnings: [],
    suggestions: {},
  };
}

function format(place: string | null, district: string | null, state: string | null, pincode: string | null): string {
  const tail = `${state ?? ''} ${pincode ?? ''}`.trim();
  return [place, district !== place ? district : null, tail].filter(Boolean).join(', ');
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
