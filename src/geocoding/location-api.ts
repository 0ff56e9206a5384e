// The in-process location API other modules (checkout) use; implemented by the geocoding module.
import type { RequestHead } from '../http/request.ts';

/** Postal-directory facts for one pincode. */
export interface PincodeInfo {
  pincode: string;
  state: string | null;
  district: string | null;
  division: string | null;
  /** True when at least one office of the pincode delivers. */
  delivery: boolean;
  offices: Array<{ name: string; type: string; delivery: boolean }>;
  /** The town or city its addresses are written with (pincode-city.ts), null when no town lies within reach. */
  city: string | null;
  /** A representative point (its foremost post office inside the pincode polygon, else a point inside it). */
  latitude: number | null;
  longitude: number | null;
}

/** A pincode's facts without its offices and point: what checkout reads, from memory (no gazetteer read). */
export type PincodeFacts = Pick<PincodeInfo, 'pincode' | 'state' | 'district' | 'division' | 'delivery'>;

/** Result of geocoding an address. */
export interface GeocodeResult {
  geopin: string;
  latitude: number;
  longitude: number;
  /** 0..1; higher when a finer level (office/locality) matched. */
  confidence: number;
  /** Which level matched: office, locality, pincode, district, state. */
  level: 'office' | 'locality' | 'pincode' | 'district' | 'state';
  /** Typed fields that disagree with the place the rest of the address names (pincode_mismatch, city_mismatch, state_mismatch). */
  warnings?: string[];
  /** For each warning, the value the rest of the address points to. */
  suggestions?: { pincode?: string; city?: string; state?: string };
}

/** Administrative answer for a point. */
export interface LocationInfo {
  state: string | null;
  district: string | null;
  division: string | null;
  locality: string | null;
  pincode: string;
  delivery: boolean;
}

export interface AddressInput {
  address: string;
  city?: string;
  state?: string;
  pincode?: string;
  country?: string;
}

export interface LocationApi {
  /** Null when the pincode is not in the postal directory. */
  pincodeInfo(pincode: string): PincodeInfo | null;
  /** pincodeInfo without the office list and point; null likewise. */
  pincodeFacts(pincode: string): PincodeFacts | null;
  /** Null when nothing in the address could be placed. */
  geocode(address: AddressInput): GeocodeResult | null;
  /** Null when the point is outside every pincode boundary. */
  lookup(lat: number, lon: number): LocationInfo | null;
}

/**
 * What a keyed batch route asks of its caller's grant (the platform's api key gate provides it): a batch of `items`
 * counts as that many requests against the key's burst limit and quota; 429 when it has not that many left.
 */
export interface BatchPayer {
  charge(items: number, head: RequestHead): void | Promise<void>;
}
